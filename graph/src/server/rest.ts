import { allRestRouters } from "../modules/index.js";
import type { DoorServices } from "./door-services.js";
import { AppError, serviceBusy } from "../shared/errors.js";
import { isBusyError } from "../db/transaction.js";
import type { Logger } from "../shared/logger.js";
import { addOpenApiRoutes } from "./openapi.js";
import { RestRoutes } from "../kit/rest-routes.js";
import { requestBudgetRules } from "../shared/request-budgets.js";

/**
 * The REST compatibility layer under /api (spec section 7): every module's routes and the
 * OpenAPI document of them, in one list (registered on the server by fastify-rest.ts). Handlers
 * are thin: take the caller from the verified token, call one service method, reshape.
 */
export function restRoutes(services: DoorServices): RestRoutes {
  const routes = new RestRoutes();
  for (const add of allRestRouters) add(services, routes);
  addOpenApiRoutes(routes, requestBudgetRules(services.deps.config.apiRateLimits));
  return routes;
}

export interface ErrorAnswer {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

/** What /api answers for an error: a refusal with its code (and the field a validation names), a 4xx of the HTTP layer, or a logged 500. */
export function restErrorAnswer(err: unknown, logger: Logger): ErrorAnswer {
  // The database too busy to take the work (a full pool's queue outside a transaction): a retry, not a fault.
  if (isBusyError(err)) err = serviceBusy();
  if (err instanceof AppError) {
    const headers: Record<string, string> = {};
    if ((err.code === "RATE_LIMITED" || err.code === "SERVICE_BUSY") && typeof err.extensions.retryAfter === "number") {
      headers["Retry-After"] = String(err.extensions.retryAfter);
    }
    // A request refused at the door names the field (rest-kit.ts `validationError`).
    const field = typeof err.extensions.field === "string" ? { field: err.extensions.field } : {};
    return { status: err.status, body: { error: err.message, code: err.code, ...field }, headers };
  }
  const status = (err as { statusCode?: number; status?: number }).statusCode ?? (err as { status?: number }).status;
  if (status && status >= 400 && status < 500) {
    return { status, body: { error: status === 413 ? "Request too large" : "Bad request", code: "BAD_USER_INPUT" }, headers: {} };
  }
  logger.error({ err }, "REST handler failed");
  return { status: 500, body: { error: "Something went wrong", code: "INTERNAL_SERVER_ERROR" }, headers: {} };
}
