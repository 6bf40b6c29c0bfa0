import { ChatIcon } from "../../../components/ui/icons";
import type { ResponseStats as Stats } from "../../../gql/graphql";
import styles from "./UserProfile.module.css";

/** "within an hour", "within 3 hours", "within a day", "within 2 days". */
export function formatResponseTime(hours: number): string {
  if (hours <= 1) return "within an hour";
  if (hours < 24) return `within ${hours} hours`;
  const days = Math.round(hours / 24);
  return days === 1 ? "within a day" : `within ${days} days`;
}

/** The profile's "Responds" stat: how many received requests the student answered, and how fast. */
export function ResponseStats({ stats }: { stats: Pick<Stats, "received" | "answered" | "responseRate" | "typicalResponseHours"> }) {
  const rate = stats.responseRate;
  return (
    <div className={styles.stat}>
      <dt>
        <ChatIcon size={16} aria-hidden="true" /> Response rate
      </dt>
      <dd>
        {stats.received === 0 || rate === null ? (
          <span>No requests answered or expired yet</span>
        ) : (
          <>
            <strong>{Math.round(rate * 100)}%</strong>
            <span>
              {stats.answered} of {stats.received} {stats.received === 1 ? "request" : "requests"} answered
              {stats.typicalResponseHours !== null ? `, usually ${formatResponseTime(stats.typicalResponseHours)}` : ""}
            </span>
          </>
        )}
      </dd>
    </div>
  );
}
