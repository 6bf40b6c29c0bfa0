import { Card } from "../../../components/ui/Card";
import type { ModerationConsoleQuery } from "../../../gql/graphql";
import { nodesOf } from "../../../lib/connection";
import styles from "./AuditLog.module.css";
import section from "./ModerationSection.module.css";
import { formatDate } from "../../../lib/format-date";
import { ACTION_TEXT } from "../utils/labels";

/** "until <ISO date>" as a person reads it. */
function describeDetails(details: string): string {
  const until = /^until (.+)$/.exec(details);
  return until && !Number.isNaN(Date.parse(until[1])) ? `until ${formatDate(until[1], "dateTime")}` : details;
}

/** The newest entries of the append-only audit log: who did what, when and why. */
export function AuditLog({ log }: { log: ModerationConsoleQuery["moderationAudit"] }) {
  const entries = nodesOf(log);
  return (
    <section aria-labelledby="audit-title" className={section.section}>
      <h2 id="audit-title" className={section.sectionTitle}>
        Audit log
      </h2>
      <Card padding="none" className={styles.auditCard}>
        {entries.length === 0 ? (
          <p className={styles.auditEmpty}>No operator actions yet.</p>
        ) : (
          <div className={styles.tableScroll}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Student</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td data-label="When">
                      <time dateTime={e.createdAt}>{formatDate(e.createdAt, "dateTime")}</time>
                    </td>
                    <td data-label="Who">{e.actor}</td>
                    <td data-label="What">
                      {ACTION_TEXT[e.action]}
                      {e.details ? ` (${describeDetails(e.details)})` : ""}
                    </td>
                    <td data-label="Student">{e.targetName ?? "—"}</td>
                    <td data-label="Why" dir="auto">
                      {e.reason}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </section>
  );
}
