/** Implements checks (spec section 5). The limits and texts the web app shows too are in common/implements.ts. */
import {
  IMPLEMENT_MESSAGES,
  MAX_DESCRIPTION_LENGTH,
  MAX_JOIN_DESCRIPTION_LENGTH,
  MAX_REASON_LENGTH,
  MAX_TITLE_LENGTH,
  OTHER_REASON,
  REJECTION_REASONS,
} from "../../../../common/implements.js";
import { badInput } from "../../shared/errors.js";

/** An application's states. */
/** GraphQL enum names (UPPER_CASE) to the stored and REST strings (implements.types.ts registers them). */
export const ApplicantStatus = {
  PENDING: "pending",
  ACCEPTED: "accepted",
  REJECTED: "rejected",
  REJECTED_PERMANENTLY: "rejected_permanently",
} as const;
export type ApplicantStatus = (typeof ApplicantStatus)[keyof typeof ApplicantStatus];
/** Statuses that hide the post from the applicant (spec: a rejectedUsers entry). */
export const REJECTED_STATUSES: readonly ApplicantStatus[] = ["rejected", "rejected_permanently"];
export const isRejected = (status: ApplicantStatus): boolean => REJECTED_STATUSES.includes(status);

/** Keeps every applicant list bounded (one post's applicants are loaded in one go). */
export const MAX_APPLICANTS_PER_POST = 200;

export const MESSAGES = {
  ...IMPLEMENT_MESSAGES,
  tooManyApplicants: `This problem already has the most applicants it can take (${MAX_APPLICANTS_PER_POST}).`,
  hiddenByOperator: "A moderator hid this problem; it cannot be shown again.",
} as const;

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** Trimmed title and description of a new post, or BAD_USER_INPUT with the field's message. */
export function validatePost(input: { title?: unknown; description?: unknown }): { title: string; description: string } {
  const title = text(input.title);
  const description = text(input.description);
  if (!title) throw badInput(MESSAGES.titleRequired, { field: "title" });
  if (title.length > MAX_TITLE_LENGTH) throw badInput(MESSAGES.titleTooLong, { field: "title" });
  if (!description) throw badInput(MESSAGES.descriptionRequired, { field: "description" });
  if (description.length > MAX_DESCRIPTION_LENGTH) throw badInput(MESSAGES.descriptionTooLong, { field: "description" });
  return { title, description };
}

export function validateJoinDescription(value: unknown): string {
  const description = text(value);
  if (!description) throw badInput(MESSAGES.joinReasonRequired, { field: "description" });
  if (description.length > MAX_JOIN_DESCRIPTION_LENGTH) throw badInput(MESSAGES.joinReasonTooLong, { field: "description" });
  return description;
}

/**
 * The reason an applicant is told: one of the listed reasons, or "Other" with its text
 * (the text is what is stored and sent).
 */
export function validateRejectReason(reason: unknown, otherReason?: unknown): string {
  const chosen = text(reason);
  if (!chosen) throw badInput(MESSAGES.rejectReasonRequired, { field: "reason" });
  if ((REJECTION_REASONS as readonly string[]).includes(chosen)) return chosen;
  if (chosen !== OTHER_REASON) throw badInput(MESSAGES.rejectReasonRequired, { field: "reason" });
  const other = text(otherReason);
  if (!other) throw badInput(MESSAGES.otherReasonRequired, { field: "otherReason" });
  if (other.length > MAX_REASON_LENGTH) throw badInput(MESSAGES.rejectReasonTooLong, { field: "otherReason" });
  return other;
}

export interface RejectReasonInput {
  /** One of REJECTION_REASONS, or "Other" with `otherReason`. */
  reason?: unknown;
  otherReason?: unknown;
}

export const BLOCKED_APPLICANT = "You can no longer work with this student";
