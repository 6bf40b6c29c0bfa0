import { useMutation } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { TextArea } from "../../../components/ui/TextField";
import { JoinImplementPostDocument } from "../../../gql/graphql";
import { errorCode } from "../../../lib/graphql-errors";
import { LIMITS, MESSAGES } from "../utils/rules";
import styles from "./implements.module.css";
import { errorText } from "../../../lib/graphql-errors";

/** Join with a reason. `onJoined` runs after the request is stored (or was already there). */
export function JoinForm({ postId, onJoined }: { postId: string; onJoined: () => void }) {
  const [description, setDescription] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [join, { loading }] = useMutation(JoinImplementPostDocument);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    if (!description.trim()) return setProblem(MESSAGES.joinReasonRequired);
    setProblem(null);
    try {
      await join({ variables: { input: { postId, description: description.trim() } } });
      onJoined();
    } catch (e) {
      if (errorCode(e) === "CONFLICT") return onJoined();
      setProblem(errorText(e));
    }
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
          setProblem(null);
        }}
        required
      />
      <div className={styles.formActions}>
        <Button type="submit" loading={loading} loadingText="Sending...">
          Join
        </Button>
      </div>
    </form>
  );
}
