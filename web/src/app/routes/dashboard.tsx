import { Navigate, useParams } from "react-router";
import { VerifyEmailNotice } from "../../features/accounts/components/VerifyEmailNotice";
import { useLiveNotifications } from "../../features/notifications/hooks/use-live-notifications";
import { UpcomingLessonsCard } from "../../features/lessons/components/UpcomingLessonsCard";
import { DashboardPage } from "../../features/profiles/components/DashboardPage";
import { useToken } from "../../lib/auth";

/** /dashboard/:userId. Signed-out visitors go to /register. */
export function Component() {
  const token = useToken();
  const { userId = "" } = useParams();
  // New notifications bump the cached `notificationCount` the dashboard's header shows, live.
  useLiveNotifications(Boolean(token));
  if (!token) return <Navigate to="/register" replace />;
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
