/**
 * Written reviews after a finished swap: limits and the texts both the server and the web show.
 * Double-blind: a review is shown when both partners have written theirs, or REVIEW_WINDOW_DAYS
 * after the finish, whichever comes first; after the window nobody can write one.
 */
export const MIN_REVIEW_CHARS = 20;
export const MAX_REVIEW_CHARS = 1000;
export const MAX_ANSWER_CHARS = 500;
export const REVIEW_WINDOW_DAYS = 14;

export const REVIEW_MESSAGES = {
  tooShort: `Please write at least ${MIN_REVIEW_CHARS} characters`,
  tooLong: `A review can be at most ${MAX_REVIEW_CHARS} characters`,
  answerEmpty: "Please write an answer",
  answerTooLong: `An answer can be at most ${MAX_ANSWER_CHARS} characters`,
  notFinished: "You can review your partner once the swap is finished",
  alreadyWritten: "You have already reviewed this swap",
  windowClosed: `Reviews can only be written within ${REVIEW_WINDOW_DAYS} days of the finish`,
  blocked: "You cannot review this student",
  reviewNotFound: "Review not found",
  notYourReview: "Only the reviewed student can answer or report a review",
  notVisibleYet: "This review is not shown yet",
  alreadyAnswered: "You have already answered this review",
  alreadyReported: "You have already reported this review",
  hidden: "This review was hidden by a moderator",
} as const;

/** Code points, as the server counts them (an emoji is one character). */
export const reviewLength = (text: string) => [...text.trim()].length;
