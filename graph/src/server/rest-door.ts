import type { Request, Response, Router } from "express";
import type { IncomingMessage, ServerResponse } from "node:http";
import { chain, type NodeMiddleware } from "./graphql-door.js";

/** Express 5's router internals, as far as the door reads them (the layers' own matching and dispatch). */
interface RouteLayer {
  /** The path the layer was made with (a string, an array of them, or a RegExp). */
  rawPath?: unknown;
  /** Set on a route's layer (`router.get(path, ...)`); absent on a middleware's (`router.use`). */
  route?: { _handlesMethod(method: string): boolean };
  /** The layer's own path match (its path-to-regexp matchers, decoding the params); throws on a malformed escape. */
  match(path: string): false | { params: Record<string, string> };
  /** Runs the layer's handler (for a route: each of its handlers in turn), a rejected promise going to `next`. */
  handleRequest(req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void;
}

export interface RestDoorOptions {
  /** The one flat router every module's routes are on (rest.ts): read, never changed. */
  routes: Router;
  /** Where Express mounts it ("/api"). */
  mount: string;
  /** What the app runs before any route, in order: the security headers and compression. */
  before: NodeMiddleware[];
  /** The REST 404 (what /api answers when no route does). */
  notFound: (req: Request, res: Response) => void;
  /** The REST error handler (what /api answers for a route's error). */
  onError: (err: unknown, req: Request, res: Response) => void;
}

/**
 * GET requests under /api without a body, given to the same route handlers Express would run,
 * found by the same layers' own matching, but without Express's app and routers around them: per
 * request, Express walks three routers (the app's, /api's and the routes'), each allocating its
 * closures and restore functions, rewriting and restoring `req.url`, and running the JSON body
 * parser's check on a request that has no body; on a cheap read (a public profile) that was about
 * a tenth of the app's CPU and an eighth of what it allocates.
 *
 * Returns false, having done nothing, for any request Express must answer as before: another
 * method (POST, HEAD, OPTIONS), a body, a path outside the mount, one that no route matches (the
 * 404 is Express's), one a middleware would see first (the API viewer's static files), or one whose
 * path does not decode. Otherwise it does what Express would: the app's first middlewares (headers,
 * compression), `req.params`/`baseUrl`/`originalUrl`/`url` as the routers set them, each matching
 * route in order (`next()` or `next("route")` goes on to the next one: /user/:id declines a path
 * that is not an id), the REST error handler for an error, the REST 404 when every route declines.
 */
export function restDoor(opts: RestDoorOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const { mount, before } = opts;
  const stack = (opts.routes as unknown as { stack: RouteLayer[] }).stack;
  const middlewares = stack.filter((layer) => !layer.route);
  const starts = stack.map((layer) => (layer.route ? literalStart(layer.rawPath) : null));
  const prefix = `${mount}/`;
  /**
   * The next route at or after `from` that matches the path and answers GET, as Express's router looks
   * for it; a route whose path starts with text the request's path does not start with is not asked
   * (75 routes, each a regular expression: the walk had been 3.5% of a public profile read's CPU).
   */
  const nextRoute = (path: string, from: number): { at: number; params: Record<string, string> } | null => {
    const lower = path.toLowerCase();
    for (let at = from; at < stack.length; at++) {
      const start = starts[at];
      if (start === null || !lower.startsWith(start)) continue;
      const match = stack[at].match(path);
      if (match && stack[at].route!._handlesMethod("GET")) return { at, params: match.params };
    }
    return null;
  };

  return (req, res) => {
    if (req.method !== "GET" || req.headers["content-length"] !== undefined || req.headers["transfer-encoding"] !== undefined) return false;
    const url = req.url ?? "";
    if (!url.startsWith(prefix)) return false;
    const q = url.indexOf("?");
    const path = (q < 0 ? url : url.slice(0, q)).slice(mount.length);
    let found: ReturnType<typeof nextRoute>;
    try {
      // A path a middleware serves (the API viewer's files) is Express's, as is one no route matches (its 404).
      if (middlewares.some((layer) => layer.match(path))) return false;
      found = nextRoute(path, 0);
    } catch {
      return false; // a malformed escape: Express's 400
    }
    if (!found) return false;

    const request = req as Request;
    const response = res as Response;
    // What app.handle and the routers set on the way in (the prototypes are already Express's: requestClasses).
    request.res = response;
    response.req = request;
    response.locals ??= Object.create(null) as Response["locals"];
    request.originalUrl = url;
    request.baseUrl = mount;
    request.url = url.slice(mount.length);
    // The route to run next (the first is already found); a handler that declines sends the walk on from it.
    let pending: ReturnType<typeof nextRoute> = found;
    let resume = 0;
    const next = (err?: unknown) => {
      if (err && err !== "route" && err !== "router") return opts.onError(err, request, response);
      if (err === "router") return opts.notFound(request, response);
      try {
        pending ??= nextRoute(path, resume);
      } catch (e) {
        return opts.onError(e, request, response);
      }
      if (!pending) return opts.notFound(request, response);
      const { at, params } = pending;
      pending = null;
      resume = at + 1;
      request.params = params;
      stack[at].handleRequest(req, res, next);
    };
    chain(req, res, before, next);
    return true;
  };
}

/**
 * The text every path a route matches starts with, lowercased (routes match regardless of case):
 * its path up to the first parameter or pattern character, less a trailing slash (a route matches
 * with or without one). "" (no test) for a path that is not a plain string or has other characters.
 */
export function literalStart(path: unknown): string {
  if (typeof path !== "string") return "";
  const literal = /^[A-Za-z0-9/_.~-]*/.exec(path)![0];
  return literal.replace(/\/+$/, "").toLowerCase();
}
