import { useSyncExternalStore } from "react";

/**
 * Whether the browser has a network (navigator.onLine and its online/offline events). "Online" can
 * still mean a server that does not answer; "offline" is certain: nothing will reach the server.
 */
export function isOnline(): boolean {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

/** Calls `listener` when the network comes back; returns the unsubscribe function. */
export function onReconnect(listener: () => void): () => void {
  window.addEventListener("online", listener);
  return () => window.removeEventListener("online", listener);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** isOnline(), re-rendering the caller when it changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
