import { useSyncExternalStore } from "react";

const noChanges = () => () => {};

/**
 * False on the server and while React hydrates a prerendered page (the markup is on screen but its
 * handlers are not attached yet), true from then on, and at once on a page rendered in the browser.
 * A prerendered form keeps its buttons disabled until then: a click would otherwise be lost, or
 * submit the form natively (its fields in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
