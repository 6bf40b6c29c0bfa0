/**
 * Chat limits, report reasons and the texts both sides show, shared by the server's checks
 * (graph/src/modules/chat/chat.rules.ts) and the chat page (web/src/features/chat/utils/chat-rules.ts).
 * Plain TypeScript: no Node or DOM APIs.
 */

/** Spec section 9: at least 10 whole days of learning before a chat can be finished. */
export const MIN_DAYS_TO_FINISH = 10;
export const MAX_MESSAGE_CHARS = 2000;
export const MAX_REPORT_DETAILS_CHARS = 500;

/** Spec section 3, in the order the report dialog offers them. */
export const REPORT_REASONS = ["Swapped by mistake", "Inappropriate behavior", "Spam or scam", "Harassment", "Other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** What the composer and the report dialog say, in the server's words. */
export const CHAT_FORM_MESSAGES = {
  messageTooLong: `A message can be at most ${MAX_MESSAGE_CHARS} characters`,
  reasonMissing: "Please select a reason for reporting",
  otherMissing: "Please describe the reason for reporting",
} as const;
