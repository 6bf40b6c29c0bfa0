import { useQuery } from "@apollo/client/react";
import { useState } from "react";
import { Badge } from "../../../components/ui/Badge";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { type ModeratedStudentFieldsFragment, type ModerationReportFieldsFragment, ModerationEvidenceDocument } from "../../../gql/graphql";
import { nodesOf } from "../../../lib/connection";
import type { ModerationAction } from "./ActionDialog";
import { REASON_TEXT, RESOLUTION_TEXT } from "../utils/labels";
import { ChatEvidence } from "./ChatEvidence";
import styles from "./ReportCard.module.css";
import { formatDate } from "../../../lib/format-date";

/** The server says whether a suspension is permanent and in force now; the card only words it. */
function standing(s: ModeratedStudentFieldsFragment) {
  if (s.deleted) return "account deleted";
  if (s.suspension?.active) {
    return s.suspension.permanent ? "suspended permanently" : `suspended until ${formatDate(s.suspension.until, "dateTime")}`;
  }
  return s.emailVerified ? null : "address not verified";
}

function Student({ label, student }: { label: string; student: ModeratedStudentFieldsFragment | null | undefined }) {
  const note = student && standing(student);
  return (
    <div className={styles.party}>
      <dt>{label}</dt>
      <dd>
        {student ? (
          <>
            <strong dir="auto">{student.name}</strong> <span className={styles.muted}>{student.email}</span>
            {note && (
              <Badge tone="warning" className={styles.note}>
                {note}
              </Badge>
            )}
          </>
        ) : (
          "Unknown"
        )}
      </dd>
    </div>
  );
}

function escrowText(chat: NonNullable<ModerationReportFieldsFragment["chat"]>): string {
  if (!chat.escrow) return chat.kind === "PAY" ? "No coins held" : "No coins involved (swap)";
  const { coins, state } = chat.escrow;
  if (state === "HELD") return `${coins} coins held in escrow`;
  if (state === "REFUNDED") return `${coins} coins refunded to the learner`;
  return `${coins} coins paid to the teacher`;
}

function Evidence({ reportId, reporterId }: { reportId: string; reporterId: string | undefined }) {
  const { data, loading, error } = useQuery(ModerationEvidenceDocument, { variables: { id: reportId }, fetchPolicy: "network-only" });
  return <ChatEvidence loading={loading} error={error} chat={data?.moderationReport.chat} reporterId={reporterId} otherLabel="Reported" />;
}

/** One report in the queue: who, why, when, the chat's state and ledger state, evidence and actions. */
export function ReportCard({ report, onAction }: { report: ModerationReportFieldsFragment; onAction: (a: ModerationAction) => void }) {
  const [showEvidence, setShowEvidence] = useState(false);
  const reported = report.reported;
  const suspended = !!reported?.suspension?.active;
  const open = !report.resolvedAt;
  const name = reported?.name ?? "this student";
  return (
    <Card as="article" padding="md" className={styles.report} aria-label={`Report about ${name}`}>
      <header className={styles.reportHead}>
        <div className={styles.badges}>
          {report.flagged && <Badge tone="danger">Reported by {report.reportedBy} partners</Badge>}
          <Badge tone="accent">{REASON_TEXT[report.reason]}</Badge>
          {report.resolution && <Badge tone="success">Resolved: {RESOLUTION_TEXT[report.resolution]}</Badge>}
        </div>
        <time className={styles.muted} dateTime={report.createdAt}>
          {formatDate(report.createdAt, "dateTime")}
        </time>
      </header>
      {report.details && (
        <p className={styles.details} dir="auto">
          “{report.details}”
        </p>
      )}
      <dl className={styles.parties}>
        <Student label="Reporter" student={report.reporter} />
        <Student label="Reported" student={reported} />
        {report.chat && (
          <div className={styles.party}>
            <dt>Chat</dt>
            <dd>
              {report.chat.kind.toLowerCase()} · {report.chat.status.replace("_", " ").toLowerCase()} since{" "}
              <time dateTime={report.chat.statusSince}>{formatDate(report.chat.statusSince, "dateTime")}</time> · {report.chat.messageCount}{" "}
              messages · {escrowText(report.chat)}
            </dd>
          </div>
        )}
      </dl>
      {report.chat && (
        <Button
          variant="ghost"
          size="sm"
          className={styles.evidenceToggle}
          onClick={() => setShowEvidence(!showEvidence)}
          aria-expanded={showEvidence}
        >
          {showEvidence ? "Hide messages" : "Show messages"}
        </Button>
      )}
      {showEvidence && <Evidence reportId={report.id} reporterId={report.reporter?.id} />}
      {reported && !reported.deleted && (
        <div className={styles.actions}>
          {open && (
            <Button variant="secondary" size="sm" onClick={() => onAction({ kind: "dismiss", reportId: report.id, name })}>
              Dismiss
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onAction({ kind: "warn", userId: reported.id, name, reportId: open ? report.id : undefined })}
          >
            Warn
          </Button>
          {suspended ? (
            <Button variant="secondary" size="sm" onClick={() => onAction({ kind: "unsuspend", userId: reported.id, name })}>
              Unsuspend
            </Button>
          ) : (
            <Button
              variant="danger"
              size="sm"
              onClick={() => onAction({ kind: "suspend", userId: reported.id, name, reportId: open ? report.id : undefined })}
            >
              Suspend
            </Button>
          )}
          {nodesOf(report.reportedPosts).map((p) => (
            <Button
              key={p.id}
              variant="ghost"
              size="sm"
              className={styles.hidePost}
              onClick={() => onAction({ kind: "hide", postId: p.id, name: p.title, reportId: open ? report.id : undefined })}
            >
              Hide post “{p.title}”
            </Button>
          ))}
        </div>
      )}
    </Card>
  );
}
