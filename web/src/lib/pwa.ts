import { useSyncExternalStore } from "react";

/**
 * The installable app's page side (issue #37): registers the service worker (web/src/sw.ts, built
 * to /sw.js) once the page has loaded, with workbox-window in a chunk of its own, and tells the
 * page when a new deployment's worker is waiting, so the student can reload into it (UpdatePrompt).
 */

/** The part of workbox-window's `Workbox` used here (a test passes a stand-in). */
export interface WorkboxLike {
  addEventListener(type: "waiting" | "controlling", listener: () => void): void;
  messageSkipWaiting(): void;
  register(): Promise<unknown>;
  update(): Promise<unknown>;
}

/** The action that moves this tab to the new version, while one is waiting; null otherwise. */
let pendingUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

function setPendingUpdate(apply: (() => void) | null): void {
  pendingUpdate = apply;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The "Reload" action of a waiting new version, or null when there is none (re-renders on change). */
export function useUpdateAvailable(): (() => void) | null {
  return useSyncExternalStore(
    subscribe,
    () => pendingUpdate,
    () => null,
  );
}

/** Forgets a waiting version this tab was told about (the student dismissed the prompt). */
export function dismissUpdate(): void {
  setPendingUpdate(null);
}

/**
 * Offers the new version when `wb`'s worker is waiting. The student's "Reload" asks the waiting worker
 * to take over (SKIP_WAITING); when it controls the page, the page reloads into the new version.
 * A new version activated from another tab controls this one too: this tab then offers the reload.
 *
 * Only a page a worker already controls runs old code. One the network served (the first visit, or
 * the next page opened while the first install was still precaching) runs the newest code: the
 * first install claiming it is not an update, though workbox-window calls that worker "external"
 * when another tab registered it, and may report it "waiting" while it activates.
 */
export function watchForUpdates(
  wb: WorkboxLike,
  reload: () => void = () => window.location.reload(),
  isControlled: () => boolean = () => Boolean(navigator.serviceWorker?.controller),
): void {
  let requested = false;
  let controlled = isControlled();
  wb.addEventListener("waiting", () => {
    if (!isControlled()) return;
    setPendingUpdate(() => {
      requested = true;
      setPendingUpdate(null);
      wb.messageSkipWaiting();
    });
  });
  wb.addEventListener("controlling", () => {
    if (requested) reload();
    else if (controlled) setPendingUpdate(reload);
    controlled = true;
  });
}

/** Registers /sw.js after the page's load event (first paint never waits for it). Built app only (vite build), not the dev server. */
export function registerServiceWorker(): void {
  if (import.meta.env.MODE !== "production" || typeof navigator === "undefined" || !("serviceWorker" in navigator)) return;
  const start = () => {
    void import("workbox-window").then(({ Workbox }) => {
      const wb = new Workbox("/sw.js", { scope: "/" });
      watchForUpdates(wb);
      // A browser may refuse service workers (a private window, a policy): the app works on without one.
      wb.register().catch((e: unknown) => console.warn("The app could not be set up to work offline:", e));
      // A tab left open for days still learns of a deployment: look again when it is shown or back online.
      const check = () => void wb.update().catch(() => undefined);
      document.addEventListener("visibilitychange", () => document.visibilityState === "visible" && check());
      window.addEventListener("online", check);
    });
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
