import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import { AFTER_ARG, firstArg } from "../../shared/graphql-types.js";
import { QUEUE_LIMIT, ReportQueueStatus } from "./moderation.rules.js";
import { ModerationReviewReportConnection, ModerationReviewReportType } from "./review-moderation.types.js";

/** Every field and mutation here answers FORBIDDEN to anyone who is not an operator: the service checks the caller. */
const caller = (ctx: Context) => requireUser(ctx).id;
const REASON = { description: "Why: required, at most 500 characters (BAD_USER_INPUT otherwise); goes into the audit log." };

@Resolver(() => ModerationReviewReportType)
export class ReviewModerationResolver {
  @Query(() => ModerationReviewReportConnection, {
    description:
      "Operators only. Reported written reviews, open (default) or resolved, newest first; each with the review and the chat's evidence.",
  })
  async moderationReviewReports(
    @Arg("status", () => ReportQueueStatus, { defaultValue: ReportQueueStatus.OPEN, description: "Open (default) or resolved reports." })
    status: ReportQueueStatus,
    @Arg("first", () => Int, firstArg(QUEUE_LIMIT, QUEUE_LIMIT)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<ModerationReviewReportConnection> {
    return ctx.services.moderation.reviews.queuePage(caller(ctx), status, { first, after });
  }

  @Query(() => ModerationReviewReportType, { description: "Operators only. One review report (NOT_FOUND for an unknown id)." })
  async moderationReviewReport(
    @Arg("id", () => ID, { description: "The review report's id." }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ModerationReviewReportType> {
    return ctx.services.moderation.reviews.report(caller(ctx), id);
  }

  @Mutation(() => Boolean, {
    description:
      "Operators only. Hides the reported review for good (gone from the profile) and resolves the report as HIDDEN; audited as HIDE_REVIEW. CONFLICT when already resolved.",
  })
  async hideReview(
    @Arg("reportId", () => ID, { description: "An open review report." }) reportId: string,
    @Arg("reason", () => String, REASON) reason: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.moderation.reviews.hide(caller(ctx), reportId, reason);
    return true;
  }

  @Mutation(() => Boolean, {
    description:
      "Operators only. Closes a review report without action (the review stays shown); audited as DISMISS. CONFLICT when already resolved.",
  })
  async dismissReviewReport(
    @Arg("reportId", () => ID, { description: "An open review report." }) reportId: string,
    @Arg("reason", () => String, REASON) reason: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.moderation.reviews.dismiss(caller(ctx), reportId, reason);
    return true;
  }
}
