import { MAX_ANSWER_CHARS, MAX_REVIEW_CHARS, MIN_REVIEW_CHARS, REVIEW_WINDOW_DAYS } from "../../../../common/reviews.js";
import { requireUser, type KitServices } from "../../kit/context.js";
import { route } from "../../kit/rest-kit.js";
import type { RestRoutes } from "../../kit/rest-routes.js";
import { z } from "../../kit/zod-openapi.js";
import type { Connection } from "../../shared/pagination.js";
import type { Review } from "./reviews.service.js";
import { isShown } from "./review.rules.js";

const tag = "reviews";
const At = z.string().datetime();
const Author = z.object({ id: z.string(), name: z.string(), image: z.string().nullable() }).openapi("ReviewAuthor");
const ReviewShape = z
  .object({
    id: z.string(),
    subjectId: z.string().describe("The reviewed student."),
    author: Author.nullable().describe("Null when the author's account is gone."),
    skill: z.string().nullable(),
    category: z.string().nullable(),
    authorLearned: z
      .boolean()
      .describe("true: the author learned `skill` from the subject; false: the subject learned it from the author."),
    stars: z.number().int().nullable().describe("The stars the author gave in that chat; null when not known."),
    text: z.string().describe("Plain text."),
    createdAt: At,
    visibleAt: At.describe("When it is (or was) shown on the profile."),
    visible: z.boolean(),
    answer: z.string().nullable(),
    answeredAt: At.nullable(),
    reportedByMe: z.boolean(),
  })
  .openapi("Review");
const ReviewPage = z
  .object({
    reviews: z.array(ReviewShape),
    nextCursor: z.string().nullable().describe("Pass it as `after` for the next page; null on the last page."),
  })
  .openapi("ReviewPage");
const Paging = z.object({
  first: z.coerce.number().int().optional().describe("Page size, 1 to 50 (default 10)."),
  after: z.string().optional().describe("`nextCursor` of the previous page."),
});
const Other = z.object({ otherId: z.string().describe("The partner's user id (the chat is named by who it is with).") });
const Id = z.object({ id: z.string().describe("The review's id.") });
const Refusals = {
  404: "No such chat or shown review for the caller.",
  409: "Not allowed in this state (chat not completed, window ended, already written, answered or reported).",
};

