import { useCallback, useSyncExternalStore } from "react";

const list = (query: string) =>
  typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(query) : null;

/**
 * Whether a CSS media query matches now, following its changes (rotation, resizing, a mouse
 * plugged in). False where there is no window or no matchMedia (the server's render, jsdom).
 */
export function useMediaQuery(query: string): boolean {
  // One subscription per query, not one per render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mq = list(query);
      mq?.addEventListener("change", onChange);
      return () => mq?.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => list(query)?.matches === true,
    () => false,
  );
}
