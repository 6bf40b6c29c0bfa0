import { useMutation } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { TextArea } from "../../../components/ui/TextField";
import { JoinImplementPostDocument } from "../../../gql/graphql";
import { errorCode } from "../../../lib/graphql-errors";
import { useFormAction } from "../../../lib/use-form-action";
import { LIMITS, MESSAGES } from "../utils/rules";
import styles from "./implements.module.css";

/** Join with a reason. `onJoined` runs after the request is stored (or was already there). */
export function JoinForm({ postId, onJoined }: { postId: string; onJoined: () => void }) {
  const [description, setDescription] = useState("");
  const { busy, error: problem, run, fail, reset } = useFormAction();
  const [join] = useMutation(JoinImplementPostDocument);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (!description.trim()) return fail(MESSAGES.joinReasonRequired);
    await run(
      async () => {
        await join({ variables: { input: { postId, description: description.trim() } } });
        onJoined();
      },
      {
        // Already asked (CONFLICT): as good as joined.
        onError: (e) => {
          if (errorCode(e) !== "CONFLICT") return undefined;
          onJoined();
          return null;
        },
      },
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {problem && <Alert variant="danger">{problem}</Alert>}
      <TextArea
        label="Why do you want to join?"
        hint="Tell the owner what you can bring to this project."
        rows={4}
        maxLength={LIMITS.joinReason}
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          reset();
        }}
        required
      />
      <div className={styles.formActions}>
        <Button type="submit" loading={busy} loadingText="Sending...">
          Join
        </Button>
      </div>
    </form>
  );
}
