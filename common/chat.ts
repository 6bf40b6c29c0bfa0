/**
 * Chat limits, report reasons and the texts both sides show, shared by the server's checks
 * (graph/src/modules/chat/chat.rules.ts) and the chat page (web/src/features/chat/utils/chat-rules.ts).
 * Plain TypeScript: no Node or DOM APIs.
 */

/** Spec section 9: at least 10 whole days of learning before a chat can be finished. */
export const MIN_DAYS_TO_FINISH = 10;
export const MAX_MESSAGE_CHARS = 2000;
export const MAX_REPORT_DETAILS_CHARS = 500;

/**
 * Spec section 3, in the order the report dialog offers them: the GraphQL enum name (what the web
 * sends and reads) to the spec's text (what is stored, sent over REST and shown).
 */
export const ReportReason = {
  SWAPPED_BY_MISTAKE: "Swapped by mistake",
  INAPPROPRIATE_BEHAVIOR: "Inappropriate behavior",
  SPAM_OR_SCAM: "Spam or scam",
  HARASSMENT: "Harassment",
  OTHER: "Other",
} as const;
export type ReportReason = (typeof ReportReason)[keyof typeof ReportReason];
export const REPORT_REASONS: readonly ReportReason[] = Object.values(ReportReason);

/** What the composer and the report dialog say, in the server's words. */
export const CHAT_FORM_MESSAGES = {
  messageTooLong: `A message can be at most ${MAX_MESSAGE_CHARS} characters`,
  reasonMissing: "Please select a reason for reporting",
  otherMissing: "Please describe the reason for reporting",
} as const;
