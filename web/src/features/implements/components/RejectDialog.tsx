import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { FormDialog } from "../../../components/ui/FormDialog";
import { TextArea } from "../../../components/ui/TextField";
import type { ImplementRejectionReason } from "../../../gql/graphql";
import { LIMITS, MESSAGES, REJECTION_REASONS } from "../utils/rules";
import styles from "./implements.module.css";

export interface RejectDialogProps {
  open: boolean;
  permanent: boolean;
  applicantName: string;
  onClose: () => void;
  /** Sends the rejection; resolves with an error text to show, or null when done. */
  onConfirm: (reason: ImplementRejectionReason, otherReason: string | null) => Promise<string | null>;
}

/** Reject or Reject permanently: a reason is required (a listed one, or Other with text). */
export function RejectDialog({ open, permanent, applicantName, onClose, onConfirm }: RejectDialogProps) {
  const [reason, setReason] = useState<ImplementRejectionReason | null>(null);
  const [other, setOther] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  function close() {
    if (sending) return;
    setReason(null);
    setOther("");
    setProblem(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return setProblem(MESSAGES.rejectReasonRequired);
    if (reason === "OTHER" && !other.trim()) return setProblem(MESSAGES.otherReasonRequired);
    setSending(true);
    setProblem(null);
    const failure = await onConfirm(reason, reason === "OTHER" ? other.trim() : null);
    setSending(false);
    if (failure) setProblem(failure);
    else close();
  }

  const action = permanent ? "Reject permanently" : "Reject";
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={`${action}: ${applicantName}`}
      description={
        permanent
          ? "They will no longer see this problem, and you will not be able to accept them later."
          : "They will no longer see this problem. You can still accept them later."
      }
      onSubmit={submit}
      submitLabel={action}
      submitVariant="danger"
      busy={sending}
      busyLabel="Rejecting..."
      cancelVariant="ghost"
      cancelDisabled={sending}
      formClassName={styles.dialogBody}
    >
      {problem && <Alert variant="danger">{problem}</Alert>}
      <fieldset className={styles.reasons}>
        <legend>Reason for rejection</legend>
        {REJECTION_REASONS.map((r) => (
          <label key={r.value} className={styles.radio}>
            <input type="radio" name="reason" value={r.value} checked={reason === r.value} onChange={() => {
                setReason(r.value);
                setProblem(null);
              }} />
            {r.label}
          </label>
        ))}
      </fieldset>
      {reason === "OTHER" && (
        <TextArea
          label="Describe the reason"
          rows={3}
          maxLength={LIMITS.rejectReason}
          value={other}
          onChange={(e) => {
            setOther(e.target.value);
            setProblem(null);
          }}
          autoFocus
          required
        />
      )}
    </FormDialog>
  );
}
