import express, { type NextFunction, type Request, type Response, Router } from "express";
import { allRestRouters } from "../modules/index.js";
import type { Services } from "../services.js";
import { AppError } from "../shared/errors.js";
import type { Logger } from "../shared/logger.js";
import type { RawBodyRequest } from "./rest-kit.js";

/**
 * The REST compatibility layer under /api (spec section 7). Handlers are thin:
 * take the caller from the verified token, call one service method, reshape.
 */
export function createRestRouter(services: Services): Router {
  const router = Router();
  // Keeps the exact bytes too: webhook signatures (Razorpay) are computed over the raw body.
  router.use(express.json({ limit: "256kb", verify: (req, _res, buf) => void ((req as RawBodyRequest).rawBody = buf) }));
  // Every module adds its routes to one flat router: a request walks one route list, not a router per module.
  const routes = Router();
  for (const add of allRestRouters) {
    const added = add(services, routes);
    if (added !== routes) routes.use(added); // a module that made its own router
  }
  router.use(routes);
  router.use((_req: Request, res: Response) => {
    res.status(404).json({ error: "Not found" });
  });
  router.use(restErrorHandler(services.deps.logger));
  return router;
}

export function restErrorHandler(logger: Logger) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof AppError) {
      if (err.code === "RATE_LIMITED" && typeof err.extensions.retryAfter === "number") {
        res.setHeader("Retry-After", String(err.extensions.retryAfter));
      }
      res.status(err.status).json({ error: err.message, code: err.code });
      return;
    }
    const status = (err as { status?: number; type?: string }).status;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ error: "Bad request", code: "BAD_USER_INPUT" });
      return;
    }
    logger.error({ err }, "REST handler failed");
    res.status(500).json({ error: "Something went wrong", code: "INTERNAL_SERVER_ERROR" });
  };
}
