import type { MailKind } from "../../../../common/notifications.js";
import type { NotificationType } from "./notification.entity.js";

/**
 * Which setting kind governs a notification type, for both channels (mail and push: each student
 * chooses a mode per kind); moderators' warnings stay in the app.
 */
export const MAIL_KIND_OF: Record<NotificationType, MailKind | null> = {
  "swap-request": "request",
  "pay-request": "request",
  "swap-accept": "accepted",
  "Accepted-Pay": "accepted",
  "swap-reject": "rejected",
  acceptImplementUser: "implementAccepted",
  rejectImplementUser: "implementRejected",
  "success-Finish": "finish",
  "operator-warning": null,
  "request-expired": "expired",
  // A withdrawn acceptance ends the request as a rejection does.
  "acceptance-withdrawn": "rejected",
  "saved-search-match": "savedSearch",
};
