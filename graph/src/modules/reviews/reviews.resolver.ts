import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { MAX_ANSWER_CHARS, MAX_REVIEW_CHARS, MIN_REVIEW_CHARS } from "../../../../common/reviews.js";
import { type Context, requireUser } from "../../kit/context.js";
import { AFTER_ARG, firstArg, formerStudent } from "../../shared/graphql-types.js";
import { ReportReason } from "../../../../common/chat.js";
import { ChatView } from "../chat/chat.types.js";
import { MAX_REVIEWS_PAGE, REVIEWS_PAGE_SIZE } from "./review.rules.js";
import {
  ChatReviewView,
  ReviewAuthorView,
  ReviewConnection,
  ReviewView,
  toChatReviewView,
  toReviewConnection,
  toReviewView,
} from "./reviews.types.js";

const now = (ctx: Context) => ctx.services.deps.clock.now();

@Resolver(() => ReviewView)
export class ReviewsResolver {
  @Query(() => ReviewConnection, {
    description:
      "The reviews shown on a student's profile, newest shown first: visible ones only (both partners wrote theirs, or the window ended), hidden ones never. Anyone signed in may read them.",
  })
  @Authorized()
  async reviewsOf(
    @Arg("userId", () => ID, { description: "The reviewed student's user id." }) userId: string,
    @Arg("first", () => Int, firstArg(REVIEWS_PAGE_SIZE, MAX_REVIEWS_PAGE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<ReviewConnection> {
    return toReviewConnection(await ctx.services.reviews.ofProfile(userId, { first, after }), now(ctx));
  }

  @Query(() => ReviewConnection, {
    description: "Reviews about the caller that are shown, newest first, with whether the caller reported each (to answer or report).",
  })
  @Authorized()
  async reviewsAboutMe(
    @Arg("first", () => Int, firstArg(REVIEWS_PAGE_SIZE, MAX_REVIEWS_PAGE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<ReviewConnection> {
    const me = requireUser(ctx).id;
    const { page, reported } = await ctx.services.reviews.aboutMe(me, { first, after });
    return toReviewConnection(page, now(ctx), reported);
  }

  @Query(() => ReviewConnection, {
    description: "Reviews the caller wrote that are not shown yet (waiting for the partner's review or the window's end), newest first.",
  })
  @Authorized()
  async myPendingReviews(
    @Arg("first", () => Int, firstArg(REVIEWS_PAGE_SIZE, MAX_REVIEWS_PAGE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<ReviewConnection> {
    return toReviewConnection(await ctx.services.reviews.pendingBy(requireUser(ctx).id, { first, after }), now(ctx));
  }

  @FieldResolver(() => ReviewAuthorView, { description: "Who wrote it ('Former student' if the account is gone)." })
  async author(@Root() r: ReviewView, @Ctx() ctx: Context): Promise<ReviewAuthorView> {
    return (await ctx.loaders.users.summary.load(r.authorId)) ?? formerStudent(r.authorId);
  }

  @Mutation(() => ReviewView, {
    description:
      `Writes the caller's review of their partner in a completed chat (${MIN_REVIEW_CHARS}..${MAX_REVIEW_CHARS} characters; BAD_USER_INPUT with field text). ` +
      "NOT_FOUND: no such chat; CONFLICT: not completed, the window has ended, or already written; FORBIDDEN: either blocked the other. " +
      "It is final (never editable) and shown once the partner writes theirs or the window ends.",
  })
  @Authorized()
  async writeReview(
    @Arg("chatWith", () => ID, { description: "The partner's user id (the chat is named by who it is with)." }) chatWith: string,
    @Arg("text", () => String, { description: `What you learned and how it went, ${MIN_REVIEW_CHARS} to ${MAX_REVIEW_CHARS} characters.` })
    text: string,
    @Ctx() ctx: Context,
  ): Promise<ReviewView> {
    return toReviewView(await ctx.services.reviews.write(requireUser(ctx).id, chatWith, text), now(ctx));
  }

  @Mutation(() => ReviewView, {
    description:
      `The reviewed student answers a shown review once, publicly (1..${MAX_ANSWER_CHARS} characters). ` +
      "NOT_FOUND: no such shown review; FORBIDDEN: not the review's subject; CONFLICT: already answered.",
  })
  @Authorized()
  async answerReview(
    @Arg("id", () => ID, { description: "The review's id." }) id: string,
    @Arg("text", () => String, { description: `The answer, 1 to ${MAX_ANSWER_CHARS} characters.` }) text: string,
    @Ctx() ctx: Context,
  ): Promise<ReviewView> {
    return toReviewView(await ctx.services.reviews.answer(requireUser(ctx).id, id, text), now(ctx));
  }

  @Mutation(() => ReviewView, {
    description:
      "The reviewed student reports a shown review to the operators (once; CONFLICT after). It stays shown until an operator hides it. " +
      "NOT_FOUND: no such shown review; FORBIDDEN: not the review's subject.",
  })
  @Authorized()
  async reportReview(
    @Arg("id", () => ID, { description: "The review's id." }) id: string,
    @Arg("reason", () => ReportReason, { description: "Why (the reasons of a chat report)." }) reason: string,
    @Arg("details", () => String, { nullable: true, description: "Free text, required for OTHER (at most 500 characters)." })
    details: string | null,
    @Ctx() ctx: Context,
  ): Promise<ReviewView> {
    const me = requireUser(ctx).id;
    const review = await ctx.services.reviews.reports.report(me, id, reason, details);
    return toReviewView(review, now(ctx), true);
  }
}

@Resolver(() => ChatView)
export class ChatReviewFieldResolver {
  @FieldResolver(() => ChatReviewView, {
    description: "The viewer's written review of the partner for this chat (the finished chat's form).",
  })
  async review(@Root() chat: ChatView, @Ctx() ctx: Context): Promise<ChatReviewView> {
    return toChatReviewView(await ctx.services.reviews.chatState(requireUser(ctx).id, chat.partnerId), now(ctx));
  }
}
