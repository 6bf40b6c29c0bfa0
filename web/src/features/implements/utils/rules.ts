/** Implements texts and limits (spec section 5); the server checks the same and answers the same texts. */
export const LIMITS = { title: 120, description: 2000, joinReason: 1000, rejectReason: 300 } as const;

export const OTHER_REASON = "Other";
export const REJECTION_REASONS = [
  "Incomplete Profile",
  "Does Not Meet Requirements",
  "Violation of Terms of Service",
  "Duplicate Account",
  OTHER_REASON,
] as const;

export const MESSAGES = {
  titleRequired: "Please enter a title.",
  descriptionRequired: "Please enter a description.",
  joinReasonRequired: "Please provide a reason to join.",
  rejectReasonRequired: "Please select or provide a reason for rejection",
  otherReasonRequired: "Please provide a reason for rejection",
  somethingWentWrong: "Something went wrong. Please try again.",
} as const;

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

const dateFormat = new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" });
export const formatDate = (iso: string) => dateFormat.format(new Date(iso));
