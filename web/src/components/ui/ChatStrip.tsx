import { type ReactNode, useId } from "react";
import styles from "./ChatStrip.module.css";

/** The muted small text of a chat strip (an empty state, a status line). */
export const chatStripText = styles.text;

/** A strip folded behind its heading (on a phone): the heading is the disclosure button. */
export interface ChatStripFold {
  expanded: boolean;
  onToggle: () => void;
  /** What the folded content holds, shown beside the heading while folded (e.g. "1 to answer"). */
  summary?: string;
}

/**
 * A titled strip above a chat's messages (its lessons, the review of a finished swap): a heading
 * that names the region, an optional action beside it, and compact content. With `fold`, the
 * heading is a button (aria-expanded) that shows or hides the content; `outside` (its dialogs, its
 * answers) stays mounted either way.
 */
export function ChatStrip({
  title,
  action,
  fold,
  outside,
  children,
}: {
  title: string;
  action?: ReactNode;
  fold?: ChatStripFold;
  outside?: ReactNode;
  children?: ReactNode;
}) {
  const titleId = useId();
  const bodyId = useId();
  return (
    <section className={styles.strip} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h2 id={titleId} className={styles.title}>
          {fold ? (
            <button type="button" className={styles.toggle} aria-expanded={fold.expanded} aria-controls={bodyId} onClick={fold.onToggle}>
              <span className={styles.chevron} aria-hidden="true" />
              {title}
              {!fold.expanded && fold.summary && (
                <>
                  {" "}
                  <span className={styles.summary}>{fold.summary}</span>
                </>
              )}
            </button>
          ) : (
            title
          )}
        </h2>
        {action}
      </div>
      {/* Always the same wrapper, so folding (a phone turned) never remounts the content. */}
      <div id={bodyId} className={styles.body} hidden={fold ? !fold.expanded : undefined}>
        {children}
      </div>
      {outside}
    </section>
  );
}
