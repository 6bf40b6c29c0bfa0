import { useCallback, useRef, useState } from "react";
import type { Feedback } from "../components/ui/ActionFeedback";

export interface ActionFeedbackState {
  /** The answer to show (components/ui/ActionFeedback), or null. */
  feedback: Feedback | null;
  /** Shows the answer to the action just done, replacing the previous one. */
  show: (feedback: Omit<Feedback, "id">) => void;
  /** No answer: call it when the next action starts, so the last one's answer never lingers. */
  clear: () => void;
}

/** The one answer a page shows at a time (one per page, shared by all its actions). */
export function useActionFeedback(): ActionFeedbackState {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const count = useRef(0);
  const show = useCallback((f: Omit<Feedback, "id">) => {
    count.current += 1;
    setFeedback({ ...f, id: count.current });
  }, []);
  const clear = useCallback(() => setFeedback(null), []);
  return { feedback, show, clear };
}
