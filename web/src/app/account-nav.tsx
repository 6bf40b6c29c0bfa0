import { useQuery } from "@apollo/client/react";
import { usePageMenu } from "../components/layouts/page-menu";
import { useLiveUnreadCount } from "../features/chat/hooks/use-unread";
import { useLiveNotifications } from "../features/notifications/hooks/use-live-notifications";
import { dashboardLinks } from "../features/profiles/components/DashboardNav";
import { DashboardCountsDocument, DashboardViewerDocument } from "../gql/graphql";
import { paths } from "../lib/paths";

/** Names the student's links in the navbar's menus. */
export const ACCOUNT_MENU_LABEL = "Your account";

/**
 * On every page a signed-in student sees (./apollo-layout.tsx renders it): the student's links (the
 * dashboard's, spec section 2, and Settings) go into the navbar, so Notifications, Chat, Coins, Profile,
 * Leaderboard, Implement, Game, Settings and Logout are one tap from any page, and the notification and
 * unread-message counts show in the bar, kept live by the subscriptions here (one per visit, not one
 * per page).
 */
export function AccountNav() {
  return (
    <>
      <AccountMenu />
      <LiveCounts />
    </>
  );
}

/**
 * Registers the links with the navbar. Cache-first: the dashboard's loader asks for the student and
 * the counts afresh on every visit, and the subscriptions below write new counts into the cache.
 */
function AccountMenu() {
  const viewer = useQuery(DashboardViewerDocument, { errorPolicy: "ignore" });
  const counts = useQuery(DashboardCountsDocument, { errorPolicy: "ignore" });
  const me = viewer.data?.me;
  const notifications = counts.data?.notificationCount ?? 0;
  const unread = counts.data?.unreadMessageCount ?? 0;
  usePageMenu(
    me
      ? {
          label: ACCOUNT_MENU_LABEL,
          // The dashboard's links, and before Logout the settings (notifications, push devices, API keys), which no
          // other menu reaches.
          links: withSettings(dashboardLinks(me, notifications, unread)),
          shortcuts: [
            { to: paths.notifications(me.id), label: "Notifications", count: notifications, icon: "notifications" },
            { to: paths.chats, label: "Chat", count: unread, icon: "chat" },
          ],
        }
      : null,
  );
  return null;
}

function withSettings(links: Array<{ to: string; label: string }>) {
  const settings = { to: paths.notificationSettings, label: "Settings" };
  return [...links.slice(0, -1), settings, ...links.slice(-1)];
}

/**
 * The live counts, in a component of their own: a subscription's state changing (as it starts)
 * re-renders this empty component, not the page.
 */
function LiveCounts() {
  // A new notification bumps the cached `notificationCount`; a message arriving (or read on
  // another device) writes the new unread total.
  useLiveNotifications(true);
  useLiveUnreadCount(true);
  return null;
}
