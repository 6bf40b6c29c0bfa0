import { Navigate } from "react-router";
import { NotificationsPage } from "../../features/notifications/components/NotificationsPage";
import { useToken } from "../../lib/auth";

/** /:userId/notifications. Signed-out visitors go to /register. */
export function Component() {
  const token = useToken();
  if (!token) return <Navigate to="/register" replace />;
  return <NotificationsPage />;
}
