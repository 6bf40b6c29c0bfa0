import type { Request, RequestHandler, Response } from "express";
import type { Services } from "../services.js";
import { forbidden } from "../shared/errors.js";
import { type Context, contextFromRequest, requireUser } from "./context.js";

/**
 * The kit every module's REST routes are written with. A leaf: it imports no module,
 * so modules can use it without a cycle through the router that mounts them (rest.ts).
 */

/** A request whose JSON body was parsed; `rawBody` is the bytes it was parsed from. */
export type RawBodyRequest = Request & { rawBody?: Buffer };

type Handler = (req: Request, ctx: Context, res: Response) => Promise<unknown>;

/** Wraps an async handler: builds the context from the bearer token and sends the result as JSON. */
export function route(services: Services, handler: Handler): RequestHandler {
  return async (req, res, next) => {
    try {
      const ctx = await contextFromRequest(services, req);
      const body = await handler(req, ctx, res);
      if (!res.headersSent) res.json(body ?? {});
    } catch (e) {
      next(e);
    }
  };
}

/** An id in a body or path that names the caller must be the token's user: 403 otherwise. */
export function assertSelf(ctx: Context, claimedId: unknown): string {
  const me = requireUser(ctx);
  if (claimedId !== undefined && claimedId !== null && claimedId !== "" && String(claimedId) !== me.id) {
    throw forbidden("That id is not yours");
  }
  return me.id;
}
