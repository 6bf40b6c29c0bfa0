import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import { AFTER_ARG, BEFORE_ARG, firstArg, lastArg } from "../../shared/graphql-types.js";
import { QUEUE_LIMIT, REPORTED_POSTS_PAGE_SIZE, ReportQueueStatus } from "./moderation.rules.js";
import {
  ModerationChatType,
  ModerationMessageConnection,
  ModerationPostConnection,
  ModerationReportConnection,
  ModerationReportType,
  ModerationStatsType,
  OperatorActionEntryConnection,
  OperatorActionType,
  SuspendStudentInput,
} from "./moderation.types.js";

/** Every field and mutation here answers FORBIDDEN to anyone who is not an operator: the service checks the caller. */
const caller = (ctx: Context) => requireUser(ctx).id;

@Resolver(() => ModerationReportType)
export class ModerationResolver {
  @Query(() => ModerationStatsType, { description: "Operators only (FORBIDDEN otherwise): the console's counts." })
  async moderationStats(@Ctx() ctx: Context): Promise<ModerationStatsType> {
    return ctx.services.moderation.stats(caller(ctx));
  }

  @Query(() => ModerationReportConnection, {
    description:
      `Operators only. Reports, open or resolved (status: OPEN | RESOLVED), of the newest ${QUEUE_LIMIT}: students reported by several ` +
      "different partners first, then newest. Paged on (flagged, time, id): a report that becomes flagged between pages may move.",
  })
  async moderationReports(
    @Arg("status", () => ReportQueueStatus, { defaultValue: ReportQueueStatus.OPEN, description: "Open (default) or resolved reports." })
    status: ReportQueueStatus,
    @Arg("first", () => Int, firstArg(QUEUE_LIMIT, QUEUE_LIMIT)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<ModerationReportConnection> {
    return ctx.services.moderation.queuePage(caller(ctx), status, { first, after });
  }

  @Query(() => ModerationReportType, { description: "Operators only. One report (NOT_FOUND for an unknown id)." })
  async moderationReport(
    @Arg("id", () => ID, { description: "The report's id." }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ModerationReportType> {
    return ctx.services.moderation.report(caller(ctx), id);
  }

  @Query(() => OperatorActionEntryConnection, { description: "Operators only. The audit log, newest first." })
  async moderationAudit(
    @Arg("first", () => Int, firstArg(50)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<OperatorActionEntryConnection> {
    return ctx.services.moderation.auditPage(caller(ctx), { first, after });
  }

  @FieldResolver(() => ModerationPostConnection, {
    description: "The reported student's implement posts others can see, newest first, to hide.",
  })
  async reportedPosts(
    @Root() r: ModerationReportType,
    @Arg("first", () => Int, firstArg(REPORTED_POSTS_PAGE_SIZE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<ModerationPostConnection> {
    return ctx.services.moderation.reportedPosts(caller(ctx), r.reported?.id ?? null, { first, after });
  }

  @Mutation(() => Boolean, { description: "Operators only. Closes an open report without action; the reason goes into the audit log." })
  async dismissReport(
    @Arg("reportId", () => ID, { description: "An open report; CONFLICT when already resolved, NOT_FOUND when unknown." }) reportId: string,
    @Arg("reason", () => String, {
      description: "Why: required, at most 500 characters (BAD_USER_INPUT otherwise); goes into the audit log.",
    })
    reason: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.moderation.dismiss(caller(ctx), reportId, reason);
    return true;
  }

  @Mutation(() => Boolean, {
    description: "Operators only. The student gets a notification with the reason; the report (if given) is resolved.",
  })
  async warnStudent(
    @Arg("userId", () => ID, { description: "The student to warn (not oneself: BAD_USER_INPUT)." }) userId: string,
    @Arg("reason", () => String, { description: "Required, at most 500 characters; the student reads it in the notification." })
    reason: string,
    @Arg("reportId", () => ID, { nullable: true, description: "The open report this acts on (resolved as WARNED)." })
    reportId: string | null,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.moderation.warn(caller(ctx), userId, reason, reportId);
    return true;
  }

  @Mutation(() => Date, {
    description:
      "Operators only. Suspends a student for some days or permanently: no sign-in, not listed, open requests cancelled, chats in progress closed with held coins refunded, tokens and sockets revoked. Answers the end (9999-12-31: permanently; ModeratedStudent.suspension.permanent says so).",
  })
  async suspendStudent(
    @Arg("input", () => SuspendStudentInput, { description: "Whom, how long and why." }) input: SuspendStudentInput,
    @Ctx() ctx: Context,
  ): Promise<Date> {
    return ctx.services.moderation.suspend(caller(ctx), input.userId, input);
  }

  @Mutation(() => Boolean, { description: "Operators only. Ends a suspension now." })
  async unsuspendStudent(
    @Arg("userId", () => ID, { description: "A suspended student (CONFLICT otherwise)." }) userId: string,
    @Arg("reason", () => String, {
      description: "Why: required, at most 500 characters (BAD_USER_INPUT otherwise); goes into the audit log.",
    })
    reason: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.moderation.unsuspend(caller(ctx), userId, reason);
    return true;
  }

  @Mutation(() => Boolean, { description: "Operators only. Hides an implement post for good (its owner cannot show it again)." })
  async hideImplementPost(
    @Arg("postId", () => ID, { description: "The implement post to hide." }) postId: string,
    @Arg("reason", () => String, {
      description: "Why: required, at most 500 characters (BAD_USER_INPUT otherwise); goes into the audit log.",
    })
    reason: string,
    @Arg("reportId", () => ID, { nullable: true, description: "The open report this acts on (resolved as POST_HIDDEN)." })
    reportId: string | null,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.moderation.hidePost(caller(ctx), postId, reason, reportId);
    return true;
  }
}

@Resolver(() => ModerationChatType)
export class ModerationChatResolver {
  @FieldResolver(() => ModerationMessageConnection, {
    description:
      "The chat's messages, oldest first, read backwards like the chat: the newest `last`, then older ones with `before`: the evidence.",
  })
  async messages(
    @Root() chat: ModerationChatType,
    @Arg("last", () => Int, lastArg("How many of the newest messages (before `before`) to return; default 100.")) last: number | null,
    @Arg("before", () => String, BEFORE_ARG) before: string | null,
    @Ctx() ctx: Context,
  ): Promise<ModerationMessageConnection> {
    return ctx.services.moderation.evidence(caller(ctx), chat.id, { last, before });
  }
}

@Resolver(() => OperatorActionType)
export class OperatorActionResolver {
  @FieldResolver(() => String, { nullable: true, description: "The student the action concerned, by their name now." })
  async targetName(@Root() a: OperatorActionType, @Ctx() ctx: Context): Promise<string | null> {
    return a.targetUserId ? ((await ctx.loaders.users.summary.load(a.targetUserId))?.name ?? null) : null;
  }
}
