import { type LoaderFunctionArgs, type ShouldRevalidateFunctionArgs, useParams } from "react-router";
import { preloadDashboard } from "../../features/profiles/dashboard-preload";
import { apolloClient } from "../../lib/apollo-client";
import { getToken } from "../../lib/auth";
import { useLiveUnreadCount } from "../../features/chat/hooks/use-unread";
import { VerifyEmailNotice } from "../../features/accounts/components/VerifyEmailNotice";
import { useLiveNotifications } from "../../features/notifications/hooks/use-live-notifications";
import { UpcomingLessonsCard } from "../../features/lessons/components/UpcomingLessonsCard";
import { DashboardPage } from "../../features/profiles/components/DashboardPage";

/**
 * The page's first queries start here, before it renders (signed out, RequireSignIn sends the
 * visitor to sign in and there is nothing to ask for). Nothing is awaited: the page shows its
 * spinner meanwhile, as before.
 */
export function loader({ request }: LoaderFunctionArgs) {
  if (getToken()) preloadDashboard(apolloClient, new URL(request.url).searchParams);
  return null;
}

/** Filters and searches change the address's query: the page asks for those itself (no new visit). */
export const shouldRevalidate = ({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) =>
  currentUrl.pathname !== nextUrl.pathname && defaultShouldRevalidate;

/** /dashboard/:userId (signed in only: RequireSignIn). */
export function Component() {
  const { userId = "" } = useParams();
  // New notifications bump the cached `notificationCount` the dashboard's header shows, live.
  useLiveNotifications(true);
  // And a message arriving (or read elsewhere) changes its "Chat (n)".
  useLiveUnreadCount(true);
  return (
    <DashboardPage
      userId={userId}
      notice={
        <>
          <VerifyEmailNotice />
          <UpcomingLessonsCard />
        </>
      }
    />
  );
}
