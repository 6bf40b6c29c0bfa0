import { useMutation, useQuery } from "@apollo/client/react";
import { type FormEvent, useState } from "react";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { Alert } from "../../../components/ui/Alert";
import { Badge } from "../../../components/ui/Badge";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { EmptyState } from "../../../components/ui/EmptyState";
import { FormDialog } from "../../../components/ui/FormDialog";
import { LoadError } from "../../../components/ui/LoadError";
import { Spinner } from "../../../components/ui/Spinner";
import { TextArea } from "../../../components/ui/TextField";
import {
  DismissReviewReportDocument,
  HideReviewDocument,
  type ModerationReportStatus,
  ModerationReviewEvidenceDocument,
  ModerationReviewReportsDocument,
  type ModerationReviewReportsQuery,
} from "../../../gql/graphql";
import { nodesOf } from "../../../lib/connection";
import { formatDate } from "../../../lib/format-date";
import { useActionFeedback } from "../../../lib/use-action-feedback";
import { useFormAction } from "../../../lib/use-form-action";
import { ChatEvidence } from "./ChatEvidence";
import styles from "./ReportCard.module.css";
import section from "./ModerationSection.module.css";

type Item = ModerationReviewReportsQuery["moderationReviewReports"]["edges"][number]["node"];
type Decision = { kind: "hide" | "dismiss"; item: Item };

