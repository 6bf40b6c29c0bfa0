/** Implements texts and limits (spec section 5) from common/implements.ts, the file the server checks with. */
import {
  IMPLEMENT_MESSAGES,
  MAX_DESCRIPTION_LENGTH,
  MAX_JOIN_DESCRIPTION_LENGTH,
  MAX_REASON_LENGTH,
  MAX_TITLE_LENGTH,
  RejectionReason as REJECTION_REASON_TEXT,
} from "../../../../../common/implements";
import type { ImplementApplicationStatus, ImplementRejectionReason } from "../../../gql/graphql";

export const LIMITS = {
  title: MAX_TITLE_LENGTH,
  description: MAX_DESCRIPTION_LENGTH,
  joinReason: MAX_JOIN_DESCRIPTION_LENGTH,
  rejectReason: MAX_REASON_LENGTH,
} as const;

/** The spec's text of each rejection reason; typed so a reason the schema adds or drops is a compile error. */
const REASON_TEXT: Record<ImplementRejectionReason, string> = REJECTION_REASON_TEXT;

/** What the reject dialog offers: the listed reasons, then Other with its text. */
export const REJECTION_REASONS = (Object.keys(REASON_TEXT) as ImplementRejectionReason[]).map((value) => ({
  value,
  label: REASON_TEXT[value],
}));

export const MESSAGES = IMPLEMENT_MESSAGES;

export type ApplicationStatus = ImplementApplicationStatus;

export const STATUS_LABEL: Record<ApplicationStatus, string> = {
  PENDING: "Pending",
  ACCEPTED: "Accepted",
  REJECTED: "Rejected",
  REJECTED_PERMANENTLY: "Rejected permanently",
};

export const STATUS_TONE: Record<ApplicationStatus, "warning" | "success" | "danger"> = {
  PENDING: "warning",
  ACCEPTED: "success",
  REJECTED: "danger",
  REJECTED_PERMANENTLY: "danger",
};

/** The applicant's own view of their status on the details page. */
export function myStatusText(status: ApplicationStatus): string {
  return status === "PENDING" ? "Request Sent" : STATUS_LABEL[status];
}
