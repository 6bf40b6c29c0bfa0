import { badInput } from "../../shared/errors.js";

/** Limits and messages for implements (spec section 5). The web app shows these texts verbatim. */
export const MAX_TITLE_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_JOIN_DESCRIPTION_LENGTH = 1000;
export const MAX_REASON_LENGTH = 300;
/** Keeps every applicant list bounded (one post's applicants are loaded in one go). */
export const MAX_APPLICANTS_PER_POST = 200;

export const REJECTION_REASONS = [
  "Incomplete Profile",
  "Does Not Meet Requirements",
  "Violation of Terms of Service",
  "Duplicate Account",
] as const;
export const OTHER_REASON = "Other";

export const MESSAGES = {
  titleRequired: "Please enter a title.",
  titleTooLong: `The title can be at most ${MAX_TITLE_LENGTH} characters.`,
  descriptionRequired: "Please enter a description.",
  descriptionTooLong: `The description can be at most ${MAX_DESCRIPTION_LENGTH} characters.`,
  joinReasonRequired: "Please provide a reason to join.",
  joinReasonTooLong: `Your reason to join can be at most ${MAX_JOIN_DESCRIPTION_LENGTH} characters.`,
  rejectReasonRequired: "Please select or provide a reason for rejection",
  otherReasonRequired: "Please provide a reason for rejection",
  rejectReasonTooLong: `The reason can be at most ${MAX_REASON_LENGTH} characters.`,
  tooManyApplicants: `This problem already has the most applicants it can take (${MAX_APPLICANTS_PER_POST}).`,
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
