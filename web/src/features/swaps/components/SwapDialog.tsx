import { useMutation, useQuery } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Select } from "../../../components/ui/Select";
import { RequestSwapDocument, SwapFormDocument } from "../../../gql/graphql";
import { pick, SWAP_TEXT } from "../utils/skills";
import { SkillOptionGroups } from "./SkillOptionGroups";
import { type RequestDialogProps, RequestFormDialog } from "./RequestFormDialog";
import { useFormAction } from "../../../lib/use-form-action";

/** Swap popup: one of my skills to teach, one of theirs to learn; Submit and Cancel. */
export function SwapDialog({ open, onClose, userId, userName, onSent }: RequestDialogProps) {
  const form = useQuery(SwapFormDocument, { variables: { userId }, skip: !open, fetchPolicy: "network-only" });
  const [send] = useMutation(RequestSwapDocument);
  const [teach, setTeach] = useState("");
  const [learn, setLearn] = useState("");
  const { busy, error, run, fail, reset } = useFormAction();
  // A choice changed: the message about the last Submit no longer describes the form.
  const edit = (set: (value: string) => void, value: string) => {
    set(value);
    if (error) reset();
  };
  const options = form.data?.swapForm;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const preachSkill = pick(options?.preachSkills, teach);
    const learnSkill = pick(options?.learnSkills, learn);
    if (!preachSkill || !learnSkill) {
      fail(SWAP_TEXT.selectSkills);
      return;
    }
    await run(async () => {
      await send({ variables: { input: { receiverId: userId, preachSkill, learnSkill } } });
      onSent(SWAP_TEXT.swapSent(userName));
    });
  }

  return (
    <RequestFormDialog
      open={open}
      onClose={onClose}
      title={
        <>
          Swap skills with <span dir="auto">{userName}</span>
        </>
      }
      description="Teach one of your skills and learn one of theirs in return."
      onSubmit={onSubmit}
      sending={busy}
      options={options}
      loadError={form.error}
      error={error}
    >
      {(options) => (
        <>
          <Select
            label="Skill you will teach"
            placeholder="Select one of your skills"
            value={teach}
            onChange={(e) => edit(setTeach, e.target.value)}
            hint={options.preachSkills.length === 0 ? "Add skills you know on your profile first." : undefined}
            autoFocus
          >
            <SkillOptionGroups skills={options.preachSkills} />
          </Select>
          <Select
            label={`Skill you want to learn from ${userName}`}
            placeholder="Select one of their skills"
            value={learn}
            onChange={(e) => edit(setLearn, e.target.value)}
            hint={options.learnSkills.length === 0 ? `${userName} has not listed any skills yet.` : undefined}
          >
            <SkillOptionGroups skills={options.learnSkills} />
          </Select>
        </>
      )}
    </RequestFormDialog>
  );
}
