/**
 * What a valid chat action is: texts, limits and input checks shared by GraphQL and REST.
 * The limits, report reasons and texts the web page shows too are in common/chat.ts.
 */
import {
  CHAT_FORM_MESSAGES,
  MAX_MESSAGE_CHARS,
  MAX_REPORT_DETAILS_CHARS,
  MIN_DAYS_TO_FINISH,
  REPORT_REASONS,
  type ReportReason,
} from "../../../../common/chat.js";
import { badInput } from "../../shared/errors.js";

/** Spec section 9: each user gets 1 skill coin on a successful swap. */
export const FINISH_REWARD_COINS = 1;
export const MAX_MEETING_LINK_CHARS = 500;
/** Messages per page when scrolling up; REST returns at most MAX_REST_MESSAGES of the newest. */
export const DEFAULT_PAGE_SIZE = 30;
export const MAX_REST_MESSAGES = 500;
/**
 * The most stored messages `messageAdded(afterSeq:)` sends before the live ones: one page. A subscriber
 * further behind gets the first page after its `afterSeq`, then the live ones; it reads the chat again for the rest.
 */
export const MAX_CATCH_UP_MESSAGES = DEFAULT_PAGE_SIZE;
export const MAX_CHATS_LISTED = 200;
/** GraphQL's chat list page (the list scrolls for more). */
export const CHAT_LIST_PAGE_SIZE = 30;

export const CHAT_MESSAGES = {
  ...CHAT_FORM_MESSAGES,
  chatNotFound: "Chat not found",
  messageEmpty: "Please type a message",
  chatCompleted: "This chat is finished",
  chatSuspended: "This chat was reported and is closed",
  chatClosed: "This chat is closed: the other student's account is no longer active",
  ratingRange: "Please give a rating from 1 to 5 stars",
  alreadyRated: "You have already rated your partner in this chat",
  rateFirst: "Please rate your partner before finishing",
  alreadyReported: "You have already reported this chat",
  linkInvalid: "Please enter a valid http or https link",
  linkScheme: "Only http and https links can be shared",
  linkTooLong: `A meeting link can be at most ${MAX_MEETING_LINK_CHARS} characters`,
  notParticipant: "You are not part of this chat",
} as const;

/** Spec section 8, with the way out the spec mentions (report, no reward). */
export function tooEarlyMessage(days: number): string {
  return (
    `You should have learned for atleast ${MIN_DAYS_TO_FINISH} days to finish the course. You have just completed ${days} days. ` +
    "If you need to end it early, you can report the chat instead; nobody is rewarded then."
  );
}

const codePoints = (s: string) => [...s].length;

/** A message body: text (never HTML to us), not blank, at most 2000 characters. */
export function cleanMessageBody(raw: unknown): string {
  if (typeof raw !== "string") throw badInput(CHAT_MESSAGES.messageEmpty);
  // NUL and other C0 controls except tab/newline have no place in chat text.
  const body = raw
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
    .replace(/\r\n?/g, "\n")
    .trim();
  if (!body) throw badInput(CHAT_MESSAGES.messageEmpty);
  if (codePoints(body) > MAX_MESSAGE_CHARS) throw badInput(CHAT_MESSAGES.messageTooLong);
  return body;
}

/** 1..5 whole stars; the old client may send "4". */
export function cleanStars(raw: unknown): number {
  const n = typeof raw === "string" && /^\s*\d\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 5) throw badInput(CHAT_MESSAGES.ratingRange);
  return n;
}

/**
 * A report's reason. GraphQL sends one of the five reasons (plus details for Other); the old
 * client sends the chosen reason or, for Other, the typed text itself, which counts as Other.
 */
export function cleanReportReason(rawReason: unknown, rawDetails?: unknown): { reason: ReportReason; details: string | null } {
  const reason = typeof rawReason === "string" ? rawReason.trim() : "";
  const detailsIn = typeof rawDetails === "string" ? rawDetails.trim() : "";
  if (!reason) throw badInput(CHAT_MESSAGES.reasonMissing);
  const known = REPORT_REASONS.find((r) => r.toLowerCase() === reason.toLowerCase());
  if (known && known !== "Other") return { reason: known, details: detailsIn ? detailsIn.slice(0, MAX_REPORT_DETAILS_CHARS) : null };
  const details = known === "Other" ? detailsIn : reason;
  if (!details) throw badInput(CHAT_MESSAGES.otherMissing);
  return { reason: "Other", details: details.slice(0, MAX_REPORT_DETAILS_CHARS) };
}

/**
 * A meeting link as stored: http(s) only. Spec: "a link without 'http' gets 'http://'
 * prepended", so `meet.google.com/x` is stored as `http://meet.google.com/x`; any other
 * scheme (javascript:, data:, file:, ...) is refused. Empty clears the link (null).
 */
export function normalizeMeetingLink(raw: unknown): string | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== "string") throw badInput(CHAT_MESSAGES.linkInvalid);
  const text = raw.trim();
  if (!text) return null;
  if ([...text].length > MAX_MEETING_LINK_CHARS) throw badInput(CHAT_MESSAGES.linkTooLong);
  // Whitespace or control characters inside a link are how schemes get smuggled past checks.
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\s\u0000-\u001F\u007F]/.test(text)) throw badInput(CHAT_MESSAGES.linkInvalid);
  let candidate = text;
  if (!/^https?:\/\//i.test(text)) {
    // "scheme:" that is not "host:port" names another scheme: refused, never prefixed.
    if (/^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i.test(text) && !/^https?:/i.test(text)) throw badInput(CHAT_MESSAGES.linkScheme);
    if (/^https?:/i.test(text)) throw badInput(CHAT_MESSAGES.linkInvalid); // "http:foo", "https:/x"
    candidate = `http://${text.replace(/^\/+/, "")}`;
  }
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    throw badInput(CHAT_MESSAGES.linkInvalid);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw badInput(CHAT_MESSAGES.linkScheme);
  if (!url.hostname || url.username || url.password) throw badInput(CHAT_MESSAGES.linkInvalid);
  if (!/^[a-z0-9.-]+$/i.test(url.hostname) && !/^\[[0-9a-f:.]+\]$/i.test(url.hostname)) throw badInput(CHAT_MESSAGES.linkInvalid);
  const href = url.href;
  if (href.length > MAX_MEETING_LINK_CHARS) throw badInput(CHAT_MESSAGES.linkTooLong);
  // Keep what the user typed when it has no path: new URL adds a trailing "/" we do not need.
  return url.pathname === "/" && !candidate.endsWith("/") && !url.search && !url.hash ? href.slice(0, -1) : href;
}
