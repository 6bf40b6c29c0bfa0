import { useParams } from "react-router";
import { VerifyEmailNotice } from "../../features/accounts/components/VerifyEmailNotice";
import { useLiveNotifications } from "../../features/notifications/hooks/use-live-notifications";
import { UpcomingLessonsCard } from "../../features/lessons/components/UpcomingLessonsCard";
import { DashboardPage } from "../../features/profiles/components/DashboardPage";

/** /dashboard/:userId (signed in only: RequireSignIn). */
export function Component() {
  const { userId = "" } = useParams();
  // New notifications bump the cached `notificationCount` the dashboard's header shows, live.
  useLiveNotifications(true);
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
