import { requireUser, type KitServices } from "../../kit/context.js";
import { route } from "../../kit/rest-kit.js";
import { OkAnswer } from "../../kit/rest-schemas.js";
import type { RestRoutes } from "../../kit/rest-routes.js";
import { z } from "../../kit/zod-openapi.js";
import { ModeratedStudent, ModerationChat } from "./moderation.rest-schemas.js";
import { withLatestMessages } from "./moderation.rest-adapters.js";

const tag = "moderation";
const At = z.string().datetime();
const Id = z.object({ id: z.string().describe("The review report's id.") });
const Reason = z.object({ reason: z.unknown().describe("Why (required; shown in the audit log).") });
const NotOperator = { 403: "The caller is not an operator." };
const ReviewReport = z
  .object({
    id: z.string(),
    reason: z.string(),
    details: z.string().nullable(),
    createdAt: At,
    resolvedAt: At.nullable(),
    resolution: z.enum(["dismissed", "hidden"]).nullable(),
    reporter: ModeratedStudent.nullable().describe("The reviewed student, who reported it."),
    author: ModeratedStudent.nullable().describe("Who wrote the review."),
    review: z
      .object({
        id: z.string(),
        authorId: z.string(),
        subjectId: z.string(),
        skill: z.string().nullable(),
        stars: z.number().int().nullable(),
        text: z.string(),
        answer: z.string().nullable(),
        createdAt: At,
        visibleAt: At,
        hidden: z.boolean(),
      })
      .nullable(),
    chat: ModerationChat.nullable(),
  })
  .openapi("ModerationReviewReport");
const Message = z.object({ seq: z.number().int(), fromUserId: z.string(), body: z.string(), createdAt: At });

/** The reported reviews' queue and its actions over REST (operators only), the same service as GraphQL, which checks the caller. */
export function reviewModerationRest(services: KitServices, r: RestRoutes): void {
  const m = services.moderation;
  const caller = (ctx: Parameters<typeof requireUser>[0]) => requireUser(ctx).id;

  r.get(
    "/moderation/review-reports",
    route(
      services,
      {
        tag,
        summary: "Reported reviews, newest first",
        auth: "bearer",
        query: z.object({ status: z.enum(["open", "resolved"]).optional(), after: z.string().optional() }),
        response: z.object({ reports: z.array(ReviewReport), nextCursor: z.string().nullable() }),
        responses: NotOperator,
      },
      async (_req, ctx, _res, { query }) => {
        const page = await m.reviews.queuePage(caller(ctx), query.status ?? "open", { after: query.after ?? null });
        return { reports: page.edges.map((e) => e.node), nextCursor: page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null };
      },
    ),
  );
  r.get(
    "/moderation/review-reports/:id",
    route(
      services,
      {
        tag,
        summary: "One reported review with its chat's latest messages",
        auth: "bearer",
        params: Id,
        response: z.object({ report: ReviewReport, messages: z.array(Message).describe("The latest 500 at most, oldest first.") }),
        responses: { ...NotOperator, 404: "No such review report." },
      },
      async (_req, ctx, _res, { params }) => {
        const me = caller(ctx);
        return withLatestMessages(m, me, await m.reviews.report(me, params.id));
      },
    ),
  );
  r.post(
    "/moderation/review-reports/:id/hide",
    route(
      services,
      {
        tag,
        summary: "Hide the reported review (audited)",
        auth: "bearer",
        params: Id,
        body: Reason,
        response: OkAnswer,
        responses: { ...NotOperator, 404: "No such review report.", 409: "Already resolved." },
      },
      async (_req, ctx, _res, { params, body }) => {
        await m.reviews.hide(caller(ctx), params.id, body.reason);
        return { error: "" };
      },
    ),
  );
  r.post(
    "/moderation/review-reports/:id/dismiss",
    route(
      services,
      {
        tag,
        summary: "Dismiss a review report (audited)",
        auth: "bearer",
        params: Id,
        body: Reason,
        response: OkAnswer,
        responses: { ...NotOperator, 404: "No such review report.", 409: "Already resolved." },
      },
      async (_req, ctx, _res, { params, body }) => {
        await m.reviews.dismiss(caller(ctx), params.id, body.reason);
        return { error: "" };
      },
    ),
  );
}
