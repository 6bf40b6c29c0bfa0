import { type ReactNode, useId } from "react";
import styles from "./ChatStrip.module.css";

/** The muted small text of a chat strip (an empty state, a status line). */
export const chatStripText = styles.text;

/**
 * A titled strip above a chat's messages (its lessons, the review of a finished swap): a heading
 * that names the region, an optional action beside it, and compact content.
 */
export function ChatStrip({ title, action, children }: { title: ReactNode; action?: ReactNode; children?: ReactNode }) {
  const titleId = useId();
  return (
    <section className={styles.strip} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
