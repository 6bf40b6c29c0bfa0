import { useMutation, useQuery } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Select } from "../../../components/ui/Select";
import { RequestSwapDocument, SwapFormDocument } from "../../../gql/graphql";
import { errorText } from "../../../lib/graphql-errors";
import { pick, skillOptions, SWAP_TEXT } from "../utils/skills";
import { type RequestDialogProps, RequestFormDialog } from "./RequestFormDialog";

/** Swap popup: one of my skills to teach, one of theirs to learn; Submit and Cancel. */
export function SwapDialog({ open, onClose, userId, userName, onSent }: RequestDialogProps) {
  const form = useQuery(SwapFormDocument, { variables: { userId }, skip: !open, fetchPolicy: "network-only" });
  const [send, { loading }] = useMutation(RequestSwapDocument);
  const [teach, setTeach] = useState("");
  const [learn, setLearn] = useState("");
  const [error, setError] = useState<string | null>(null);
  const options = form.data?.swapForm;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const preachSkill = pick(options?.preachSkills, teach);
    const learnSkill = pick(options?.learnSkills, learn);
    if (!preachSkill || !learnSkill) {
      setError(SWAP_TEXT.selectSkills);
      return;
    }
    setError(null);
    try {
      await send({ variables: { input: { receiverId: userId, preachSkill, learnSkill } } });
      onSent(SWAP_TEXT.swapSent(userName));
    } catch (e) {
      setError(errorText(e));
    }
  }

  return (
    <RequestFormDialog
      open={open}
      onClose={onClose}
      title={`Swap skills with ${userName}`}
      description="Teach one of your skills and learn one of theirs in return."
      onSubmit={onSubmit}
      sending={loading}
      options={options}
      loadError={form.error}
      error={error}
    >
      {(options) => (
        <>
          <Select
            label="Skill you will teach"
            placeholder="Select one of your skills"
            options={skillOptions(options.preachSkills)}
            value={teach}
            onChange={(e) => setTeach(e.target.value)}
            hint={options.preachSkills.length === 0 ? "Add skills you know on your profile first." : undefined}
            autoFocus
          />
          <Select
            label={`Skill you want to learn from ${userName}`}
            placeholder="Select one of their skills"
            options={skillOptions(options.learnSkills)}
            value={learn}
            onChange={(e) => setLearn(e.target.value)}
            hint={options.learnSkills.length === 0 ? `${userName} has not listed any skills yet.` : undefined}
          />
        </>
      )}
    </RequestFormDialog>
  );
}
