/**
 * The mail side of notifications: what a student can receive by mail, how, and the defaults.
 * Shared by the server (graph/src/modules/notifications/notification-mail.service.ts) and the
 * settings page (web/src/features/notifications). Plain TypeScript: no Node or DOM APIs.
 */

/** What a mail can be about, in the order the settings page lists them. */
export const MAIL_KINDS = [
  "request",
  "accepted",
  "rejected",
  "implementAccepted",
  "implementRejected",
  "message",
  "finish",
  "expired",
  "savedSearch",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** off: in the app only; instant: one mail each, right away; digest: one daily mail with everything new. */
export const MAIL_MODES = ["off", "instant", "digest"] as const;
export type MailMode = (typeof MAIL_MODES)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  request: "Swap and pay requests",
  accepted: "Your request was accepted",
  rejected: "Your request was rejected",
  implementAccepted: "Accepted on an implement",
  implementRejected: "Rejected on an implement",
  message: "New chat messages while you are away",
  finish: "A swap was finished",
  expired: "Requests that expired unanswered",
  savedSearch: "New students matching your saved searches",
};

export const MAIL_MODE_LABELS: Record<MailMode, string> = {
  off: "Off",
  instant: "Instant",
  digest: "Daily digest",
};

/** Requests and acceptances matter now; messages, expiries and the rest can wait for the digest. */
export const DEFAULT_MAIL_MODES: Record<MailKind, MailMode> = {
  request: "instant",
  accepted: "instant",
  rejected: "digest",
  implementAccepted: "instant",
  implementRejected: "digest",
  message: "digest",
  finish: "digest",
  expired: "digest",
  savedSearch: "digest",
};

export const isMailKind = (v: unknown): v is MailKind => typeof v === "string" && (MAIL_KINDS as readonly string[]).includes(v);
export const isMailMode = (v: unknown): v is MailMode => typeof v === "string" && (MAIL_MODES as readonly string[]).includes(v);

export const MAIL_SETTINGS_MESSAGES = {
  saved: "Your mail settings are saved",
  badKind: "Unknown kind of notification",
  badMode: "Choose off, instant or daily digest",
  unsubscribed: "You will no longer get these mails.",
  linkInvalid: "This unsubscribe link is not valid.",
};
