import { requireUser, type KitServices } from "../../kit/context.js";
import { route } from "../../kit/rest-kit.js";
import { OkAnswer } from "../../kit/rest-schemas.js";
import { z } from "../../kit/zod-openapi.js";
import type { RestRoutes } from "../../kit/rest-routes.js";

/** A student's own data over REST: the JSON export (as a download) and account deletion. */
export function privacyRest(services: KitServices, r: RestRoutes): void {
  r.get(
    "/me/export",
    route(
      services,
      {
        tag: "privacy",
        summary: "Everything stored about the caller, as a JSON download",
        auth: "bearer",
        response: z.record(z.unknown()).describe("The export: profile, skills, chats with messages, notifications, ledger, posts, ..."),
      },
      async (_req, ctx, res) => {
        const me = requireUser(ctx).id;
        const data = await services.privacy.exportData(me);
        res.setHeader("content-disposition", `attachment; filename="skill-exchange-${me}.json"`);
        res.setHeader("cache-control", "no-store");
        return data;
      },
    ),
  );

  r.post(
    "/me/delete",
    route(
      services,
      {
        tag: "privacy",
        summary: "Delete the caller's account (password required)",
        auth: "bearer",
        body: z.object({ password: z.unknown().describe("The caller's password.") }),
        response: OkAnswer,
      },
      async (_req, ctx, _res, { body }) => {
        await services.privacy.deleteAccount(requireUser(ctx).id, body.password);
        return { error: "" };
      },
    ),
  );
}
