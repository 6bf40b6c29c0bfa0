import { OnlineStatusSetting } from "../../features/chat/components/OnlineStatusSetting";
import { MailSettingsPage } from "../../features/notifications/components/MailSettingsPage";

/** /settings/notifications: which notifications also come by mail, and whether chat partners see you online (signed in: RequireSignIn guards it). */
export function Component() {
  return <MailSettingsPage extra={<OnlineStatusSetting />} />;
}
