import { Router } from "express";
import { requireUser } from "../../server/context.js";
import { route } from "../../server/rest-kit.js";
import type { Services } from "../../services.js";
import { toLessonConnection, toLessonView } from "./lessons.types.js";

const body = (req: { body?: unknown }) => (req.body ?? {}) as Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const num = (v: unknown) => (typeof v === "string" && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * Lessons over REST, the same service as GraphQL. The chat's lessons live under the chat's path
 * (the partner's id), one lesson under /lessons/{id}:
 *   GET  /user/chat/{otherId}/lessons?first&after   POST /user/chat/{otherId}/lessons { slots, timezone }
 *   POST /lessons/{id}/accept { slotId }   POST /lessons/{id}/cancel   POST /lessons/{id}/reschedule { slot, timezone }
 *   GET  /lessons/upcoming?first&after
 */
export function lessonsRest(services: Services, r: Router = Router()): Router {
  const lessons = services.lessons;

  r.get(
    "/lessons/upcoming",
    route(services, async (req, ctx) => {
      const me = requireUser(ctx).id;
      return toLessonConnection(await lessons.upcoming(me, { first: num(req.query.first), after: str(req.query.after) }), me);
    }),
  );

  r.get(
    "/user/chat/:otherId/lessons",
    route(services, async (req, ctx) => {
      const me = requireUser(ctx).id;
      return toLessonConnection(
        await lessons.ofChat(me, req.params.otherId, { first: num(req.query.first), after: str(req.query.after) }),
        me,
      );
    }),
  );

  r.post(
    "/user/chat/:otherId/lessons",
    route(services, async (req, ctx, res) => {
      const me = requireUser(ctx).id;
      const b = body(req);
      const lesson = await lessons.propose(me, req.params.otherId, { slots: b.slots, timezone: b.timezone });
      res.status(201);
      return toLessonView(lesson, me);
    }),
  );

  r.post(
    "/lessons/:id/accept",
    route(services, async (req, ctx) => {
      const me = requireUser(ctx).id;
      return toLessonView(await lessons.accept(me, req.params.id, body(req).slotId), me);
    }),
  );

  r.post(
    "/lessons/:id/cancel",
    route(services, async (req, ctx) => {
      const me = requireUser(ctx).id;
      return toLessonView(await lessons.cancel(me, req.params.id), me);
    }),
  );

  r.post(
    "/lessons/:id/reschedule",
    route(services, async (req, ctx) => {
      const me = requireUser(ctx).id;
      const b = body(req);
      return toLessonView(await lessons.reschedule(me, req.params.id, { slot: b.slot, timezone: b.timezone }), me);
    }),
  );

  return r;
}