/** Written reviews over REST: the same service as GraphQL, reshaped to flat pages (`reviews`, `nextCursor`). */
export function reviewsRest(services: KitServices, r: RestRoutes): void {
  const reviews = services.reviews;
  const now = () => services.deps.clock.now();
  const shape = async (list: Review[], reported?: Set<string>) => {
    const authors = await services.users.summaries(list.map((x) => x.authorId));
    const at = now();
    return list.map((x) => {
      const a = authors.get(x.authorId);
      return {
        id: x.id,
        subjectId: x.subjectId,
        author: a ? { id: a.id, name: a.name, image: a.image } : null,
        skill: x.skill,
        category: x.category,
        authorLearned: x.authorLearned,
        stars: x.stars,
        text: x.text,
        createdAt: x.createdAt.toISOString(),
        visibleAt: x.visibleAt.toISOString(),
        visible: isShown(x, at),
        answer: x.answer,
        answeredAt: x.answeredAt?.toISOString() ?? null,
        reportedByMe: reported?.has(x.id) ?? false,
      };
    });
  };
  const page = async (p: Connection<Review>, reported?: Set<string>) => ({
    reviews: await shape(
      p.edges.map((e) => e.node),
      reported,
    ),
    nextCursor: p.pageInfo.hasNextPage ? p.pageInfo.endCursor : null,
  });
  const one = async (x: Review, reported = false) => (await shape([x], reported ? new Set([x.id]) : undefined))[0];

  r.get(
    "/user/:id/reviews",
    route(
      services,
      {
        tag,
        summary: "The reviews shown on a student's profile",
        description: "Newest shown first. Only reviews both partners wrote, or whose window ended; hidden ones never.",
        auth: "bearer",
        params: z.object({ id: z.string() }),
        query: Paging,
        response: ReviewPage,
      },
      async (_req, _ctx, _res, { params, query }) => page(await reviews.ofProfile(params.id, query)),
    ),
  );
  r.get(
    "/reviews/received",
    route(
      services,
      { tag, summary: "Shown reviews about the caller", auth: "bearer", query: Paging, response: ReviewPage },
      async (_req, ctx, _res, { query }) => {
        const { page: p, reported } = await reviews.aboutMe(requireUser(ctx).id, query);
        return page(p, reported);
      },
    ),
  );
  r.get(
    "/reviews/pending",
    route(
      services,
      { tag, summary: "Reviews the caller wrote that are not shown yet", auth: "bearer", query: Paging, response: ReviewPage },
      async (_req, ctx, _res, { query }) => page(await reviews.pendingBy(requireUser(ctx).id, query)),
    ),
  );
  r.get(
    "/user/chat/:otherId/review",
    route(
      services,
      {
        tag,
        summary: "The caller's review state for a chat",
        description: `Whether the caller may write a review (completed chat, within ${REVIEW_WINDOW_DAYS} days of the finish, none yet, not blocked), until when, and their own review.`,
        auth: "bearer",
        params: Other,
        response: z.object({
          writableUntil: At.nullable(),
          canWrite: z.boolean(),
          reason: z.string().nullable(),
          mine: ReviewShape.nullable(),
        }),
        responses: { 404: "No chat with that student." },
      },
      async (_req, ctx, _res, { params }) => {
        const s = await reviews.chatState(requireUser(ctx).id, params.otherId);
        return {
          writableUntil: s.writableUntil?.toISOString() ?? null,
          canWrite: s.canWrite,
          reason: s.reason,
          mine: s.mine ? await one(s.mine) : null,
        };
      },
    ),
  );
  r.post(
    "/user/chat/:otherId/review",
    route(
      services,
      {
        tag,
        summary: "Write the caller's review of their partner",
        description: `${MIN_REVIEW_CHARS} to ${MAX_REVIEW_CHARS} characters, once, within ${REVIEW_WINDOW_DAYS} days of the finish; final. 403 when either blocked the other.`,
        auth: "bearer",
        params: Other,
        body: z.object({ text: z.unknown().describe("The review's text.") }),
        response: z.object({ review: ReviewShape }),
        responses: Refusals,
      },
      async (_req, ctx, _res, { params, body }) => ({
        review: await one(await reviews.write(requireUser(ctx).id, params.otherId, body.text)),
      }),
    ),
  );
  r.post(
    "/reviews/:id/answer",
    route(
      services,
      {
        tag,
        summary: "Answer a review about the caller, once, publicly",
        description: `1 to ${MAX_ANSWER_CHARS} characters. 403 when the caller is not the reviewed student.`,
        auth: "bearer",
        params: Id,
        body: z.object({ text: z.unknown().describe("The answer.") }),
        response: z.object({ review: ReviewShape }),
        responses: Refusals,
      },
      async (_req, ctx, _res, { params, body }) => ({ review: await one(await reviews.answer(requireUser(ctx).id, params.id, body.text)) }),
    ),
  );
  r.post(
    "/reviews/:id/report",
    route(
      services,
      {
        tag,
        summary: "Report a review about the caller to the operators",
        description:
          "Once per review; the reasons of a chat report (free text required for Other). 403 when the caller is not the reviewed student.",
        auth: "bearer",
        params: Id,
        body: z.object({ reason: z.unknown().describe("One of the chat report reasons."), details: z.unknown().optional() }),
        response: z.object({ review: ReviewShape }),
        responses: Refusals,
      },
      async (_req, ctx, _res, { params, body }) => ({
        review: await one(await reviews.reports.report(requireUser(ctx).id, params.id, body.reason, body.details), true),
      }),
    ),
  );
}
