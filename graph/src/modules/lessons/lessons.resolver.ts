import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import { AFTER_ARG, firstArg, formerStudent } from "../../shared/graphql-types.js";
import type { AddressedTopics } from "../../shared/pubsub.js";
import { ChatView } from "../chat/chat.types.js";
import { lessonFromEvent } from "./lesson-events.js";
import { DEFAULT_LESSONS_PAGE, MAX_LESSONS_PAGE } from "./lesson.rules.js";
import { LessonConnection, LessonPartnerView, LessonSlotInput, LessonView, toLessonConnection, toLessonView } from "./lessons.types.js";

async function lessonTopic(ctx: Context, chatWith: unknown) {
  const me = requireUser(ctx);
  const chat = await ctx.services.chat.require(me.id, chatWith);
  return ctx.services.deps.pubsub.events("LESSON_CHANGED", chat.id, (e) => e.participantIds.includes(me.id));
}

@Resolver(() => LessonView)
export class LessonsResolver {
  @Authorized()
  @Query(() => LessonConnection, {
    description: "The lessons of the caller's chat with `chatWith` (the partner's id), newest proposal first.",
  })
  async lessons(
    @Arg("chatWith", () => ID, { description: "The partner's user id." }) chatWith: string,
    @Ctx() ctx: Context,
    @Arg("first", () => Int, firstArg(DEFAULT_LESSONS_PAGE, MAX_LESSONS_PAGE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
  ): Promise<LessonConnection> {
    const me = requireUser(ctx).id;
    return toLessonConnection(await ctx.services.lessons.reads.ofChat(me, chatWith, { first, after }), me);
  }

  @Authorized()
  @Query(() => LessonConnection, { description: "The caller's scheduled lessons that have not ended yet, soonest first." })
  async upcomingLessons(
    @Ctx() ctx: Context,
    @Arg("first", () => Int, firstArg(DEFAULT_LESSONS_PAGE, MAX_LESSONS_PAGE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
  ): Promise<LessonConnection> {
    const me = requireUser(ctx).id;
    return toLessonConnection(await ctx.services.lessons.reads.upcoming(me, { first, after }), me);
  }

  @FieldResolver(() => LessonPartnerView, { description: "The other student." })
  async partner(@Root() lesson: LessonView, @Ctx() ctx: Context): Promise<LessonPartnerView> {
    return (await ctx.loaders.users.summary.load(lesson.partnerId)) ?? formerStudent(lesson.partnerId);
  }

  @Authorized()
  @Mutation(() => LessonView, {
    description: "Proposes 1..5 time slots for a lesson in the caller's chat in progress with `chatWith`; the partner accepts one.",
  })
  async proposeLesson(
    @Arg("chatWith", () => ID, { description: "The partner's user id." }) chatWith: string,
    @Arg("slots", () => [LessonSlotInput], { description: "1..5 future times, each 15..240 minutes long." }) slots: LessonSlotInput[],
    @Arg("timezone", () => String, { description: "The proposer's IANA time zone (e.g. Asia/Kolkata), used to word the mails." })
    timezone: string,
    @Ctx() ctx: Context,
  ): Promise<LessonView> {
    const me = requireUser(ctx).id;
    return toLessonView(await ctx.services.lessons.propose(me, chatWith, { slots, timezone }), me);
  }

  @Authorized()
  @Mutation(() => LessonView, {
    description: "The partner accepts one slot of a proposal; both students get a calendar invitation by mail.",
  })
  async acceptLessonSlot(
    @Arg("lessonId", () => ID, { description: "The proposal." }) lessonId: string,
    @Arg("slotId", () => ID, { description: "One of its slots." }) slotId: string,
    @Ctx() ctx: Context,
  ): Promise<LessonView> {
    const me = requireUser(ctx).id;
    return toLessonView(await ctx.services.lessons.accept(me, lessonId, slotId), me);
  }

  @Authorized()
  @Mutation(() => LessonView, {
    description: "Withdraws or declines a proposal, or cancels a scheduled lesson that is not over (both get a METHOD:CANCEL invitation).",
  })
  async cancelLesson(
    @Arg("lessonId", () => ID, { description: "The lesson." }) lessonId: string,
    @Ctx() ctx: Context,
  ): Promise<LessonView> {
    const me = requireUser(ctx).id;
    return toLessonView(await ctx.services.lessons.cancel(me, lessonId), me);
  }

  @Authorized()
  @Mutation(() => LessonView, {
    description: "Moves a scheduled lesson to a new time: both get an updated invitation (same UID, next SEQUENCE).",
  })
  async rescheduleLesson(
    @Arg("lessonId", () => ID, { description: "The scheduled lesson." }) lessonId: string,
    @Arg("slot", () => LessonSlotInput, { description: "The new time." }) slot: LessonSlotInput,
    @Arg("timezone", () => String, { description: "The caller's IANA time zone." }) timezone: string,
    @Ctx() ctx: Context,
  ): Promise<LessonView> {
    const me = requireUser(ctx).id;
    return toLessonView(await ctx.services.lessons.reschedule(me, lessonId, { slot, timezone }), me);
  }

  @Authorized()
  @Subscription(() => LessonView, {
    subscribe: ({ args, context }) => lessonTopic(context as Context, (args as { chatWith: unknown }).chatWith),
    description: "Each lesson of the caller's chat with `chatWith` when it is proposed, accepted, rescheduled or cancelled (either side).",
  })
  lessonChanged(
    @Root() event: AddressedTopics["LESSON_CHANGED"],
    @Arg("chatWith", () => ID, { description: "The partner's user id." }) _chatWith: string,
    @Ctx() ctx: Context,
  ): LessonView {
    return toLessonView(lessonFromEvent(event.payload), requireUser(ctx).id);
  }
}

@Resolver(() => ChatView)
export class ChatLessonsFieldResolver {
  @FieldResolver(() => Int, { description: "Scheduled lessons of this chat that have ended: shown beside the 10-day finish rule." })
  async lessonsHeld(@Root() chat: ChatView, @Ctx() ctx: Context): Promise<number> {
    return (await ctx.services.lessons.reads.heldInChats([chat.id])).get(chat.id) ?? 0;
  }
}
