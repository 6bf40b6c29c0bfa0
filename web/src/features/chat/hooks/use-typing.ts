import { useMutation, useSubscription } from "@apollo/client/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { PartnerTypingDocument, SendTypingSignalDocument } from "../../../gql/graphql";

/** At most one "typing" signal this often while keys are pressed (the server's limit allows more). */
export const TYPING_SIGNAL_EVERY_MS = 2_500;
/** The partner's line goes after this long without a signal (the server documents the same 5 s). */
export const TYPING_SILENCE_MS = 5_000;

/**
 * The sender's side: `typing()` on every change of a non-empty draft sends a signal, throttled;
 * `sent()` after a message so the next draft signals at once. Failures only cost the line.
 */
export function useTypingSignal(chatWith: string, enabled: boolean) {
  const [signal] = useMutation(SendTypingSignalDocument);
  const last = useRef(0);
  const typing = useCallback(() => {
    const now = Date.now();
    if (!enabled || now - last.current < TYPING_SIGNAL_EVERY_MS) return;
    last.current = now;
    void signal({ variables: { chatWith } }).catch(() => undefined);
  }, [signal, chatWith, enabled]);
  const sent = useCallback(() => {
    last.current = 0;
  }, []);
  return { typing, sent };
}

/**
 * The reader's side: true while the partner types, that is from a signal until TYPING_SILENCE_MS
 * of silence or until their next message arrives (`latestFromPartner`, their newest seq, moves).
 */
export function usePartnerTyping(chatWith: string, latestFromPartner: number, enabled: boolean): boolean {
  const [signal, setSignal] = useState<{ n: number; seq: number } | null>(null);
  useSubscription(PartnerTypingDocument, {
    variables: { chatWith },
    skip: !enabled,
    onData: ({ data }) => {
      if (data.data?.partnerTyping) setSignal((s) => ({ n: (s?.n ?? 0) + 1, seq: latestFromPartner }));
    },
  });
  useEffect(() => {
    if (!signal) return;
    const id = setTimeout(() => setSignal(null), TYPING_SILENCE_MS);
    return () => clearTimeout(id);
  }, [signal]);
  return Boolean(signal && signal.seq === latestFromPartner);
}
