import styles from "./ChatPage.module.css";

/** "Ravi Kumar" -> "Ravi": the line names the partner as a chat would. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/**
 * "<first name> is typing…" above the composer. One polite status region that stays in the page
 * (its height is kept, so nothing moves): a screen reader hears the line once when it appears,
 * not on every signal, and nothing when it clears.
 */
export function TypingLine({ partnerName, typing }: { partnerName: string; typing: boolean }) {
  return (
    <p className={styles.typing} role="status" aria-live="polite" aria-atomic="true">
      {typing && (
        <>
          <span dir="auto">{firstName(partnerName)}</span> is typing…
        </>
      )}
    </p>
  );
}
