/**
 * The chat page's texts. Limits, report reasons and the texts the server gives too come
 * from common/chat.ts; the server checks everything again.
 */
import { CHAT_FORM_MESSAGES } from "../../../../../common/chat";

export const TEXTS = {
  ...CHAT_FORM_MESSAGES,
  ratingMissing: "Please choose from 1 to 5 stars",
  suspended: "This chat was reported and is closed.",
  completed: "You both finished this chat. Well done!",
  closed: "This chat is closed: the other student's account is no longer active. Coins held for it went back to whoever paid.",
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
