import { HeaderMap } from "@apollo/server";
import type { IncomingMessage, ServerResponse } from "node:http";
import proxyaddr from "proxy-addr";
import type { Services } from "../services.js";
import { bearerToken } from "../shared/tokens.js";
import type { GraphqlServer } from "./apollo.js";
import { type Context, contextFromToken } from "./context.js";
import { graphqlOverHttpStatus } from "./response-status.js";

/** A connect-style middleware that works on plain node requests (cors, body-parser's json). */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Runs middlewares in order; the first error (or the end of the chain) goes to `done`. */
export function chain(req: IncomingMessage, res: ServerResponse, list: NodeMiddleware[], done: (err?: unknown) => void) {
  let i = 0;
  const next = (err?: unknown) => {
    if (err || i === list.length) return done(err);
    list[i++](req, res, next);
  };
  next();
}

export interface GraphqlDoorOptions {
  graphql: GraphqlServer;
  services: Services;
  /** Run before Apollo, in order: the security headers, CORS, the JSON body parser (the same instances' settings as the rest of the app). */
  before: NodeMiddleware[];
  /** Which proxies' X-Forwarded-For is believed (Express's `trust proxy` setting, compiled). */
  trust: (addr: string, i: number) => boolean;
  /** An error before Apollo (a body that is not JSON, too large): answers it. */
  onError: (err: unknown, req: IncomingMessage, res: ServerResponse) => void;
}

/**
 * POST/GET /graphql without Express: the same middlewares (headers, CORS, JSON body) and then
 * Apollo Server's own HTTP handler (what @as-integrations/express5 did inside Express), but without Express's
 * router, request and response decoration and per-response ETag hashing, which on a cheap query
 * cost as much CPU as the query's SQL. Everything Apollo does (parsing, validation with every
 * armor limit, plugins, CSRF prevention, error formatting, status codes) is unchanged, but for the
 * status of a request error answered as application/json (graphqlOverHttpStatus).
 */
export function graphqlDoor(opts: GraphqlDoorOptions) {
  const { graphql, services, before, trust } = opts;
  const { apollo } = graphql;
  const contextOf = (req: IncomingMessage): Promise<Context> =>
    contextFromToken(services, bearerToken(req.headers.authorization), () => proxyaddr(req, trust));

  const serve = async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
    const headers = new HeaderMap();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(", ") : value);
    }
    const url = req.url ?? "";
    const q = url.indexOf("?");
    const method = (req.method ?? "GET").toUpperCase();
    const answer = await apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method, headers, search: q < 0 ? "" : url.slice(q), body: req.body },
      context: () => contextOf(req),
    });
    for (const [key, value] of answer.headers) res.setHeader(key, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === "complete") {
      res.statusCode = graphqlOverHttpStatus(res.statusCode, answer.headers.get("content-type"), answer.body.string);
      res.setHeader("content-length", Buffer.byteLength(answer.body.string));
      res.end(answer.body.string);
      return;
    }
    for await (const chunk of answer.body.asyncIterator) res.write(chunk);
    res.end();
  };
  return (req: IncomingMessage, res: ServerResponse) =>
    chain(req, res, before, (err) => {
      if (err) return opts.onError(err, req, res);
      serve(req, res).catch((e: unknown) => opts.onError(e, req, res));
    });
}
