import { type FormEvent, useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { FormDialog } from "../../../components/ui/FormDialog";
import { TextArea } from "../../../components/ui/TextField";
import type { ImplementRejectionReason } from "../../../gql/graphql";
import { LIMITS, MESSAGES, REJECTION_REASONS } from "../utils/rules";
import styles from "./RejectDialog.module.css";
import { useFormAction } from "../../../lib/use-form-action";

export interface RejectDialogProps {
  open: boolean;
  permanent: boolean;
  applicantName: string;
  onClose: () => void;
  /** Sends the rejection; rejects with the server's reason when it is refused. */
  onConfirm: (reason: ImplementRejectionReason, otherReason: string | null) => Promise<void>;
}

/** Reject or Reject permanently: a reason is required (a listed one, or Other with text). */
export function RejectDialog({ open, permanent, applicantName, onClose, onConfirm }: RejectDialogProps) {
  const [reason, setReason] = useState<ImplementRejectionReason | null>(null);
  const [other, setOther] = useState("");
  const { busy: sending, error: problem, run, fail, reset } = useFormAction();

  function clear() {
    setReason(null);
    setOther("");
    reset();
    onClose();
  }

  function close() {
    if (!sending) clear();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) return fail(MESSAGES.rejectReasonRequired);
    if (reason === "OTHER" && !other.trim()) return fail(MESSAGES.otherReasonRequired);
    const sent = await run(async () => {
      await onConfirm(reason, reason === "OTHER" ? other.trim() : null);
      return true;
    });
    if (sent) clear();
  }

  const action = permanent ? "Reject permanently" : "Reject";
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={
        <>
          {action}: <span dir="auto">{applicantName}</span>
        </>
      }
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
    >
      {problem && <Alert variant="danger">{problem}</Alert>}
      <fieldset className={styles.reasons}>
        <legend>Reason for rejection</legend>
        {REJECTION_REASONS.map((r) => (
          <label key={r.value} className={styles.radio}>
            <input
              type="radio"
              name="reason"
              value={r.value}
              checked={reason === r.value}
              onChange={() => {
                setReason(r.value);
                reset();
              }}
            />
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
            reset();
          }}
          autoFocus
          required
        />
      )}
    </FormDialog>
  );
}
