import { type FormEvent, useState } from "react";
import { MAX_REPORT_DETAILS_CHARS, ReportReason as REPORT_REASON_TEXT } from "../../../../../common/chat";
import { Alert } from "../../../components/ui/Alert";
import { FormDialog } from "../../../components/ui/FormDialog";
import { TextArea } from "../../../components/ui/TextField";
import type { ReportReason } from "../../../gql/graphql";
import { useFormAction } from "../../../lib/use-form-action";
import { TEXTS } from "../utils/chat-rules";
import styles from "./ReportDialog.module.css";

interface ReportDialogProps {
  partnerName: string;
  onClose: () => void;
  onReport: (reason: ReportReason, details: string | null) => Promise<void>;
}

/** The reasons in the spec's order, each with its text; typed so a reason the schema adds or drops is a compile error. */
const REASON_TEXT: Record<ReportReason, string> = REPORT_REASON_TEXT;
const REASONS = Object.keys(REASON_TEXT) as ReportReason[];

/** Report the partner: a reason (Other with its text). Ends the chat for good, without reward. */
export function ReportDialog({ partnerName, onClose, onReport }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const { error, fail, busy, run } = useFormAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return fail(TEXTS.reasonMissing);
    if (reason === "OTHER" && !details.trim()) return fail(TEXTS.otherMissing);
    await run(() => onReport(reason, reason === "OTHER" ? details.trim() : null));
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      role="alertdialog"
      title={
        <>
          Report <span dir="auto">{partnerName}</span>
        </>
      }
      description="The chat ends for good: held skill coins go back to the learner, nobody is rewarded, and you will not see each other again."
      onSubmit={submit}
      submitLabel="Report"
      submitVariant="danger"
      busy={busy}
      busyLabel="Reporting..."
    >
      <fieldset className={styles.reasons}>
        <legend className={styles.legend}>Reason</legend>
        {REASONS.map((r) => (
          <label key={r} className={styles.reason}>
            <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
            <span>{REASON_TEXT[r]}</span>
          </label>
        ))}
      </fieldset>
      {reason === "OTHER" && (
        <TextArea
          label="Tell us what happened"
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          rows={3}
          maxLength={MAX_REPORT_DETAILS_CHARS}
          autoFocus
          required
        />
      )}
      {error && <Alert variant="danger">{error}</Alert>}
    </FormDialog>
  );
}
