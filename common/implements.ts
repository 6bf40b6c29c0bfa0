/**
 * Implements limits, rejection reasons and texts, shared by the server's checks
 * (graph/src/modules/implements/implement.rules.ts) and the implements pages
 * (web/src/features/implements/utils/rules.ts). Plain TypeScript: no Node or DOM APIs.
 */

export const MAX_TITLE_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_JOIN_DESCRIPTION_LENGTH = 1000;
export const MAX_REASON_LENGTH = 300;

/** The listed reasons; "Other" comes with the owner's own text, which is what is stored. */
export const REJECTION_REASONS = [
  "Incomplete Profile",
  "Does Not Meet Requirements",
  "Violation of Terms of Service",
  "Duplicate Account",
] as const;
export const OTHER_REASON = "Other";

export const IMPLEMENT_MESSAGES = {
  titleRequired: "Please enter a title.",
  titleTooLong: `The title can be at most ${MAX_TITLE_LENGTH} characters.`,
  descriptionRequired: "Please enter a description.",
  descriptionTooLong: `The description can be at most ${MAX_DESCRIPTION_LENGTH} characters.`,
  joinReasonRequired: "Please provide a reason to join.",
  joinReasonTooLong: `Your reason to join can be at most ${MAX_JOIN_DESCRIPTION_LENGTH} characters.`,
  rejectReasonRequired: "Please select or provide a reason for rejection",
  otherReasonRequired: "Please provide a reason for rejection",
  rejectReasonTooLong: `The reason can be at most ${MAX_REASON_LENGTH} characters.`,
} as const;
