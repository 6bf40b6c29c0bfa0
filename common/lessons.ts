/**
 * Scheduled lessons: limits and the texts both sides show, shared by the server's checks
 * (graph/src/modules/lessons/lesson.rules.ts) and the chat page's form (web/src/features/lessons).
 * Plain TypeScript: no Node or DOM APIs.
 */

export const MIN_LESSON_MINUTES = 15;
export const MAX_LESSON_MINUTES = 240;
/** Time slots one proposal may offer. */
export const MAX_LESSON_SLOTS = 5;
/** Proposals waiting for an answer in one chat at a time. */
export const MAX_OPEN_PROPOSALS = 5;
/** How far ahead a lesson may be planned. */
export const MAX_LESSON_DAYS_AHEAD = 180;
/** The reminder mail goes out this long before a lesson starts. */
export const LESSON_REMINDER_MINUTES = 60;
/** Durations the form offers (the server accepts any whole number of minutes in range). */
export const LESSON_DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240] as const;

export const LESSON_MESSAGES = {
  noSlots: "Please propose at least one time",
  tooManySlots: `You can propose at most ${MAX_LESSON_SLOTS} times at once`,
  slotInvalid: "Please enter a valid date and time",
  slotPast: "Please choose a time in the future",
  slotTooFar: `Lessons can be planned at most ${MAX_LESSON_DAYS_AHEAD} days ahead`,
  slotDuplicate: "This time is already in the list",
  duration: `A lesson lasts from ${MIN_LESSON_MINUTES} to ${MAX_LESSON_MINUTES} minutes`,
  timezone: "Your time zone was not recognised",
  tooManyOpen: `There are already ${MAX_OPEN_PROPOSALS} proposals waiting for an answer in this chat`,
  notFound: "Lesson not found",
  ownProposal: "You cannot accept your own proposal",
  notProposed: "This proposal was already answered or withdrawn",
  slotNotInProposal: "That time is not part of this proposal",
  notScheduled: "Only a scheduled lesson can be rescheduled",
  alreadyCancelled: "This lesson was already cancelled",
  alreadyOver: "This lesson is already over",
} as const;
