import { useEffect, useSyncExternalStore } from "react";

export interface PageMenuLink {
  to: string;
  label: string;
}

/** A link the header shows beside the menu button with a live count (notifications, unread messages). */
export interface PageMenuShortcut {
  to: string;
  /** The link's name without the count ("Notifications"). */
  label: string;
  count: number;
  icon: "notifications" | "chat";
}

/**
 * The signed-in student's links, offered in the navbar on every signed-in page: in the burger menu
 * on a phone, in the account menu on wide screens, and the counted ones as badges in the header.
 */
export interface PageMenu {
  /** Names the group in the menu, e.g. "Your account". */
  label: string;
  links: PageMenuLink[];
  shortcuts?: PageMenuShortcut[];
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
 * Puts the links into the navbar while the registering component is shown (the signed-in student's,
 * app/account-nav.tsx): the navbar lives outside Apollo, the counts inside it.
 */
export function usePageMenu(menu: PageMenu | null): void {
  const key = menu ? JSON.stringify(menu) : null;
  useEffect(() => {
    if (key === null) return;
    const registered = JSON.parse(key) as PageMenu;
    set(registered);
    return () => {
      if (current !== null && JSON.stringify(current) === key) set(null);
    };
  }, [key]);
}

/** The links the signed-in layout offers for the navbar, if any. */
export function usePageMenuLinks(): PageMenu | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
