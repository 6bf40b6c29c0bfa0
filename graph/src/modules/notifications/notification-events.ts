import type { UserSummary } from "../accounts/users.service.js";
import type { NotificationType } from "./notification.entity.js";

/**
 * The NOTIFICATION_ADDED payload: the notification fully resolved (notifier included), JSON-safe
 * (the date as an ISO string) because it crosses Redis between instances.
 */
export interface NotificationEvent {
  id: string;
  type: NotificationType;
  message: string;
  preachSkill: { skill: string; category: string } | null;
  learnSkill: { skill: string; category: string } | null;
  skillCoins: number | null;
  refId: string | null;
  dismissible: boolean;
  notifier: UserSummary;
  createdAt: string;
}

declare module "../../shared/pubsub.js" {
  interface AddressedTopics {
    /** id = the recipient: only their own subscription hears it. */
    NOTIFICATION_ADDED: { recipientId: string; notificationId: string; payload: NotificationEvent };
  }
}
