import { useMutation } from "@apollo/client/react";
import { useState } from "react";
import { Alert } from "../../../components/ui/Alert";
import { Avatar } from "../../../components/ui/Avatar";
import { Badge } from "../../../components/ui/Badge";
import { Button, ButtonLink } from "../../../components/ui/Button";
import {
  type ImplementRejectionReason,
  type MyImplementPostsQuery,
  AcceptImplementApplicantDocument,
  RejectImplementApplicantDocument,
  RejectImplementApplicantPermanentlyDocument,
} from "../../../gql/graphql";
import { cx } from "../../../lib/cx";
import { STATUS_LABEL, STATUS_TONE } from "../utils/rules";
import { RejectDialog } from "./RejectDialog";
import styles from "./ApplicantRow.module.css";
import parts from "./implements.module.css";
import { paths } from "../../../lib/paths";
import { useFormAction } from "../../../lib/use-form-action";

type Applicant = MyImplementPostsQuery["myImplementPosts"]["edges"][number]["node"]["applicants"]["edges"][number]["node"];

/** Reasons longer than this start folded to a few lines, with Show more. */
const FOLD_AFTER_CHARS = 280;

/** One applicant on Your Problems: name, reason to join, status, and the owner's decisions. */
export function ApplicantRow({ postId, applicant }: { postId: string; applicant: Applicant }) {
  const { status } = applicant;
  const input = { postId, userId: applicant.userId };
  const [accept] = useMutation(AcceptImplementApplicantDocument);
  const [reject] = useMutation(RejectImplementApplicantDocument);
  const [rejectForever] = useMutation(RejectImplementApplicantPermanentlyDocument);
  const [dialog, setDialog] = useState<null | "once" | "permanent">(null);
  const accepting = useFormAction();
  const [expanded, setExpanded] = useState(false);
  const name = applicant.user.name || applicant.userName;
  const foldable = applicant.description.length > FOLD_AFTER_CHARS;
  const textId = `applicant-${postId}-${applicant.userId}`;

  const onAccept = () => accepting.run(() => accept({ variables: { input } }));

  async function onReject(reason: ImplementRejectionReason, otherReason: string | null): Promise<void> {
    const send = dialog === "permanent" ? rejectForever : reject;
    await send({ variables: { input: { ...input, reason, otherReason } } });
  }

  return (
    <li className={styles.applicant} aria-label={name}>
      <Avatar name={name} image={applicant.user.image} size={40} />
      <div>
        <div className={parts.cardTop}>
          <p className={styles.applicantName} dir="auto">
            {name}
          </p>
          <Badge tone={STATUS_TONE[status]}>{STATUS_LABEL[status]}</Badge>
        </div>
        <p id={textId} className={cx(styles.applicantText, foldable && !expanded && styles.folded)} dir="auto">
          {applicant.description}
        </p>
        {foldable && (
          <button
            type="button"
            className={styles.more}
            aria-expanded={expanded}
            aria-controls={textId}
            onClick={() => setExpanded(!expanded)}
          >
            {expanded ? "Show less" : "Show more"}
          </button>
        )}
        {applicant.reason && (
          <p className={styles.reason}>
            Reason: <span dir="auto">{applicant.reason}</span>
          </p>
        )}
        {status !== "REJECTED_PERMANENTLY" && (
          <div className={styles.rowActions}>
            {status !== "ACCEPTED" && (
              <Button size="sm" onClick={onAccept} loading={accepting.busy} loadingText="Accepting...">
                Accept
              </Button>
            )}
            {status === "ACCEPTED" && (
              <ButtonLink size="sm" variant="secondary" to={paths.chat(applicant.userId)}>
                Open chat
              </ButtonLink>
            )}
            {status !== "REJECTED" && (
              <Button size="sm" variant="secondary" onClick={() => setDialog("once")}>
                Reject
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => setDialog("permanent")}>
              Reject permanently
            </Button>
          </div>
        )}
        {accepting.error && (
          <Alert variant="danger" className={parts.rowAlert} onDismiss={accepting.reset}>
            {accepting.error}
          </Alert>
        )}
      </div>
      <RejectDialog
        open={dialog !== null}
        permanent={dialog === "permanent"}
        applicantName={name}
        onClose={() => setDialog(null)}
        onConfirm={onReject}
      />
    </li>
  );
}
