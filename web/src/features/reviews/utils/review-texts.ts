import { MAX_ANSWER_CHARS, MAX_REVIEW_CHARS, MIN_REVIEW_CHARS, REVIEW_MESSAGES, reviewLength } from "../../../../../common/reviews";
import { formatDate } from "../../../lib/format-date";

export { MAX_ANSWER_CHARS, MAX_REVIEW_CHARS, MIN_REVIEW_CHARS, REVIEW_MESSAGES, reviewLength };

/** The double-blind promise, under the form and beside a pending review. */
export const blindText = (partnerName: string, until: string) =>
  `Your review is shown when ${partnerName} writes theirs, or on ${formatDate(until)}.`;

/** The form's own check, with the server's words (the server checks again). */
export function reviewTextError(text: string): string | null {
  const n = reviewLength(text);
  if (n < MIN_REVIEW_CHARS) return REVIEW_MESSAGES.tooShort;
  if (n > MAX_REVIEW_CHARS) return REVIEW_MESSAGES.tooLong;
  return null;
}

export function answerTextError(text: string): string | null {
  const n = reviewLength(text);
  if (n === 0) return REVIEW_MESSAGES.answerEmpty;
  if (n > MAX_ANSWER_CHARS) return REVIEW_MESSAGES.answerTooLong;
  return null;
}

/** "Learned Guitar" (the author learned it from the reviewed student) or "Taught Guitar". */
export function skillLine(review: { skill?: string | null; authorLearned: boolean }): string | null {
  if (!review.skill) return null;
  return review.authorLearned ? `Learned ${review.skill}` : `Taught ${review.skill}`;
}
