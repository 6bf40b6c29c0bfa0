import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { type Context, requireUser } from "../../server/context.js";
import { ReportQueueStatus } from "./moderation.rules.js";
import type { QueueItem } from "./moderation.service.js";
import {
  ModerationChatType,
  ModerationMessageType,
  ModerationPostType,
  ModerationReportType,
  ModerationStatsType,
  OperatorActionType,
  SuspendStudentInput,
} from "./moderation.types.js";

/** Every field and mutation here answers FORBIDDEN to anyone who is not an operator. */
const operator = (ctx: Context) => ctx.services.moderation.operators.require(requireUser(ctx).id);

const toReport = (i: QueueItem): ModerationReportType & { reportedId: string } => ({
  id: i.report.id,
  reportedId: i.report.reportedId,
  reason: i.report.reason,
  details: i.report.details,
  createdAt: i.report.createdAt,
  resolvedAt: i.report.resolvedAt,
  resolution: i.report.resolution,
  reporter: i.reporter,
  reported: i.reported,
  reportedBy: i.reportedBy,
  flagged: i.flagged,
  chat: i.chat,
});

@Resolver(() => ModerationReportType)
export class ModerationResolver {
  @Query(() => ModerationStatsType, { description: "Operators only (FORBIDDEN otherwise): the console's counts." })
  async moderationStats(@Ctx() ctx: Context): Promise<ModerationStatsType> {
    await operator(ctx);
    return ctx.services.moderation.stats();
  }

  @Query(() => [ModerationReportType], {
    description: "Operators only. Reports, open or resolved, at most 100: students reported by several different partners first, then newest.",
  })
  async moderationReports(@Arg("status", () => ReportQueueStatus, { defaultValue: ReportQueueStatus.OPEN, description: "Open (default) or resolved reports." }) status: ReportQueueStatus, @Ctx() ctx: Context): Promise<ModerationReportType[]> {
    await operator(ctx);
    return (await ctx.services.moderation.queue(status)).map(toReport);
  }

  @Query(() => ModerationReportType, { description: "Operators only. One report (NOT_FOUND for an unknown id)." })
  async moderationReport(@Arg("id", () => ID, { description: "The report's id." }) id: string, @Ctx() ctx: Context): Promise<ModerationReportType> {
    await operator(ctx);
    return toReport(await ctx.services.moderation.report(id));
  }

  @Query(() => [OperatorActionType], { description: "Operators only. The audit log, newest first (first: at most 200)." })
  async moderationAudit(@Arg("first", () => Int, { defaultValue: 50, description: "How many of the newest rows, 1 to 200." }) first: number, @Ctx() ctx: Context): Promise<OperatorActionType[]> {
    await operator(ctx);
    return ctx.services.moderation.audit(first);
  }

  @FieldResolver(() => [ModerationPostType], { description: "The reported student's implement posts others can see (at most 10), to hide." })
  async reportedPosts(@Root() r: ModerationReportType & { reportedId: string }, @Ctx() ctx: Context): Promise<ModerationPostType[]> {
    return ctx.services.implementPosts.visibleOf(r.reportedId);
  }

  @Mutation(() => Boolean, { description: "Operators only. Closes an open report without action; the reason goes into the audit log." })
  async dismissReport(@Arg("reportId", () => ID, { description: "An open report; CONFLICT when already resolved, NOT_FOUND when unknown." }) reportId: string, @Arg("reason", () => String, { description: "Why: required, at most 500 characters (BAD_USER_INPUT otherwise); goes into the audit log." }) reason: string, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.moderation.dismiss(await operator(ctx), reportId, reason);
    return true;
  }

  @Mutation(() => Boolean, { description: "Operators only. The student gets a notification with the reason; the report (if given) is resolved." })
  async warnStudent(
    @Arg("userId", () => ID, { description: "The student to warn (not oneself: BAD_USER_INPUT)." }) userId: string,
    @Arg("reason", () => String, { description: "Required, at most 500 characters; the student reads it in the notification." }) reason: string,
    @Arg("reportId", () => ID, { nullable: true, description: "The open report this acts on (resolved as WARNED)." }) reportId: string | null,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.moderation.warn(await operator(ctx), userId, reason, reportId);
    return true;
  }

  @Mutation(() => Date, {
    description:
      "Operators only. Suspends a student for some days or permanently: no sign-in, not listed, open requests cancelled, chats in progress closed with held coins refunded, tokens and sockets revoked. Answers the end (9999-12-31: permanently).",
  })
  async suspendStudent(@Arg("input", () => SuspendStudentInput, { description: "Whom, how long and why." }) input: SuspendStudentInput, @Ctx() ctx: Context): Promise<Date> {
    return ctx.services.moderation.suspend(await operator(ctx), input.userId, input);
  }

  @Mutation(() => Boolean, { description: "Operators only. Ends a suspension now." })
  async unsuspendStudent(@Arg("userId", () => ID, { description: "A suspended student (CONFLICT otherwise)." }) userId: string, @Arg("reason", () => String, { description: "Why: required, at most 500 characters (BAD_USER_INPUT otherwise); goes into the audit log." }) reason: string, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.moderation.unsuspend(await operator(ctx), userId, reason);
    return true;
  }

  @Mutation(() => Boolean, { description: "Operators only. Hides an implement post for good (its owner cannot show it again)." })
  async hideImplementPost(
    @Arg("postId", () => ID, { description: "The implement post to hide." }) postId: string,
    @Arg("reason", () => String, { description: "Why: required, at most 500 characters (BAD_USER_INPUT otherwise); goes into the audit log." }) reason: string,
    @Arg("reportId", () => ID, { nullable: true, description: "The open report this acts on (resolved as POST_HIDDEN)." }) reportId: string | null,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.moderation.hidePost(await operator(ctx), postId, reason, reportId);
    return true;
  }
}

@Resolver(() => ModerationChatType)
export class ModerationChatResolver {
  @FieldResolver(() => [ModerationMessageType], { description: "The chat's latest messages (last: at most 500), oldest first: the evidence." })
  async messages(@Root() chat: ModerationChatType, @Arg("last", () => Int, { defaultValue: 200, description: "How many of the newest messages, 1 to 500." }) last: number, @Ctx() ctx: Context): Promise<ModerationMessageType[]> {
    await operator(ctx);
    const page = await ctx.services.chat.messages.page(chat.id, { last: Math.min(Math.max(1, last), 500) }, 500);
    return page.nodes.map((m) => ({ seq: m.seq, fromUserId: m.fromUserId, body: m.body, createdAt: m.createdAt }));
  }
}

@Resolver(() => OperatorActionType)
export class OperatorActionResolver {
  @FieldResolver(() => String, { nullable: true, description: "The student the action concerned, by their name now." })
  async targetName(@Root() a: OperatorActionType, @Ctx() ctx: Context): Promise<string | null> {
    return a.targetUserId ? ((await ctx.loaders.users.summary.load(a.targetUserId))?.name ?? null) : null;
  }
}
