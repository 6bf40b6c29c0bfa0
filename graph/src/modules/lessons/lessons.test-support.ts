/** GraphQL documents and helpers shared by the lessons suites (not a test file itself). */
import type { TestApp } from "../../../test/harness.js";
import { HOUR } from "../../shared/clock.js";

const FIELDS = `id chatId status proposedByMe partnerId timezone sequence startsAt endsAt durationMinutes slots { id startsAt durationMinutes } partner { id name }`;
export const PROPOSE = `mutation ($chatWith: ID!, $slots: [LessonSlotInput!]!, $timezone: String!) { proposeLesson(chatWith: $chatWith, slots: $slots, timezone: $timezone) { ${FIELDS} } }`;
export const ACCEPT = `mutation ($lessonId: ID!, $slotId: ID!) { acceptLessonSlot(lessonId: $lessonId, slotId: $slotId) { ${FIELDS} } }`;
export const CANCEL = `mutation ($lessonId: ID!) { cancelLesson(lessonId: $lessonId) { ${FIELDS} } }`;
export const RESCHEDULE = `mutation ($lessonId: ID!, $slot: LessonSlotInput!, $timezone: String!) { rescheduleLesson(lessonId: $lessonId, slot: $slot, timezone: $timezone) { ${FIELDS} } }`;
export const LESSONS = `query ($chatWith: ID!, $first: Int, $after: String) { lessons(chatWith: $chatWith, first: $first, after: $after) { edges { cursor node { id status } } pageInfo { hasNextPage endCursor } } }`;
export const UPCOMING = `{ upcomingLessons { edges { node { id startsAt partnerId partner { name } } } pageInfo { hasNextPage } } }`;
export const CHANGED = `subscription ($chatWith: ID!) { lessonChanged(chatWith: $chatWith) { id status proposedByMe slots { id } } }`;
export const HELD = `query ($chatWith: ID!) { chat(chatWith: $chatWith) { id lessonsHeld } }`;

/** A whole hour at least `hours` from the test clock. */
export const wholeHourAfter = (t: TestApp, hours: number) => new Date(Math.ceil(t.clock.now().getTime() / HOUR) * HOUR + hours * HOUR);
