import { requireUser, type KitServices } from "../../kit/context.js";
import { route } from "../../kit/rest-kit.js";
import { OkAnswer } from "../../kit/rest-schemas.js";
import { z } from "../../kit/zod-openapi.js";
import type { RestRoutes } from "../../kit/rest-routes.js";
import { ReportResolution } from "../chat/chat.types.js";
import { MAX_PAGE_SIZE } from "../../shared/pagination.js";
import { AUDIT_LIMIT, QUEUE_LIMIT } from "./moderation.rules.js";
import type { ModerationService } from "./moderation.service.js";
import { withLatestMessages } from "./moderation.rest-adapters.js";
import { OperatorActionKind } from "./moderation.types.js";
import type { OperatorActionView } from "./moderation.views.js";
import { ModeratedStudent as Student, ModerationChat as Chat } from "./moderation.rest-schemas.js";

const tag = "moderation";
const Id = z.object({ id: z.string() });
const Reason = { reason: z.unknown().describe("Why (required; shown in the audit log).") };
const ReportRef = { reportId: z.string().optional().describe("The report this action answers, if any.") };
const At = z.string().datetime();
const Report = z
  .object({
    id: z.string(),
    reason: z.string(),
    details: z.string().nullable(),
    createdAt: At,
    resolvedAt: At.nullable(),
    resolution: z.nativeEnum(ReportResolution).nullable(),
    reporter: Student.nullable(),
    reported: Student.nullable(),
    reportedBy: z.number().int().describe("How many different partners reported the reported student."),
    flagged: z.boolean(),
    chat: Chat.nullable(),
  })
  .openapi("ModerationReport");
const Message = z.object({ seq: z.number().int(), fromUserId: z.string(), body: z.string(), createdAt: At }).openapi("ModerationMessage");
const Action = z
  .object({
    id: z.string(),
    actor: z.string(),
    action: z.nativeEnum(OperatorActionKind),
    targetUserId: z.string().nullable(),
    reportId: z.string().nullable(),
    postId: z.string().nullable(),
    reason: z.string(),
    details: z.string().nullable(),
    createdAt: At,
  })
  .openapi("OperatorActionEntry");
const Stats = z
  .object({
    studentsVerified: z.number().int(),
    studentsUnverified: z.number().int(),
    activeChats: z.number().int(),
    openReports: z.number().int().openapi({ description: "Chat reports no operator has resolved yet." }),
    openReviewReports: z.number().int().openapi({ description: "Review reports no operator has resolved yet." }),
    coinsInCirculation: z.number().int(),
    coinsInEscrow: z.number().int(),
  })
  .openapi("ModerationStats");
const NotOperator = { 403: "The caller is not an operator." };
const NO_STUDENT = "No such student.";
/** The refusals of an action that may name a report (`reportId`), which it resolves. */
const OpenReport = { 404: "No such report (or post).", 409: "The report is already resolved." };
const ActOnStudent = { ...NotOperator, 404: `${NO_STUDENT} Or no such report.`, 409: OpenReport[409] };

