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
  implementAccepted: "Your request to join an implement was accepted",
  implementRejected: "Your request to join an implement was rejected",
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
  alreadyOff: "These mails are already off. You can turn them on again in your mail settings.",
  linkInvalid: "This unsubscribe link is not valid.",
};

// ---- push ----------------------------------------------------------------------------------

/**
 * What a push notification can be about: every mail kind, plus lessons (proposals, confirmations,
 * moves, cancellations and reminders; their mails carry calendar invitations and are not optional).
 */
export const PUSH_KINDS = [...MAIL_KINDS, "lesson"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_LABELS: Record<PushKind, string> = {
  ...MAIL_KIND_LABELS,
  lesson: "Lessons: proposals, confirmations and reminders",
};

/** Push reaches only devices a student turned it on for, so every kind is on there except expiries. */
export const PUSH_OFF_BY_DEFAULT: readonly PushKind[] = ["expired"];
export const defaultPush = (kind: PushKind): boolean => !PUSH_OFF_BY_DEFAULT.includes(kind);

export const isPushKind = (v: unknown): v is PushKind => typeof v === "string" && (PUSH_KINDS as readonly string[]).includes(v);

/** A student keeps push on at most this many devices (browsers) at once. */
export const MAX_PUSH_DEVICES = 20;

export const PUSH_MESSAGES = {
  badKind: "Unknown kind of notification",
  badEnabled: "Choose on or off",
  badEndpoint: "This browser's push address is not one we can send to",
  badKeys: "This browser's push keys are not valid",
  tooManyDevices: `Push is on for ${MAX_PUSH_DEVICES} devices already. Remove one to add this one.`,
  deviceNotFound: "Device not found",
};
