import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { Context } from "../kit/context.js";
import { rateLimited } from "../shared/errors.js";
import { isRefusal } from "../shared/rate-limit.js";
import type { RequestBudget, RequestPolicy } from "../shared/request-budgets.js";
import { contextFromRequest } from "./context.js";
import type { DoorServices } from "./door-services.js";

/**
 * The request budgets at the doors (/api and /graphql): each request is counted against its caller's
 * class (shared/request-budgets.ts) as soon as the caller is known, and every answer says where the
 * caller stands in the IETF httpapi fields (draft-ietf-httpapi-ratelimit-headers, Structured Fields):
 *
 *     RateLimit-Policy: "student";q=600;w=60
 *     RateLimit: "student";r=598;t=42
 *
 * A request over its budget is refused before its body is read: 429 with Retry-After and the same
 * fields, in the door's own error shape.
 */

/** The fields an answer carries for the budget, which a page of another origin must be allowed to read (CORS). */
export const RATE_LIMIT_FIELDS = ["RateLimit-Policy", "RateLimit", "Retry-After"] as const;

/** The budget a caller's requests count against, and the bucket in it: a key's, a student's, or the client address's. */
export function callerBucket(ctx: Pick<Context, "user" | "apiKey" | "ip">): { policy: RequestPolicy; key: string } {
  if (ctx.apiKey) return { policy: "key", key: ctx.apiKey.id };
  if (ctx.user) return { policy: "student", key: ctx.user.id };
  return { policy: "anonymous", key: ctx.ip };
}

/** The two fields' values for a request's draw (the policy name is a Structured Fields String). */
export function rateLimitFields(b: RequestBudget): { policy: string; limit: string } {
  return {
    policy: `"${b.policy}";q=${b.quota};w=${b.windowSeconds}`,
    limit: `"${b.policy}";r=${b.remaining};t=${b.resetSeconds}`,
  };
}

interface Built {
  readToken: boolean;
  context: Promise<Context>;
}
const built = new WeakMap<FastifyRequest, Built>();

/**
 * A request's context, built once whoever asks first (the budget's hook, then the door's handler or
 * Apollo's context function), so its token is verified once.
 */
export function requestContext(services: DoorServices, request: FastifyRequest, readToken: boolean): Promise<Context> {
  const known = built.get(request);
  if (known && known.readToken === readToken) return known.context;
  const context = contextFromRequest(services, request, readToken);
  built.set(request, { readToken, context });
  return context;
}

/**
 * A route's onRequest hook: counts the request against its caller's budget and sets the fields, or
 * refuses it (RATE_LIMITED, to the route's error handler). `readToken` as the route reads the caller:
 * false for a public route, whose requests count against the address (or the API key).
 */
export function requestBudgetHook(services: DoorServices, readToken: boolean): onRequestAsyncHookHandler {
  return async function requestBudget(request, reply) {
    // A CORS preflight is the browser asking, not the caller: it costs nothing.
    if (request.method === "OPTIONS") return;
    let bucket: ReturnType<typeof callerBucket>;
    try {
      bucket = callerBucket(await requestContext(services, request, readToken));
    } catch (e) {
      // The door answers the failure itself, from the same context. Our outage (the database did not
      // answer the token check) spends nobody's budget; a refused caller (a credential that is not
      // valid) counts against the address, so a flood of bad credentials meets the wall too.
      if (!isRefusal(e)) return;
      bucket = { policy: "anonymous", key: request.ip };
    }
    const { policy, key } = bucket;
    const budget = await services.rateLimits.requests.take(policy, key);
    const fields = rateLimitFields(budget);
    reply.header("RateLimit-Policy", fields.policy).header("RateLimit", fields.limit);
    if (!budget.allowed) {
      reply.header("Retry-After", String(budget.resetSeconds));
      throw rateLimited(budget.resetSeconds);
    }
  };
}
