import { type ReactNode, useEffect, useLayoutEffect, useRef } from "react";
import { syncRootVars } from "../../lib/root-layout-vars";
import { Alert } from "./Alert";
import styles from "./ActionFeedback.module.css";

/** The answer to the student's last action: what happened, or why it did not. */
export interface Feedback {
  variant: "success" | "danger" | "info" | "warning";
  text: string;
  /** A next step beside the text (e.g. a link to the chat or to buying coins). */
  action?: ReactNode;
  /** Tells one answer from the next with the same text (lib/use-action-feedback.ts counts them). */
  id?: number;
}

export interface ActionFeedbackProps {
  /** The current answer, or null for none. The next action's answer replaces it. */
  feedback: Feedback | null;
  onDismiss: () => void;
  /**
   * Takes the focus to the answer's next step (its `action`) as it shows: for an action whose control goes away with
   * it (an accepted request's card), so the keyboard is not left on the page's top but on where to go next.
   */
  focusAction?: boolean;
}

/**
 * Where every action's answer shows: a bar fixed at the bottom of the viewport (above the
 * phone's bottom edge), wherever the student had scrolled to when they tapped. The live region
 * stays mounted so a new answer is announced; a success is a status, a refusal an alert.
 */
export function ActionFeedback({ feedback, onDismiss, focusAction = false }: ActionFeedbackProps) {
  const region = useRef<HTMLDivElement>(null);
  // While an answer shows: its own height (`--action-feedback-height`: the chat's messages keep that
  // much room under the newest one, MessageList) and the room from its top to the screen's bottom
  // (`--action-feedback-room`: the page's end, RootLayout), so what it covers scrolls out from under it.
  // The bar rises above a page's controls at the bottom as they come into view (its clearance): followed on scroll too.
  useLayoutEffect(() => {
    const el = region.current;
    if (!feedback || !el) return;
    return syncRootVars([el], () => {
      const height = el.offsetHeight;
      const room = height ? window.innerHeight - el.getBoundingClientRect().top : 0;
      return { "--action-feedback-height": `${height}px`, "--action-feedback-room": `${Math.max(0, Math.round(room))}px` };
    });
  }, [feedback]);
  const shown = feedback ? (feedback.id ?? `${feedback.variant}:${feedback.text}`) : null;
  useEffect(() => {
    if (!focusAction || shown === null) return;
    region.current?.querySelector<HTMLElement>("a[href], button:not([aria-label='Dismiss'])")?.focus({ preventScroll: true });
  }, [focusAction, shown]);
  return (
    <div ref={region} className={styles.region} aria-live="polite" data-testid="action-feedback">
      {feedback && (
        <Alert
          // A new answer is a new element, so screen readers announce it even when the text repeats.
          key={shown}
          role={feedback.variant === "danger" || feedback.variant === "warning" ? "alert" : "status"}
          variant={feedback.variant}
          title={feedback.text}
          onDismiss={onDismiss}
          className={styles.card}
        >
          {feedback.action}
        </Alert>
      )}
    </div>
  );
}
