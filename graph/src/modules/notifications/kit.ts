import type { NotificationMailService } from "./notification-mail.service.js";
import type { NotificationsService } from "./notifications.service.js";
import type { PushService } from "./push.service.js";

// What this module adds to the kit's services and loaders (kit/context.ts): a resolver or route
// reaches them through its context, and the app's services (services.ts) must provide them.
declare module "../../kit/context.js" {
  interface KitServices {
    notifications: NotificationsService;
    /** Notification mails: per-kind settings (off/instant/digest), instant mails, the daily digest job, unsubscribe links. */
    notificationMail: NotificationMailService;
    /** Web Push: devices, per-kind push choices, and a push beside every mail (delivered through the outbox's "push" channel). */
    push: PushService;
  }
}
