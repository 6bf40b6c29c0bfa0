import { useCallback, useEffect, useRef, useState } from "react";
import type { Feedback } from "../components/ui/ActionFeedback";
import { syncRootVars } from "./root-layout-vars";

export interface ActionFeedbackState {
  /** The answer to show (components/ui/ActionFeedback), or null. */
  feedback: Feedback | null;
  /** Shows the answer to the action just done, replacing the previous one (this page's other bars' too). */
  show: (feedback: Omit<Feedback, "id">) => void;
  /** No answer: call it when the next action starts, so the last one's answer never lingers, wherever it showed. */
  clear: () => void;
}

// Parts of one page (the profile's requests and its reviews, the chat and its lessons) each own
// their bar; an action in one ends the answer in every other, so one answer shows at a time.
let count = 0;
const others = new Set<(owner: number) => void>();
const tellOthers = (owner: number) => others.forEach((listener) => listener(owner));

/** The answer to a part's last action; the next action anywhere on the page replaces it. */
export function useActionFeedback(): ActionFeedbackState {
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const self = useRef(0);
  if (self.current === 0) self.current = ++count;

  useEffect(() => {
    const me = self.current;
    const listener = (owner: number) => {
      if (owner !== me) setFeedback(null);
    };
    others.add(listener);
    return () => {
      others.delete(listener);
    };
  }, []);

  const show = useCallback((f: Omit<Feedback, "id">) => {
    tellOthers(self.current);
    setFeedback({ ...f, id: ++count });
  }, []);
  const clear = useCallback(() => {
    tellOthers(self.current);
    setFeedback(null);
  }, []);
  return { feedback, show, clear };
}

/**
 * Keeps the feedback bar above a page's controls at the bottom of the screen (the chat's
 * composer): while they are in the screen's lower part, the bar's bottom edge stays above their
 * top. Returns the ref to put on those controls.
 */
export function useFeedbackClearance(): (element: HTMLElement | null) => void {
  const [element, setElement] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!element) return;
    return syncRootVars([element, document.body], () => {
      const { top, bottom } = element.getBoundingClientRect();
      const height = window.innerHeight;
      // Only controls in the screen's lower part are where the bar (at most 40% tall) would sit;
      // the bar never rises above the screen's middle, however the page is scrolled.
      const under = bottom > height * 0.6 && top < height ? Math.min(height - top, height * 0.5) : 0;
      // The bar steps above these controls instead: a focused one is not scrolled clear of it (base.css), which
      // scrolled a short window's chat 300 px, its messages under the header, to put the composer over the bar.
      return { "--action-feedback-clearance": `${Math.max(0, Math.round(under))}px`, "--action-feedback-scroll": "0" };
    });
  }, [element]);
  return setElement;
}
