import { assertSelf, route } from "../../kit/rest-kit.js";
import { UserIdParam } from "../../kit/rest-schemas.js";
import { z } from "../../kit/zod-openapi.js";
import type { KitServices } from "../../kit/context.js";
import type { RestRoutes } from "../../kit/rest-routes.js";

/**
 * Spec section 7: GET /Snakegame/{userID}/details -> { highScore } and
 * POST /Snakegame/{userID}/update { highScore }. Both read and write only the caller's own
 * score: the path id must be the token's user (403 otherwise, 401 without a token).
 */
export function snakeRestRouter(services: KitServices, router: RestRoutes): void {
  const tag = "snake";
  const HighScore = z.object({ highScore: z.number().int() });

  router.get(
    "/Snakegame/:userID/details",
    route(
      services,
      { tag, summary: "The caller's high score", auth: "bearer", params: UserIdParam, response: HighScore },
      async (_req, ctx, _res, { params }) => {
        const me = assertSelf(ctx, params.userID);
        const { highScore } = await services.snake.highScore(me);
        return { highScore };
      },
    ),
  );

  router.post(
    "/Snakegame/:userID/update",
    route(
      services,
      {
        tag,
        summary: "Submit a score: kept only if higher than the stored one",
        auth: "bearer",
        params: UserIdParam,
        // The old client sent the value it kept in localStorage, which may be a digit string.
        body: z.object({ highScore: z.union([z.number(), z.string()]).optional() }),
        response: HighScore,
      },
      async (_req, ctx, _res, { params, body }) => {
        const me = assertSelf(ctx, params.userID);
        const raw = body.highScore;
        const score = typeof raw === "string" && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
        const { highScore } = await services.snake.submit(me, score);
        return { highScore };
      },
    ),
  );
}
