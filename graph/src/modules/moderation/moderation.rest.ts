import { type Request, Router } from "express";
import { requireUser } from "../../server/context.js";
import { route } from "../../server/rest-kit.js";
import type { Services } from "../../services.js";

const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * The moderation console over REST (operators only: 403 for everyone else), served by the same
 * service as GraphQL: GET reports|report|stats|audit, POST the actions with `{ reason, ... }`.
 */
export function moderationRest(services: Services, r: Router = Router()): Router {
  const m = services.moderation;
  const operator = (ctx: Parameters<typeof requireUser>[0]) => m.operators.require(requireUser(ctx).id);

  r.get("/moderation/stats", route(services, async (_req, ctx) => (await operator(ctx), m.stats())));
  r.get(
    "/moderation/reports",
    route(services, async (req, ctx) => {
      await operator(ctx);
      return { reports: await m.queue(req.query.status === "resolved" ? "resolved" : "open") };
    }),
  );
  r.get(
    "/moderation/reports/:id",
    route(services, async (req, ctx) => {
      await operator(ctx);
      const item = await m.report(String(req.params.id));
      const messages = item.chat ? await services.chat.messages.latest(item.chat.id, 500) : [];
      return { report: item, messages };
    }),
  );
  r.get("/moderation/audit", route(services, async (_req, ctx) => (await operator(ctx), { actions: await m.audit() })));

  r.post(
    "/moderation/reports/:id/dismiss",
    route(services, async (req, ctx) => {
      await m.dismiss(await operator(ctx), String(req.params.id), body(req).reason);
      return { error: "" };
    }),
  );
  r.post(
    "/moderation/users/:id/warn",
    route(services, async (req, ctx) => {
      await m.warn(await operator(ctx), String(req.params.id), body(req).reason, str(body(req).reportId) || null);
      return { error: "" };
    }),
  );
  r.post(
    "/moderation/users/:id/suspend",
    route(services, async (req, ctx) => {
      const b = body(req);
      const until = await m.suspend(await operator(ctx), String(req.params.id), { days: b.days, permanent: b.permanent, reason: b.reason, reportId: str(b.reportId) || null });
      return { error: "", suspendedUntil: until.toISOString() };
    }),
  );
  r.post(
    "/moderation/users/:id/unsuspend",
    route(services, async (req, ctx) => {
      await m.unsuspend(await operator(ctx), String(req.params.id), body(req).reason);
      return { error: "" };
    }),
  );
  r.post(
    "/moderation/implements/:id/hide",
    route(services, async (req, ctx) => {
      await m.hidePost(await operator(ctx), String(req.params.id), body(req).reason, str(body(req).reportId) || null);
      return { error: "" };
    }),
  );
  return r;
}
