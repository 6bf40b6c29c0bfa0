import { useMutation } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/Button";
import { TextArea } from "../../../components/ui/TextField";
import { JoinImplementPostDocument } from "../../../gql/graphql";
import { errorCode, errorText } from "../../../lib/graphql-errors";
import { LIMITS, MESSAGES } from "../utils/rules";
import styles from "./implements.module.css";

export interface JoinFormProps {
  postId: string;
  /** After the request is stored (or was already there). */
  onJoined: () => void;
  /** The request starts (the page's last answer goes), or the server refused it (the page shows why). */
  onStart: () => void;
  onFailed: (message: string) => void;
}

/**
 * Join with a reason. A missing reason shows at the field; the server's answer is the page's
 * (the form is gone once the request is sent, and the student may be scrolled far down).
 */
export function JoinForm({ postId, onJoined, onStart, onFailed }: JoinFormProps) {
  const [description, setDescription] = useState("");
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [join] = useMutation(JoinImplementPostDocument);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    onStart();
    if (!description.trim()) return setMissing(true);
    setBusy(true);
    try {
      await join({ variables: { input: { postId, description: description.trim() } } });
      onJoined();
    } catch (e) {
      // Already asked (CONFLICT): as good as joined.
      if (errorCode(e) === "CONFLICT") onJoined();
      else onFailed(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextArea
        label="Why do you want to join?"
        hint="Tell the owner what you can bring to this project."
        rows={4}
        maxLength={LIMITS.joinReason}
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          setMissing(false);
        }}
        error={missing ? MESSAGES.joinReasonRequired : undefined}
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
