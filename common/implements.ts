/**
 * Implements limits, rejection reasons and texts, shared by the server's checks
 * (graph/src/modules/implements/implement.rules.ts) and the implements pages
 * (web/src/features/implements/utils/rules.ts). Plain TypeScript: no Node or DOM APIs.
 */

export const MAX_TITLE_LENGTH = 120;
export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_JOIN_DESCRIPTION_LENGTH = 1000;
export const MAX_REASON_LENGTH = 300;

/**
 * What an owner may choose when rejecting an applicant: the GraphQL enum name (what the web sends)
 * to the spec's text (what REST sends and what is stored). "Other" comes with the owner's own
 * text, which is what is stored then.
 */
export const RejectionReason = {
  INCOMPLETE_PROFILE: "Incomplete Profile",
  DOES_NOT_MEET_REQUIREMENTS: "Does Not Meet Requirements",
  VIOLATION_OF_TERMS_OF_SERVICE: "Violation of Terms of Service",
  DUPLICATE_ACCOUNT: "Duplicate Account",
  OTHER: "Other",
} as const;
export type RejectionReason = (typeof RejectionReason)[keyof typeof RejectionReason];
export const OTHER_REASON = RejectionReason.OTHER;
/** The listed reasons (all but Other). */
export const REJECTION_REASONS: readonly RejectionReason[] = Object.values(RejectionReason).filter((r) => r !== OTHER_REASON);

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
