import { useMutation } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { MAX_REPORT_DETAILS_CHARS, ReportReason as REPORT_REASON_TEXT } from "../../../../../common/chat";
import { Alert } from "../../../components/ui/Alert";
import { FormDialog } from "../../../components/ui/FormDialog";
import { TextArea } from "../../../components/ui/TextField";
import { type ReportReason, ReportReviewDocument } from "../../../gql/graphql";
import { useFormAction } from "../../../lib/use-form-action";
import styles from "./Reviews.module.css";

const REASON_TEXT: Record<ReportReason, string> = REPORT_REASON_TEXT;
const REASONS = Object.keys(REASON_TEXT) as ReportReason[];

/** Report a review about oneself: it goes to the moderators, who may hide it. */
export interface ReportReviewDialogProps {
  reviewId: string;
  authorName: string;
  onClose: () => void;
  /** After the report is stored (the dialog closes; the page answers). */
  onReported: () => void;
}

export function ReportReviewDialog({ reviewId, authorName, onClose, onReported }: ReportReviewDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState("");
  const [report] = useMutation(ReportReviewDocument);
  const { error, fail, busy, run } = useFormAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return fail("Please choose a reason");
    if (reason === "OTHER" && !details.trim()) return fail("Please tell us what is wrong with this review");
    const done = await run(() => report({ variables: { id: reviewId, reason, details: details.trim() || null } }));
    if (!done) return;
    onClose();
    onReported();
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      title={
        <>
          Report <span dir="auto">{authorName}</span>&apos;s review
        </>
      }
      description="The moderators read the review and your chat, and may hide the review. It stays on your profile until then."
      onSubmit={(e) => void submit(e)}
      submitLabel="Report review"
      submitVariant="danger"
      busy={busy}
      busyLabel="Reporting..."
    >
      <fieldset className={styles.form}>
        <legend>Reason</legend>
        {REASONS.map((r) => (
          <label key={r}>
            <input type="radio" name="review-report-reason" value={r} checked={reason === r} onChange={() => setReason(r)} />{" "}
            {REASON_TEXT[r]}
          </label>
        ))}
      </fieldset>
      <TextArea
        label={reason === "OTHER" ? "What is wrong with this review?" : "Anything to add (optional)"}
        value={details}
        onChange={(e) => setDetails(e.target.value)}
        rows={3}
        maxLength={MAX_REPORT_DETAILS_CHARS}
      />
      {error && <Alert variant="danger">{error}</Alert>}
    </FormDialog>
  );
}
