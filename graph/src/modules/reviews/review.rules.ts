/** What a valid review, answer and report are: the server's checks, with the texts of common/reviews.ts. */
import { MAX_REPORT_DETAILS_CHARS } from "../../../../common/chat.js";
import { MAX_ANSWER_CHARS, MAX_REVIEW_CHARS, MIN_REVIEW_CHARS, REVIEW_MESSAGES } from "../../../../common/reviews.js";
import { badInput } from "../../shared/errors.js";

export const REVIEW_MESSAGES_SERVER = REVIEW_MESSAGES;
/** Profile and "about you" pages; the pending list is short by nature (at most one per finished chat in the window). */
export const REVIEWS_PAGE_SIZE = 10;
export const MAX_REVIEWS_PAGE = 50;

/** Whether a review shows on its subject's profile at `now`: its window is over (or both wrote theirs) and no operator hid it. */
export function isShown(review: { visibleAt: Date; hiddenAt: Date | null }, now: Date): boolean {
  return review.visibleAt.getTime() <= now.getTime() && review.hiddenAt === null;
}

/** A forward page's arguments (the reviews' lists and the operators' report queue). */
export interface Paging {
  first?: number | null;
  after?: string | null;
}

const cleanText = (raw: unknown) =>
  typeof raw === "string"
    ? raw
        // eslint-disable-next-line no-control-regex -- control characters have no place in a review
        .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
        .replace(/\r\n?/g, "\n")
        .trim()
    : "";

/** A review's text: MIN_REVIEW_CHARS..MAX_REVIEW_CHARS characters (code points) after trimming. */
export function cleanReviewText(raw: unknown): string {
  const text = cleanText(raw);
  const n = [...text].length;
  if (n < MIN_REVIEW_CHARS) throw badInput(REVIEW_MESSAGES.tooShort, { field: "text" });
  if (n > MAX_REVIEW_CHARS) throw badInput(REVIEW_MESSAGES.tooLong, { field: "text" });
  return text;
}

/** An answer: 1..MAX_ANSWER_CHARS characters. */
export function cleanAnswerText(raw: unknown): string {
  const text = cleanText(raw);
  if (!text) throw badInput(REVIEW_MESSAGES.answerEmpty, { field: "text" });
  if ([...text].length > MAX_ANSWER_CHARS) throw badInput(REVIEW_MESSAGES.answerTooLong, { field: "text" });
  return text;
}

export const cleanDetails = (raw: unknown) => {
  const d = cleanText(raw);
  return d ? [...d].slice(0, MAX_REPORT_DETAILS_CHARS).join("") : null;
};
