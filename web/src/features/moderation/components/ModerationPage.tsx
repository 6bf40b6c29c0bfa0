import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Navigate } from "react-router";
import { Page } from "../../../components/layouts/Page";
import { ActionFeedback } from "../../../components/ui/ActionFeedback";
import { ButtonLink } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { EmptyState } from "../../../components/ui/EmptyState";
import { ArrowLeftIcon } from "../../../components/ui/icons";
import { LoadError } from "../../../components/ui/LoadError";
import { PageHeader } from "../../../components/ui/PageHeader";
import { FullScreenSpinner } from "../../../components/ui/Spinner";
import { ModerationConsoleDocument, type ModerationReportStatus } from "../../../gql/graphql";
import { nodesOf } from "../../../lib/connection";
import { cx } from "../../../lib/cx";
import { errorCode } from "../../../lib/graphql-errors";
import { ActionDialog, type ModerationAction } from "./ActionDialog";
import { AuditLog } from "./AuditLog";
import styles from "./ModerationPage.module.css";
import section from "./ModerationSection.module.css";
import { ReportCard } from "./ReportCard";
import { ReviewReportsSection } from "./ReviewReportsSection";
import { paths } from "../../../lib/paths";
import { useActionFeedback } from "../../../lib/use-action-feedback";

/** What an operator's action did, said at the bottom of the screen once its dialog closes. */
const DONE: Record<ModerationAction["kind"], (name: string) => string> = {
  dismiss: () => "Report dismissed.",
  warn: (name) => `${name} was warned.`,
  suspend: (name) => `${name} is suspended.`,
  unsuspend: (name) => `${name}'s suspension is lifted.`,
  hide: (name) => `"${name}" is hidden.`,
};

/** The server refused: this student is not an operator (403 on REST, FORBIDDEN on GraphQL). */
function Forbidden({ message }: { message: string }) {
  return (
    <Page width="narrow">
      <title>Forbidden · Skill Exchange</title>
      <EmptyState as="h1" title="403 - Operators only" description={message} />
      <div className={styles.center}>
        <ButtonLink to={paths.dashboard()} variant="primary" startIcon={<ArrowLeftIcon size={16} />}>
          Back to your dashboard
        </ButtonLink>
      </div>
    </Page>
  );
}

/** /moderation: the operators' console (counts, report queue, actions, audit log). */
export function ModerationPage() {
  const [status, setStatus] = useState<ModerationReportStatus>("OPEN");
  const [action, setAction] = useState<ModerationAction | null>(null);
  // The answer to the last action; opening the next one ends it.
  const answer = useActionFeedback();
  const startAction = (next: ModerationAction) => {
    answer.clear();
    setAction(next);
  };
  const { data, error, refetch } = useQuery(ModerationConsoleDocument, { variables: { status }, fetchPolicy: "cache-and-network" });
  const code = errorCode(error);
  if (code === "UNAUTHENTICATED") return <Navigate to={paths.register} replace />;
  if (code === "FORBIDDEN") return <Forbidden message={error?.message ?? "Only operators can open this page."} />;
  if (!data) {
    if (error) {
      return (
        <Page width="narrow">
          <h1 className="visually-hidden">Moderation</h1>
          <LoadError message="The moderation console could not be loaded." onRetry={refetch} />
        </Page>
      );
    }
    return <FullScreenSpinner />;
  }

  const s = data.moderationStats;
  const stats = [
    { label: "Students verified", value: s.studentsVerified },
    { label: "Students not verified", value: s.studentsUnverified },
    { label: "Active chats", value: s.activeChats },
    { label: "Open reports", value: s.openReports },
    { label: "Open review reports", value: s.openReviewReports },
    { label: "Coins in circulation", value: s.coinsInCirculation },
    { label: "Coins in escrow", value: s.coinsInEscrow },
  ];

  return (
    <Page className={styles.page}>
      <title>Moderation · Skill Exchange</title>
      <PageHeader
        eyebrow="Operators"
        title="Moderation"
        description="Reports from students, what you did about them, and the community at a glance."
        back={
          <ButtonLink to={paths.dashboard()} variant="ghost" size="sm" startIcon={<ArrowLeftIcon size={16} />}>
            Back
          </ButtonLink>
        }
      />
      <section aria-labelledby="stats-title">
        <h2 id="stats-title" className="visually-hidden">
          Counts
        </h2>
        <dl className={styles.stats}>
          {stats.map((x) => (
            <Card key={x.label} padding="sm" className={styles.stat}>
              <dt>{x.label}</dt>
              <dd>{x.value.toLocaleString("en-IN")}</dd>
            </Card>
          ))}
        </dl>
      </section>

      <section aria-labelledby="queue-title" className={section.section}>
        <div className={styles.queueHead}>
          <h2 id="queue-title" className={section.sectionTitle}>
            Reports
          </h2>
          <div role="group" aria-label="Which reports" className={styles.filter}>
            {(["OPEN", "RESOLVED"] as const).map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={status === f}
                className={cx(styles.filterButton, status === f && styles.filterOn)}
                onClick={() => setStatus(f)}
              >
                {f === "OPEN" ? "Open" : "Resolved"}
              </button>
            ))}
          </div>
        </div>
        {data.moderationReports.edges.length === 0 ? (
          <EmptyState
            title={status === "OPEN" ? "No open reports" : "No resolved reports yet"}
            description="Reports students make from a chat appear here."
          />
        ) : (
          <div className={styles.reports}>
            {nodesOf(data.moderationReports).map((r) => (
              <ReportCard key={r.id} report={r} onAction={startAction} />
            ))}
          </div>
        )}
      </section>

      <ReviewReportsSection status={status} onActed={() => void refetch()} />

      <AuditLog log={data.moderationAudit} />

      {action && (
        <ActionDialog
          action={action}
          onClose={() => setAction(null)}
          onDone={() => {
            answer.show({ variant: "success", text: DONE[action.kind](action.name) });
            setAction(null);
            void refetch();
          }}
        />
      )}
      <ActionFeedback feedback={answer.feedback} onDismiss={answer.clear} />
    </Page>
  );
}
