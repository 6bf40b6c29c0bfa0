import { Router } from "express";
import { requireUser } from "../../server/context.js";
import { route } from "../../server/rest-kit.js";
import type { Services } from "../../services.js";

/** A student's own data over REST: the JSON export (as a download) and account deletion. */
export function privacyRest(services: Services, r: Router = Router()): Router {

  r.get(
    "/me/export",
    route(services, async (_req, ctx, res) => {
      const me = requireUser(ctx).id;
      const data = await services.privacy.exportData(me);
      res.setHeader("content-disposition", `attachment; filename="skill-exchange-${me}.json"`);
      res.setHeader("cache-control", "no-store");
      return data;
    }),
  );

  r.post(
    "/me/delete",
    route(services, async (req, ctx) => {
      const password = (req.body as Record<string, unknown> | undefined)?.password;
      await services.privacy.deleteAccount(requireUser(ctx).id, password);
      return { error: "" };
    }),
  );

  return r;
}
