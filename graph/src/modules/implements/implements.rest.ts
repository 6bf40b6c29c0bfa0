import { assertSelf, route } from "../../kit/rest-kit.js";
import { ErrorText, OptionalId, OptionalText, RequiredId, Skip, UserIdParam } from "../../kit/rest-schemas.js";
import { z } from "../../kit/zod-openapi.js";
import type { KitServices } from "../../kit/context.js";
import type { Connection } from "../../shared/pagination.js";
import { implementRecords, parseVisibility, restRejectReason } from "./implements.rest-shape.js";
import { confirmDecisionNotice } from "./implements.rest-adapters.js";
import type { RestRoutes } from "../../kit/rest-routes.js";

const tag = "implements";
const Person = z.object({ user: z.string(), userName: z.string() });
const Record = z
  .object({
    _id: z.string(),
    owner: z.string(),
    ownerName: z.string(),
    visible: z.boolean(),
    status: z.string().nullable().describe("The viewer's application: pending, accepted, rejected, rejectedPermanent; null when none."),
    details: z.object({
      _id: z.string(),
      title: z.string(),
      description: z.string(),
      createdAt: z.string().datetime(),
      rejectedUsers: z.array(Person.extend({ reason: z.string().nullable(), permanent: z.boolean() })),
      acceptedUsers: z.array(Person.extend({ description: z.string(), status: z.string() })),
    }),
  })
  .openapi("ImplementRecord");
const RecordParam = z.object({ recordId: z.string().describe("The post's id.") });
const Decision = z.object({ otheruserId: RequiredId("otheruserId").describe("The applicant's id."), title: OptionalText });
const StatusAnswer = z.object({ error: ErrorText, status: z.string() });

/**
 * Spec section 7, implements. Paths that look alike are told apart by method and literal
 * segments: GET /implements/:userID/:postID reads, POST /implements/:recordId/{join,accept,
 * reject,rejectPermanent} decides, POST /implements/:userID/:recordId/visibility hides.
 * Ids naming the caller must be the caller (403); the rules live in the services.
 */
/** REST pages (`?skip=`) are this long; an empty page means the end. */
const REST_PAGE_SIZE = 10;
/** REST's Your Problems answers this many from `skip`. */
const REST_MINE_PAGE_SIZE = 50;
const nodesOf = <T>(page: Connection<T>): T[] => page.edges.map((e) => e.node);

