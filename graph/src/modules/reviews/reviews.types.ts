import { Field, ID, Int, ObjectType } from "type-graphql";
import { MAX_ANSWER_CHARS, MAX_REVIEW_CHARS, MIN_REVIEW_CHARS, REVIEW_WINDOW_DAYS } from "../../../../common/reviews.js";
import { Connection, UserSummaryFields } from "../../shared/graphql-types.js";
import type { Connection as Page } from "../../shared/pagination.js";
import type { ChatReviewState, Review } from "./reviews.service.js";
import { isShown } from "./review.rules.js";

@ObjectType("ReviewAuthor", { simpleResolvers: true, description: "The student who wrote a review, as the profile shows them." })
export class ReviewAuthorView extends UserSummaryFields {}

@ObjectType("Review", {
  simpleResolvers: true,
  description:
    `A partner's written review after a finished swap (${MIN_REVIEW_CHARS}..${MAX_REVIEW_CHARS} characters), double-blind: ` +
    `shown on the subject's profile once both partners wrote theirs or ${REVIEW_WINDOW_DAYS} days after the finish. Never editable.`,
})
export class ReviewView {
  @Field(() => ID, { description: "The review's id (answerReview and reportReview take it)." })
  id: string;

  @Field(() => ID, { description: "The subject's user id: the student the review is about." })
  subjectId: string;

  @Field(() => String, { nullable: true, description: "The skill of the swap; null for a chat without one (a shared project)." })
  skill: string | null;

  @Field(() => String, { nullable: true, description: "The skill's category; null with `skill`." })
  category: string | null;

  @Field(() => Boolean, {
    description:
      "True when the author learned `skill` from the subject; false when the subject learned it from the author (a paid course's teacher).",
  })
  authorLearned: boolean;

  @Field(() => Int, { nullable: true, description: "The stars (1..5) the author gave the subject in that chat; null when not known." })
  stars: number | null;

  @Field(() => String, { description: "Plain text: render it as text, never as HTML." })
  text: string;

  @Field(() => Date, { description: "When it was written." })
  createdAt: Date;

  @Field(() => Date, {
    description: "When it is (or was) shown on the profile: when the partner's review arrived, or the finish plus the window.",
  })
  visibleAt: Date;

  @Field(() => Boolean, { description: "Shown on the profile now (false: waiting for the partner's review or the window's end)." })
  visible: boolean;

  @Field(() => String, {
    nullable: true,
    description: `The subject's public answer (at most ${MAX_ANSWER_CHARS} characters); null until answered.`,
  })
  answer: string | null;

  @Field(() => Date, { nullable: true, description: "When the subject answered." })
  answeredAt: Date | null;

  @Field(() => Boolean, { description: "The viewer has reported this review (only its subject can); false for anyone else." })
  reportedByMe: boolean;

  // Not a field: the `author` field resolver reads it.
  authorId: string;
}

@ObjectType("ReviewConnection", { description: "A page of reviews." })
export class ReviewConnection extends Connection<ReviewView>("Review", ReviewView) {}

@ObjectType("ChatReview", {
  simpleResolvers: true,
  description: "The viewer's written review of a chat's partner: whether they may write one, until when, and the one they wrote.",
})
export class ChatReviewView {
  @Field(() => Date, {
    nullable: true,
    description: `The finish plus ${REVIEW_WINDOW_DAYS} days: the last moment to write one, and when a lone review is shown. Null until the chat is completed.`,
  })
  writableUntil: Date | null;

  @Field(() => Boolean, {
    description: "The viewer may write a review now (completed chat, within the window, none written, not blocked).",
  })
  canWrite: boolean;

  @Field(() => String, { nullable: true, description: "Why the viewer cannot write one now; null when they can or already did." })
  reason: string | null;

  @Field(() => ReviewView, { nullable: true, description: "The review the viewer wrote (pending or shown); null when none." })
  mine: ReviewView | null;
}

export function toReviewView(r: Review, now: Date, reported = false): ReviewView {
  return {
    id: r.id,
    subjectId: r.subjectId,
    authorId: r.authorId,
    skill: r.skill,
    category: r.category,
    authorLearned: r.authorLearned,
    stars: r.stars,
    text: r.text,
    createdAt: r.createdAt,
    visibleAt: r.visibleAt,
    visible: isShown(r, now),
    answer: r.answer,
    answeredAt: r.answeredAt,
    reportedByMe: reported,
  };
}

export function toReviewConnection(page: Page<Review>, now: Date, reported?: Set<string>): ReviewConnection {
  return {
    edges: page.edges.map((e) => ({ node: toReviewView(e.node, now, reported?.has(e.node.id) ?? false), cursor: e.cursor })),
    pageInfo: page.pageInfo,
  };
}

export function toChatReviewView(s: ChatReviewState, now: Date): ChatReviewView {
  return { writableUntil: s.writableUntil, canWrite: s.canWrite, reason: s.reason, mine: s.mine ? toReviewView(s.mine, now) : null };
}
