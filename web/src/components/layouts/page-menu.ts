import { useEffect, useSyncExternalStore } from "react";

export interface PageMenuLink {
  to: string;
  label: string;
}

/** A page's own links (the dashboard's), offered in the navbar's menu on small screens. */
export interface PageMenu {
  /** Names the group in the menu, e.g. "Dashboard". */
  label: string;
  links: PageMenuLink[];
}

let current: PageMenu | null = null;
const listeners = new Set<() => void>();

function set(menu: PageMenu | null) {
  current = menu;
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * Puts the page's links into the navbar's menu while the page is shown. At the md breakpoint
 * and below there is then one menu (the navbar's burger) instead of two competing ones.
 */
export function usePageMenu(menu: PageMenu): void {
  const key = JSON.stringify(menu);
  useEffect(() => {
    const registered = JSON.parse(key) as PageMenu;
    set(registered);
    return () => {
      if (current !== null && JSON.stringify(current) === key) set(null);
    };
  }, [key]);
}

/** The links the current page offers for the navbar's menu, if any. */
export function usePageMenuLinks(): PageMenu | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
