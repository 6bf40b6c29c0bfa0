import { useMatches } from "react-router";

/** What a page's route tells the layout (its module's `handle` export). */
export interface PageHandle {
  /** On a phone the page is one screen, a messaging app's (the chat): no site footer below it to scroll to. */
  phoneScreen?: boolean;
}

/** Whether the page shown is one screen tall (PageHandle.phoneScreen): nothing of the layout may stay over it. */
export function usePhoneScreen(): boolean {
  return useMatches().some((m) => (m.handle as PageHandle | undefined)?.phoneScreen);
}
