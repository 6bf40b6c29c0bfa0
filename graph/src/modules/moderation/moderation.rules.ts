import { badInput } from "../../shared/errors.js";
import { DAY } from "../../shared/clock.js";

export const MODERATION_MESSAGES = {
  reasonRequired: "Please give a reason: it goes into the audit log.",
  reasonTooLong: "Please keep the reason under 500 characters.",
  duration: "Choose how long: 1 to 365 days, or permanently.",
  reportNotFound: "Report not found",
  alreadyResolved: "This report was already resolved.",
  notSuspended: "This student is not suspended.",
  selfAction: "Operators cannot act on their own account.",
} as const;

export const QUEUE_LIMIT = 100;
/** Which reports the queue lists: GraphQL enum names to the REST `status` values. */
export const ReportQueueStatus = { OPEN: "open", RESOLVED: "resolved" } as const;
export type ReportQueueStatus = (typeof ReportQueueStatus)[keyof typeof ReportQueueStatus];
export const AUDIT_LIMIT = 200;

/** The operator's "why", trimmed: required and at most 500 characters. */
export function cleanReason(raw: unknown): string {
  const reason = typeof raw === "string" ? raw.trim() : "";
  if (!reason) throw badInput(MODERATION_MESSAGES.reasonRequired, { field: "reason" });
  if ([...reason].length > 500) throw badInput(MODERATION_MESSAGES.reasonTooLong, { field: "reason" });
  return reason;
}

/** A suspension's length: whole days 1..365, or null for permanently. */
export function cleanDays(days: unknown, permanent: unknown): number | null {
  if (permanent === true || permanent === "true") return null;
  const n = typeof days === "string" && /^\d+$/.test(days) ? Number(days) : days;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 365) throw badInput(MODERATION_MESSAGES.duration, { field: "days" });
  return n;
}

export const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * DAY);

/** A reported student's implement posts, by page, on the moderation console. */
export const REPORTED_POSTS_PAGE_SIZE = 10;
