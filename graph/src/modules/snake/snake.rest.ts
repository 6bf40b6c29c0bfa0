import { Router } from "express";
import { assertSelf, route } from "../../server/rest-kit.js";
import type { Services } from "../../services.js";

/**
 * Spec section 7: GET /Snakegame/{userID}/details -> { highScore } and
 * POST /Snakegame/{userID}/update { highScore }. Both read and write only the caller's own
 * score: the path id must be the token's user (403 otherwise, 401 without a token).
 */
export function snakeRestRouter(services: Services, router: Router = Router()): Router {

  router.get(
    "/Snakegame/:userID/details",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, req.params.userID);
      const { highScore } = await services.snake.highScore(me);
      return { highScore };
    }),
  );

  router.post(
    "/Snakegame/:userID/update",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, req.params.userID);
      // The old client sent the value it kept in localStorage, which may be a digit string.
      const raw = (req.body as { highScore?: unknown } | undefined)?.highScore;
      const score = typeof raw === "string" && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
      const { highScore } = await services.snake.submit(me, score);
      return { highScore };
    }),
  );

  return router;
}
