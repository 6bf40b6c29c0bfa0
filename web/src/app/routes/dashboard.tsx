import { useParams } from "react-router";
import { useLiveUnreadCount } from "../../features/chat/hooks/use-unread";
import { VerifyEmailNotice } from "../../features/accounts/components/VerifyEmailNotice";
import { useLiveNotifications } from "../../features/notifications/hooks/use-live-notifications";
import { UpcomingLessonsCard } from "../../features/lessons/components/UpcomingLessonsCard";
import { DashboardPage } from "../../features/profiles/components/DashboardPage";

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
