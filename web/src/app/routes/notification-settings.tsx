import { Navigate } from "react-router";
import { MailSettingsPage } from "../../features/notifications/components/MailSettingsPage";
import { useToken } from "../../lib/auth";

/** /settings/notifications: which notifications also come by mail. Signed-out visitors go to /register. */
export function Component() {
  const token = useToken();
  if (!token) return <Navigate to="/register" replace />;
  return <MailSettingsPage />;
}
