import { ApiKeysEntry } from "../../features/api-keys/components/ApiKeysEntry";
import { OnlineStatusSetting } from "../../features/chat/components/OnlineStatusSetting";
import { MailSettingsPage } from "../../features/notifications/components/MailSettingsPage";

/**
 * /settings/notifications: which notifications also come by mail, whether chat partners see you
 * online, and the way to your API keys (signed in: RequireSignIn guards it).
 */
export function Component() {
  return (
    <MailSettingsPage
      extra={
        <>
          <OnlineStatusSetting />
          <ApiKeysEntry />
        </>
      }
    />
  );
}