export function implementsRest(services: KitServices, r: RestRoutes): void {
  const posts = services.implementPosts;
  const applicants = services.implementApplicants;

  r.get(
    "/implements",
    route(
      services,
      {
        tag,
        summary: "Project posts the caller may join, newest first (an empty list is the end)",
        auth: "bearer",
        query: z.object({ skip: Skip }),
        response: z.object({ error: ErrorText, list: z.array(Record) }),
      },
      async (_req, ctx, _res, { query }) => {
        const me = assertSelf(ctx, undefined);
        const page = await posts.listForViewer(me, { first: REST_PAGE_SIZE, skip: query.skip ?? 0 });
        return { error: "", list: await implementRecords(services, me, nodesOf(page)) };
      },
    ),
  );

  r.get(
    "/implements/:userID",
    route(
      services,
      {
        tag,
        summary: "The caller's own posts with their applicants",
        auth: "bearer",
        params: UserIdParam,
        query: z.object({ skip: Skip }),
        response: z.object({ error: ErrorText, records: z.array(Record) }),
      },
      async (_req, ctx, _res, { params, query }) => {
        const me = assertSelf(ctx, params.userID);
        const mine = await posts.listMine(me, { first: REST_MINE_PAGE_SIZE, skip: query.skip ?? 0 });
        return { error: "", records: await implementRecords(services, me, nodesOf(mine)) };
      },
    ),
  );

  r.get(
    "/implements/:userID/:postID",
    route(
      services,
      {
        tag,
        summary: "One post, as the caller may see it",
        auth: "bearer",
        params: UserIdParam.extend({ postID: z.string() }),
        response: z.object({ error: ErrorText, record: Record }),
        responses: { 404: "No such post, or one the caller may not see." },
      },
      async (_req, ctx, _res, { params }) => {
        const me = assertSelf(ctx, params.userID);
        const post = await posts.getForViewer(me, params.postID);
        const [record] = await implementRecords(services, me, [post]);
        return { error: "", record };
      },
    ),
  );

  r.post(
    "/implements",
    route(
      services,
      {
        tag,
        summary: "Post a project (title and description required)",
        auth: "bearer",
        body: z.object({
          userId: OptionalId.describe("The caller's id."),
          userName: OptionalText.describe("Ignored: the caller's name is used."),
          title: z.unknown(),
          description: z.unknown(),
        }),
        response: z.object({ error: ErrorText, record: Record }),
      },
      async (_req, ctx, _res, { body }) => {
        const me = assertSelf(ctx, body.userId);
        const post = await posts.create(me, { title: body.title, description: body.description });
        const [record] = await implementRecords(services, me, [post]);
        return { error: "", record };
      },
    ),
  );

  r.post(
    "/implements/:recordId/join",
    route(
      services,
      {
        tag,
        summary: "Apply to join a post ('Please provide a reason to join.' without a description)",
        auth: "bearer",
        params: RecordParam,
        body: z.object({
          userId: OptionalId.describe("The caller's id."),
          description: z.unknown(),
          title: OptionalText,
          userName: OptionalText,
        }),
        response: StatusAnswer,
        responses: { 404: "No such post, or one the caller may not see.", 409: "Already applied." },
      },
      async (_req, ctx, _res, { params, body }) => {
        const me = assertSelf(ctx, body.userId);
        const app = await applicants.join(me, params.recordId, body.description);
        return { error: "", status: app.status };
      },
    ),
  );

  r.post(
    "/implements/:recordId/accept",
    route(
      services,
      {
        tag,
        summary: "The owner accepts an applicant (their chat opens)",
        auth: "bearer",
        params: RecordParam,
        body: Decision,
        response: StatusAnswer,
        responses: {
          404: "No such post or applicant.",
          409: "The applicant was rejected permanently, or one of the two blocked the other.",
        },
      },
      async (_req, ctx, _res, { params, body }) => {
        const app = await applicants.accept(assertSelf(ctx, undefined), params.recordId, body.otheruserId);
        return { error: "", status: app.status };
      },
    ),
  );

  for (const [path, permanent] of [
    ["reject", false],
    ["rejectPermanent", true],
  ] as const) {
    r.post(
      `/implements/:recordId/${path}`,
      route(
        services,
        {
          tag,
          summary: permanent
            ? "The owner rejects an applicant for good (the post is hidden from them)"
            : "The owner rejects an applicant (they may apply again)",
          auth: "bearer",
          params: RecordParam,
          body: Decision.extend({
            reason: z
              .unknown()
              .describe("A listed rejection reason, or the Other text ('Please select or provide a reason for rejection')."),
            otherReason: z.unknown().optional().describe("With reason 'Other': the text."),
          }),
          response: StatusAnswer.extend({ reason: z.string().nullable() }),
          responses: { 404: "No such post or applicant.", 409: "The applicant was already rejected permanently." },
        },
        async (_req, ctx, _res, { params, body }) => {
          const app = await applicants.reject(
            assertSelf(ctx, undefined),
            params.recordId,
            body.otheruserId,
            restRejectReason(body),
            permanent,
          );
          return { error: "", status: app.status, reason: app.reason };
        },
      ),
    );
  }

  r.post(
    "/implements/:userID/:recordId/visibility",
    route(
      services,
      {
        tag,
        summary: "Show or hide the caller's post",
        auth: "bearer",
        params: UserIdParam.extend({ recordId: z.string() }),
        body: z.object({
          visibility: z.union([z.boolean(), z.enum(["true", "false"])]).describe("A boolean, or 'true'/'false' as the old client sent it."),
        }),
        response: z.object({ error: ErrorText, visible: z.boolean() }),
        responses: { 404: "No such post of the caller's." },
      },
      async (_req, ctx, _res, { params, body }) => {
        const me = assertSelf(ctx, params.userID);
        const post = await posts.setVisibility(me, params.recordId, parseVisibility(body.visibility));
        return { error: "", visible: post.visible };
      },
    ),
  );

  // The old client opened the chat itself after accepting; accept now does it, so this
  // only makes sure it exists, for the owner and a student they accepted.
  r.post(
    "/user/chat/:ownerId/open",
    route(
      services,
      {
        tag,
        summary: "Make sure the chat between a post's owner and an accepted applicant exists",
        auth: "bearer",
        params: z.object({ ownerId: z.string().describe("The caller's id (the owner).") }),
        body: z.object({ otheruserId: RequiredId("otheruserId"), title: OptionalText, message: OptionalText }),
        response: z.object({ error: ErrorText, opened: z.boolean() }),
        responses: { 409: "One of the two blocked the other." },
      },
      async (_req, ctx, _res, { params, body }) => {
        const me = assertSelf(ctx, params.ownerId);
        const { opened } = await applicants.ensureChatWithAccepted(me, body.otheruserId);
        return { error: "", opened };
      },
    ),
  );

  // The spec's second notification shape, which the old client sent after accept/reject.
  // The decision itself already notified the applicant, so this never sends a second one:
  // it answers 200 for the owner's real decision and 403 for anything else.
  r.post(
    "/notifications",
    route(
      services,
      {
        tag,
        summary: "The old client's decision notice after accept/reject: acknowledged, never sent twice",
        auth: "bearer",
        body: z.object({
          from_user: OptionalId.describe("The caller's id."),
          userId: z.unknown().describe("The applicant's id."),
          message: OptionalText,
          type: z.unknown(),
        }),
        response: z.object({ error: ErrorText, sent: z.literal(false) }),
      },
      async (_req, ctx, _res, { body }) => {
        const me = assertSelf(ctx, body.from_user);
        await confirmDecisionNotice(applicants, me, body.userId, body.type);
        return { error: "", sent: false };
      },
    ),
  );
}
