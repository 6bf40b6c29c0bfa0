/** The reviews suites' documents and helpers (not a test file itself). */
import { advanceDays, chatPair, FINISH, RATE, SEND, student, type Student } from "../../../test/chat.js";
import type { TestApp } from "../../../test/harness.js";

export const REVIEW_FIELDS = `id subjectId skill category authorLearned stars text createdAt visibleAt visible answer answeredAt reportedByMe author { id name image }`;
export const WRITE = `mutation ($chatWith: ID!, $text: String!) { writeReview(chatWith: $chatWith, text: $text) { ${REVIEW_FIELDS} } }`;
export const ANSWER = `mutation ($id: ID!, $text: String!) { answerReview(id: $id, text: $text) { ${REVIEW_FIELDS} } }`;
export const REPORT_REVIEW = `mutation ($id: ID!, $reason: ReportReason!, $details: String) { reportReview(id: $id, reason: $reason, details: $details) { id reportedByMe } }`;
export const REVIEWS_OF = `query ($userId: ID!, $first: Int, $after: String) { reviewsOf(userId: $userId, first: $first, after: $after) {
  pageInfo { hasNextPage endCursor } edges { cursor node { ${REVIEW_FIELDS} } } } }`;
export const ABOUT_ME = `{ reviewsAboutMe { edges { node { ${REVIEW_FIELDS} } } } }`;
export const PENDING = `{ myPendingReviews { edges { node { ${REVIEW_FIELDS} } } } }`;
export const CHAT_REVIEW = `query ($chatWith: ID!) { chat(chatWith: $chatWith) { id status review { writableUntil canWrite reason mine { id text visible visibleAt } } } }`;

export const TEXT_A = "Patient teacher, I can now play three chords on the guitar.";
export const TEXT_B = "Explained React hooks clearly and kept every session on time.";

/**
 * Two students whose swap chat is completed (both rated with the given stars and finished), finished at
 * the clock's now. With `b`, a new student `a` (learning Guitar) swaps with that existing student.
 */
export async function finishedPair(t: TestApp, stars: { a?: number; b?: number; message?: string } = {}, existing?: Student) {
  const pair = existing ? await pairWith(t, existing) : await chatPair(t);
  const { a, b } = pair;
  if (stars.message) await t.gql(SEND, { chatWith: b.id, body: stars.message }, a.token);
  await advanceDays(t, 10);
  for (const [me, other, s] of [
    [a, b, stars.a ?? 5],
    [b, a, stars.b ?? 4],
  ] as const) {
    const rated = await t.gql(RATE, { chatWith: other.id, stars: s }, me.token);
    if (rated.errors) throw new Error(JSON.stringify(rated.errors));
    const finished = await t.gql(FINISH, { chatWith: other.id }, me.token);
    if (finished.errors) throw new Error(JSON.stringify(finished.errors));
  }
  return pair;
}

export const nodes = (r: { data?: any }, field: string) => (r.data?.[field]?.edges ?? []).map((e: { node: any }) => e.node);

async function pairWith(t: TestApp, b: Student) {
  const a = await student(t, { gender: "Male", known: ["React"], required: ["Guitar"] });
  const chat = await t.app.services.deps.tx((em) =>
    t.app.services.chatOpen.open(
      {
        kind: "swap",
        requesterId: a.id,
        receiverId: b.id,
        requesterLearns: { skill: "Guitar", category: "Music & Performing Arts" },
        receiverLearns: { skill: "React", category: "Programming & Technology" },
        coins: 0,
        escrowRef: null,
        title: null,
      },
      em,
    ),
  );
  return { a, b, chat };
}