/** REST's audit log is one list of the newest AUDIT_LIMIT actions: the paged log, read page after page. */
async function newestActions(m: ModerationService, callerId: string): Promise<OperatorActionView[]> {
  const actions: OperatorActionView[] = [];
  let after: string | null = null;
  while (actions.length < AUDIT_LIMIT) {
    const page = await m.auditPage(callerId, { first: Math.min(MAX_PAGE_SIZE, AUDIT_LIMIT - actions.length), after });
    actions.push(...page.edges.map((e) => e.node));
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  return actions;
}

/**
 * The moderation console over REST (operators only: 403 for everyone else), served by the same
 * service as GraphQL, which checks the caller: GET reports|report|stats|audit, POST the actions
 * with `{ reason, ... }`.
 */
export function moderationRest(services: KitServices, r: RestRoutes): void {
  const m = services.moderation;
  const caller = (ctx: Parameters<typeof requireUser>[0]) => requireUser(ctx).id;
  const doc = <E extends object = object>(summary: string, extra?: E) => ({
    tag,
    summary,
    auth: "bearer" as const,
    responses: NotOperator,
    response: OkAnswer,
    ...(extra as E),
  });

  r.get(
    "/moderation/stats",
    route(services, doc("Counts for the console", { response: Stats }), async (_req, ctx) => m.stats(caller(ctx))),
  );
  r.get(
    "/moderation/reports",
    route(
      services,
      doc("The report queue", {
        query: z.object({ status: z.enum(["open", "resolved"]).optional() }),
        response: z.object({ reports: z.array(Report) }),
      }),
      async (_req, ctx, _res, { query }) => {
        // The whole queue (at most QUEUE_LIMIT) in one list, as the paged queue's single page.
        const page = await m.queuePage(caller(ctx), query.status ?? "open", { first: QUEUE_LIMIT });
        return { reports: page.edges.map((e) => e.node) };
      },
    ),
  );
  r.get(
    "/moderation/reports/:id",
    route(
      services,
      doc("One report with its chat's latest messages", {
        params: Id,
        response: z.object({ report: Report, messages: z.array(Message).describe("The latest 500 at most, oldest first.") }),
        responses: { ...NotOperator, 404: "No such report." },
      }),
      async (_req, ctx, _res, { params }) => {
        const me = caller(ctx);
        return withLatestMessages(m, me, await m.report(me, params.id));
      },
    ),
  );
  r.get(
    "/moderation/audit",
    route(
      services,
      doc("The operators' action log, newest first", { response: z.object({ actions: z.array(Action) }) }),
      async (_req, ctx) => ({ actions: await newestActions(m, caller(ctx)) }),
    ),
  );

  r.post(
    "/moderation/reports/:id/dismiss",
    route(
      services,
      doc("Dismiss a report", { params: Id, body: z.object(Reason), responses: { ...NotOperator, ...OpenReport } }),
      async (_req, ctx, _res, { params, body }) => {
        await m.dismiss(caller(ctx), params.id, body.reason);
        return { error: "" };
      },
    ),
  );
  r.post(
    "/moderation/users/:id/warn",
    route(
      services,
      doc("Warn a student", { params: Id, body: z.object({ ...Reason, ...ReportRef }), responses: ActOnStudent }),
      async (_req, ctx, _res, { params, body }) => {
        await m.warn(caller(ctx), params.id, body.reason, body.reportId || null);
        return { error: "" };
      },
    ),
  );
  r.post(
    "/moderation/users/:id/suspend",
    route(
      services,
      doc("Suspend a student for some days or permanently", {
        params: Id,
        body: z.object({
          ...Reason,
          ...ReportRef,
          days: z.unknown().describe("1 to 365, unless permanent."),
          permanent: z.unknown().describe("true for a permanent suspension."),
        }),
        response: z.object({ error: z.string(), suspendedUntil: z.string().datetime() }),
        responses: ActOnStudent,
      }),
      async (_req, ctx, _res, { params, body }) => {
        const until = await m.suspend(caller(ctx), params.id, {
          days: body.days,
          permanent: body.permanent,
          reason: body.reason,
          reportId: body.reportId || null,
        });
        return { error: "", suspendedUntil: until.toISOString() };
      },
    ),
  );
  r.post(
    "/moderation/users/:id/unsuspend",
    route(
      services,
      doc("End a suspension", {
        params: Id,
        body: z.object(Reason),
        responses: { ...NotOperator, 404: NO_STUDENT, 409: "The student is not suspended." },
      }),
      async (_req, ctx, _res, { params, body }) => {
        await m.unsuspend(caller(ctx), params.id, body.reason);
        return { error: "" };
      },
    ),
  );
  r.post(
    "/moderation/implements/:id/hide",
    route(
      services,
      doc("Hide a project post", { params: Id, body: z.object({ ...Reason, ...ReportRef }), responses: { ...NotOperator, ...OpenReport } }),
      async (_req, ctx, _res, { params, body }) => {
        await m.hidePost(caller(ctx), params.id, body.reason, body.reportId || null);
        return { error: "" };
      },
    ),
  );
}
