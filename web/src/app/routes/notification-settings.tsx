import { MailSettingsPage } from "../../features/notifications/components/MailSettingsPage";

/** /settings/notifications: which notifications also come by mail (signed in: RequireSignIn guards it). */
export function Component() {
  return <MailSettingsPage />;
}
