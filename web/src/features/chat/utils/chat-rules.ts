/**
 * The chat's texts and limits as the server has them (graph/src/modules/chat/chat.rules.ts);
 * the server checks everything again.
 */
export const MAX_MESSAGE_CHARS = 2000;
export const MIN_DAYS_TO_FINISH = 10;

/** Spec section 3, in this order. */
export const REPORT_REASONS = ["Swapped by mistake", "Inappropriate behavior", "Spam or scam", "Harassment", "Other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const TEXTS = {
  reasonMissing: "Please select a reason for reporting",
  otherMissing: "Please describe the reason for reporting",
  ratingMissing: "Please choose from 1 to 5 stars",
  messageTooLong: `A message can be at most ${MAX_MESSAGE_CHARS} characters`,
  suspended: "This chat was reported and is closed.",
  completed: "You both finished this chat. Well done!",
} as const;

/** Characters as the server counts them (an emoji is one). */
export const charCount = (s: string) => [...s].length;

/**
 * Where the meeting button goes. Spec: "a link without 'http' gets 'http://' prepended when
 * opened". Anything that is not http(s) afterwards is not opened at all.
 */
export function meetingHref(link: string | null | undefined): string | null {
  const text = (link ?? "").trim();
  if (!text) return null;
  const candidate = /^https?:\/\//i.test(text) ? text : /^[a-z][a-z0-9+.-]*:(?!\d)/i.test(text) ? null : `http://${text}`;
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** What the page shows for the link: without the scheme, shortened. */
export function meetingLabel(link: string): string {
  const short = link.replace(/^https?:\/\//i, "").replace(/\/$/, "");
  return short.length > 40 ? `${short.slice(0, 39)}…` : short;
}