/** Reported written reviews: the review, who wrote it, who reported it, the chat's messages, and hide or dismiss (audited). */
export function ReviewReportsSection({ status, onActed }: { status: ModerationReportStatus; onActed: () => void }) {
  const { data, error, loading, refetch } = useQuery(ModerationReviewReportsDocument, {
    variables: { status },
    fetchPolicy: "cache-and-network",
  });
  const [decision, setDecision] = useState<Decision | null>(null);
  // The decision's answer, at the bottom of the screen (the report leaves the open list).
  const answer = useActionFeedback();
  const decide = (d: Decision) => {
    answer.clear();
    setDecision(d);
  };
  const items = nodesOf(data?.moderationReviewReports) as Item[];
  return (
    <section aria-labelledby="review-reports-title" className={section.section}>
      <h2 id="review-reports-title" className={section.sectionTitle}>
        Reported reviews
      </h2>
      {!data && loading ? (
        <Spinner showLabel label="Loading reported reviews..." />
      ) : !data && error ? (
        <LoadError message="The reported reviews could not be loaded." onRetry={() => void refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          title={status === "OPEN" ? "No open review reports" : "No resolved review reports yet"}
          description="Reviews that students report from their profile appear here."
        />
      ) : (
        items.map((item) => <ReviewReportCard key={item.id} item={item} onDecide={decide} />)
      )}
      {decision && (
        <DecisionDialog
          decision={decision}
          onClose={() => setDecision(null)}
          onDone={() => {
            const author = decision.item.author?.name ?? "a former student";
            answer.show({
              variant: "success",
              text: decision.kind === "hide" ? `${author}'s review is hidden.` : "Review report dismissed. The review stays shown.",
            });
            setDecision(null);
            void refetch();
            onActed();
          }}
        />
      )}
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </section>
  );
}

function ReviewReportCard({ item, onDecide }: { item: Item; onDecide: (d: Decision) => void }) {
  const [showEvidence, setShowEvidence] = useState(false);
  const author = item.author?.name ?? "a former student";
  const open = !item.resolvedAt;
  return (
    <Card as="article" padding="md" className={styles.report} aria-label={`Reported review by ${author}`}>
      <header className={styles.reportHead}>
        <div className={styles.badges}>
          <Badge tone="accent">{item.reason}</Badge>
          {item.resolution && <Badge tone="success">Resolved: {item.resolution === "HIDDEN" ? "hidden" : "dismissed"}</Badge>}
        </div>
        <time className={styles.muted} dateTime={item.createdAt}>
          {formatDate(item.createdAt, "dateTime")}
        </time>
      </header>
      {item.details && (
        <p className={styles.details} dir="auto">
          “{item.details}”
        </p>
      )}
      <dl className={styles.parties}>
        <div className={styles.party}>
          <dt>Reporter (reviewed)</dt>
          <dd>{item.reporter?.name ?? "Former student"}</dd>
        </div>
        <div className={styles.party}>
          <dt>Author</dt>
          <dd>{author}</dd>
        </div>
        {item.review && (
          <div className={styles.party}>
            <dt>Review</dt>
            <dd>
              {item.review.stars != null && `${item.review.stars} / 5 · `}
              {item.review.skill && `${item.review.skill} · `}
              shown since <time dateTime={item.review.visibleAt}>{formatDate(item.review.visibleAt)}</time>
              {item.review.hidden && " · hidden"}
            </dd>
          </div>
        )}
      </dl>
      {item.review && (
        <p className={styles.body} dir="auto">
          {item.review.text}
        </p>
      )}
      {item.review?.answer && (
        <p className={styles.muted}>
          Answer: <span dir="auto">{item.review.answer}</span>
        </p>
      )}
      {item.chat && (
        <Button
          variant="ghost"
          size="sm"
          className={styles.evidenceToggle}
          onClick={() => setShowEvidence(!showEvidence)}
          aria-expanded={showEvidence}
        >
          {showEvidence ? "Hide messages" : `Show the chat's messages (${item.chat.messageCount})`}
        </Button>
      )}
      {showEvidence && <Evidence reportId={item.id} reporterId={item.reporter?.id} />}
      {open && item.review && (
        <div className={styles.actions}>
          <Button variant="danger" size="sm" onClick={() => onDecide({ kind: "hide", item })}>
            Hide review
          </Button>
          <Button variant="secondary" size="sm" onClick={() => onDecide({ kind: "dismiss", item })}>
            Dismiss
          </Button>
        </div>
      )}
    </Card>
  );
}

function Evidence({ reportId, reporterId }: { reportId: string; reporterId: string | undefined }) {
  const { data, loading, error } = useQuery(ModerationReviewEvidenceDocument, { variables: { id: reportId }, fetchPolicy: "network-only" });
  return (
    <ChatEvidence loading={loading} error={error} chat={data?.moderationReviewReport.chat} reporterId={reporterId} otherLabel="Author" />
  );
}

function DecisionDialog({ decision, onClose, onDone }: { decision: Decision; onClose: () => void; onDone: () => void }) {
  const [reason, setReason] = useState("");
  const [hide] = useMutation(HideReviewDocument);
  const [dismiss] = useMutation(DismissReviewReportDocument);
  const action = useFormAction();
  const hiding = decision.kind === "hide";
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return action.fail("Please give a reason: it goes into the audit log.");
    const variables = { reportId: decision.item.id, reason: reason.trim() };
    const done = await action.run(async () => {
      if (hiding) await hide({ variables });
      else await dismiss({ variables });
      return true;
    });
    if (done) onDone();
  };
  const author = decision.item.author?.name ?? "a former student";
  return (
    <FormDialog
      open
      onClose={onClose}
      title={hiding ? `Hide ${author}'s review` : "Dismiss the review report"}
      description={hiding ? "The review disappears from the profile for good." : "The report is closed; the review stays shown."}
      onSubmit={(e) => void submit(e)}
      submitLabel={hiding ? "Hide review" : "Dismiss"}
      submitVariant={hiding ? "danger" : "primary"}
      busy={action.busy}
      busyLabel={hiding ? "Hiding..." : "Dismissing..."}
    >
      <TextArea
        label="Reason (goes into the audit log)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        rows={3}
        maxLength={500}
        required
      />
      {action.error && <Alert variant="danger">{action.error}</Alert>}
    </FormDialog>
  );
}
