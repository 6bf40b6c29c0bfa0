import { Spinner } from "../../../components/ui/Spinner";
import type { EvidenceMessagesFragment } from "../../../gql/graphql";
import { nodesOf } from "../../../lib/connection";
import { formatDate } from "../../../lib/format-date";
import styles from "./ReportCard.module.css";

/**
 * A reported chat's latest messages (at most 100, oldest first), the reporter's marked apart from
 * the other student's (`otherLabel`: "Reported" for a chat report, "Author" for a review's).
 */
export function ChatEvidence({
  loading,
  error,
  chat,
  reporterId,
  otherLabel,
}: {
  loading: boolean;
  error: unknown;
  chat: EvidenceMessagesFragment | null | undefined;
  reporterId: string | undefined;
  otherLabel: string;
}) {
  if (loading) return <Spinner showLabel label="Loading messages..." />;
  if (error) return <p className={styles.muted}>The messages could not be loaded.</p>;
  const messages = nodesOf(chat?.messages);
  if (messages.length === 0) return <p className={styles.muted}>No messages in this chat.</p>;
  return (
    <>
      {chat?.messages.pageInfo.hasPreviousPage && (
        <p className={styles.muted}>The latest {messages.length} messages; older ones are not shown.</p>
      )}
      <ol className={styles.messages} aria-label="Messages of the chat">
        {messages.map((m) => (
          <li key={m.seq} className={m.fromUserId === reporterId ? styles.fromReporter : styles.fromReported}>
            <span className={styles.who}>{m.fromUserId === reporterId ? "Reporter" : otherLabel}</span>
            <span className={styles.body} dir="auto">
              {m.body}
            </span>
            <time className={styles.muted} dateTime={m.createdAt}>
              {formatDate(m.createdAt, "dateTime")}
            </time>
          </li>
        ))}
      </ol>
    </>
  );
}
