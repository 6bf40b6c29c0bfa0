import express, { type NextFunction, type Request, type Response, Router } from "express";
import { allRestRouters } from "../modules/index.js";
import type { Services } from "../services.js";
import { AppError } from "../shared/errors.js";
import type { Logger } from "../shared/logger.js";
import { mountOpenApi } from "./openapi.js";
import type { RawBodyRequest } from "./rest-kit.js";

/** The REST layer's parts: the router Express mounts, and what the fast door (rest-door.ts) reads of it. */
export interface RestApi {
  /** Mounted at /api: the JSON body parser, every route, the 404, the error handler. */
  router: Router;
  /** The one flat router of every module's routes. */
  routes: Router;
  notFound: (req: Request, res: Response) => void;
  onError: (err: unknown, req: Request, res: Response) => void;
}

/**
 * The REST compatibility layer under /api (spec section 7). Handlers are thin:
 * take the caller from the verified token, call one service method, reshape.
 */
export function createRestApi(services: Services): RestApi {
  const router = Router();
  // Keeps the exact bytes too: webhook signatures (Razorpay) are computed over the raw body.
  const keepRaw = (req: unknown, _res: unknown, buf: Buffer) => void ((req as RawBodyRequest).rawBody = buf);
  const json = express.json({ limit: "256kb", verify: keepRaw });
  // The old client sends the profile picture inside the profile form as a base64 data URL: a
  // 2 MB image is about 2.8 MB of text, so that path reads up to 4 MB (the service then checks
  // the decoded bytes against the 2 MB limit and answers its own message).
  const profileJson = express.json({ limit: "4mb", verify: keepRaw });
  router.use((req, res, next) => (req.path === "/profileDetails" ? profileJson : json)(req, res, next));
  // Every module adds its routes to one flat router: a request walks one route list, not a router per module.
  const routes = Router();
  for (const add of allRestRouters) {
    const added = add(services, routes);
    if (added !== routes) routes.use(added); // a module that made its own router
  }
  mountOpenApi(routes);
  router.use(routes);
  const notFound = (_req: Request, res: Response) => void res.status(404).json({ error: "Not found" });
  const errorHandler = restErrorHandler(services.deps.logger);
  router.use(notFound);
  router.use(errorHandler);
  return { router, routes, notFound, onError: (err, req, res) => errorHandler(err, req, res, () => {}) };
}

export function restErrorHandler(logger: Logger) {
  return (err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (err instanceof AppError) {
      if (err.code === "RATE_LIMITED" && typeof err.extensions.retryAfter === "number") {
        res.setHeader("Retry-After", String(err.extensions.retryAfter));
      }
      // A request refused at the door names the field (rest-kit.ts `validationError`).
      const field = typeof err.extensions.field === "string" ? { field: err.extensions.field } : {};
      res.status(err.status).json({ error: err.message, code: err.code, ...field });
      return;
    }
    const status = (err as { status?: number; type?: string }).status;
    if (status && status >= 400 && status < 500) {
      res.status(status).json({ error: status === 413 ? "Request too large" : "Bad request", code: "BAD_USER_INPUT" });
      return;
    }
    logger.error({ err }, "REST handler failed");
    res.status(500).json({ error: "Something went wrong", code: "INTERNAL_SERVER_ERROR" });
  };
}
