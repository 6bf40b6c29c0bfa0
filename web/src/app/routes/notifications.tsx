import { NotificationsPage } from "../../features/notifications/components/NotificationsPage";

/** /:userId/notifications (signed in only: RequireSignIn). */
export function Component() {
  return <NotificationsPage />;
}
