import { Router } from "express";
import { assertSelf, route } from "../../server/rest-kit.js";
import type { Services } from "../../services.js";
import { implementRecords, parseSkip, parseVisibility, requiredId, restRejectReason } from "./implements.rest-shape.js";

/**
 * Spec section 7, implements. Paths that look alike are told apart by method and literal
 * segments: GET /implements/:userID/:postID reads, POST /implements/:recordId/{join,accept,
 * reject,rejectPermanent} decides, POST /implements/:userID/:recordId/visibility hides.
 * Ids naming the caller must be the caller (403); the rules live in the services.
 */
export function implementsRest(services: Services, r: Router = Router()): Router {
  const posts = services.implementPosts;
  const applicants = services.implementApplicants;

  r.get(
    "/implements",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, undefined);
      const page = await posts.listForViewerAt(me, parseSkip(req.query.skip));
      return { error: "", list: await implementRecords(services, me, page) };
    }),
  );

  r.get(
    "/implements/:userID",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, req.params.userID);
      const mine = await posts.listMineAt(me, parseSkip(req.query.skip));
      return { error: "", records: await implementRecords(services, me, mine) };
    }),
  );

  r.get(
    "/implements/:userID/:postID",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, req.params.userID);
      const post = await posts.getForViewer(me, String(req.params.postID));
      const [record] = await implementRecords(services, me, [post]);
      return { error: "", record };
    }),
  );

  r.post(
    "/implements",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, req.body?.userId);
      const post = await posts.create(me, { title: req.body?.title, description: req.body?.description });
      const [record] = await implementRecords(services, me, [post]);
      return { error: "", record };
    }),
  );

  r.post(
    "/implements/:recordId/join",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, req.body?.userId);
      const app = await applicants.join(me, String(req.params.recordId), req.body?.description);
      return { error: "", status: app.status };
    }),
  );

  r.post(
    "/implements/:recordId/accept",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, undefined);
      const app = await applicants.accept(me, String(req.params.recordId), requiredId(req.body?.otheruserId, "otheruserId"));
      return { error: "", status: app.status };
    }),
  );

  for (const [path, permanent] of [
    ["reject", false],
    ["rejectPermanent", true],
  ] as const) {
    r.post(
      `/implements/:recordId/${path}`,
      route(services, async (req, ctx) => {
        const me = assertSelf(ctx, undefined);
        const other = requiredId(req.body?.otheruserId, "otheruserId");
        const app = await applicants.reject(me, String(req.params.recordId), other, restRejectReason(req.body ?? {}), permanent);
        return { error: "", status: app.status, reason: app.reason };
      }),
    );
  }

  r.post(
    "/implements/:userID/:recordId/visibility",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, req.params.userID);
      const post = await posts.setVisibility(me, String(req.params.recordId), parseVisibility(req.body?.visibility));
      return { error: "", visible: post.visible };
    }),
  );

  // The old client opened the chat itself after accepting; accept now does it, so this
  // only makes sure it exists, for the owner and a student they accepted.
  r.post(
    "/user/chat/:ownerId/open",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, req.params.ownerId);
      const { opened } = await applicants.ensureChatWithAccepted(me, requiredId(req.body?.otheruserId, "otheruserId"));
      return { error: "", opened };
    }),
  );

  // The spec's second notification shape, which the old client sent after accept/reject.
  // The decision itself already notified the applicant, so this never sends a second one:
  // it answers 200 for the owner's real decision and 403 for anything else.
  r.post(
    "/notifications",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, req.body?.from_user);
      await applicants.confirmDecisionNotice(me, req.body?.userId, req.body?.type);
      return { error: "", sent: false };
    }),
  );

  return r;
}
