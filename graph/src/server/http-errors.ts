import { AppError } from "../shared/errors.js";
import type { Logger } from "../shared/logger.js";

/** /graphql, with or without a trailing slash or a query string. */
const GRAPHQL = /^\/graphql\/?(\?|$)/i;

/**
 * The status and JSON body of an error no route answered: a missing file under /uploads or
 * /assets, a /graphql body that is not JSON or too large, a path nothing serves, a request refused
 * before its route ran. JSON with a code and never a stack; on /graphql in GraphQL's shape. (/api
 * has its own: rest.ts.)
 */
export function errorAnswer(err: unknown, path: string, logger: Logger): { status: number; body: unknown } {
  // A refusal at the door itself (a spent request budget: server/request-budget.ts), with its code and details.
  if (err instanceof AppError) {
    const body = GRAPHQL.test(path)
      ? { errors: [{ message: err.message, extensions: err.extensions }] }
      : { error: err.message, code: err.code };
    return { status: err.status, body };
  }
  const raw = (err as { statusCode?: unknown }).statusCode ?? (err as { status?: unknown }).status;
  const status = typeof raw === "number" && raw >= 400 && raw < 500 ? raw : 500;
  if (status === 500) logger.error({ err }, "HTTP request failed");
  const code = status === 404 ? "NOT_FOUND" : status === 500 ? "INTERNAL_SERVER_ERROR" : "BAD_REQUEST";
  const message =
    status === 404 ? "Not found" : status === 413 ? "Request too large" : status === 500 ? "Something went wrong" : "Bad request";
  return { status, body: GRAPHQL.test(path) ? { errors: [{ message, extensions: { code } }] } : { error: message, code } };
}
