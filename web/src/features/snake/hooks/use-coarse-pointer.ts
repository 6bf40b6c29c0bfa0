import { useSyncExternalStore } from "react";

/** A touch screen as the main pointer (no mouse to hover with): what the hints should speak of. */
const COARSE = "(pointer: coarse)";

const query = () => (typeof window.matchMedia === "function" ? window.matchMedia(COARSE) : null);

function subscribe(onChange: () => void) {
  const mq = query();
  mq?.addEventListener("change", onChange);
  return () => mq?.removeEventListener("change", onChange);
}

/** True on touch screens, decided by the pointer the browser reports (never by the user agent). */
export function useCoarsePointer(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches === true,
    () => false,
  );
}
