/** Implements texts and limits (spec section 5) from common/implements.ts, the file the server checks with. */
import {
  IMPLEMENT_MESSAGES,
  MAX_DESCRIPTION_LENGTH,
  MAX_JOIN_DESCRIPTION_LENGTH,
  MAX_REASON_LENGTH,
  MAX_TITLE_LENGTH,
  OTHER_REASON,
  REJECTION_REASONS as LISTED_REASONS,
} from "../../../../../common/implements";

export const LIMITS = {
  title: MAX_TITLE_LENGTH,
  description: MAX_DESCRIPTION_LENGTH,
  joinReason: MAX_JOIN_DESCRIPTION_LENGTH,
  rejectReason: MAX_REASON_LENGTH,
} as const;

/** What the reject dialog offers: the listed reasons, then Other with its text. */
export const REJECTION_REASONS = [...LISTED_REASONS, OTHER_REASON] as const;

export const MESSAGES = IMPLEMENT_MESSAGES;

export type ApplicationStatus = "pending" | "accepted" | "rejected" | "rejected_permanently";

export const STATUS_LABEL: Record<ApplicationStatus, string> = {
  pending: "Pending",
  accepted: "Accepted",
  rejected: "Rejected",
  rejected_permanently: "Rejected permanently",
};

export const STATUS_TONE: Record<ApplicationStatus, "warning" | "success" | "danger"> = {
  pending: "warning",
  accepted: "success",
  rejected: "danger",
  rejected_permanently: "danger",
};

/** The applicant's own view of their status on the details page. */
export function myStatusText(status: ApplicationStatus): string {
  return status === "pending" ? "Request Sent" : STATUS_LABEL[status];
}

