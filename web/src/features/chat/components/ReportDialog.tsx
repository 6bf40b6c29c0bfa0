import { type FormEvent, useId, useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { Button } from "../../../components/ui/Button";
import { Dialog } from "../../../components/ui/Dialog";
import { TextArea } from "../../../components/ui/TextField";
import { REPORT_REASONS, type ReportReason, TEXTS } from "../utils/chat-rules";
import { actionMessage } from "../utils/errors";
import styles from "./Chat.module.css";

interface ReportDialogProps {
  partnerName: string;
  onClose: () => void;
  onReport: (reason: ReportReason, details: string | null) => Promise<void>;
}

/** Report the partner: a reason (Other with its text). Ends the chat for good, without reward. */
export function ReportDialog({ partnerName, onClose, onReport }: ReportDialogProps) {
  const formId = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return setError(TEXTS.reasonMissing);
    if (reason === "Other" && !details.trim()) return setError(TEXTS.otherMissing);
    setSaving(true);
    setError(null);
    try {
      await onReport(reason, reason === "Other" ? details.trim() : null);
    } catch (e) {
      setError(actionMessage(e));
      setSaving(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      role="alertdialog"
      title={`Report ${partnerName}`}
      description="The chat ends for good: held skill coins go back to the learner, nobody is rewarded, and you will not see each other again."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={saving} loadingText="Reporting...">
            Report
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className={styles.dialogForm} noValidate>
        <fieldset className={styles.reasons}>
          <legend className={styles.legend}>Reason</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className={styles.reason}>
              <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
              <span>{r}</span>
            </label>
          ))}
        </fieldset>
        {reason === "Other" && (
          <TextArea label="Tell us what happened" value={details} onChange={(e) => setDetails(e.target.value)} rows={3} maxLength={500} autoFocus required />
        )}
        {error && <Alert variant="danger">{error}</Alert>}
      </form>
    </Dialog>
  );
}
