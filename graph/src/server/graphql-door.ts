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
  const { apollo, known } = graphql;
  /** Accept header -> the headers of Apollo's 200 answer to a POST (its content type, negotiated from that header). */
  const answerHeaders = new Map<string, Array<[string, string]>>();
  const contextOf = (req: IncomingMessage): Promise<Context> =>
    contextFromToken(services, bearerToken(req.headers.authorization), () => proxyaddr(req, trust));

  /**
   * A query Apollo has already parsed, validated and run for the same document text, answered
   * without it: the same compiled query, context, error formatting and serialisation, and the
   * headers Apollo answered for the same Accept header; or a query of public fields only (the
   * leaderboard) whose answer Apollo's public cache holds for the data's current version, answered
   * with that cached text as Apollo's plugin would. Returns false, having written nothing,
   * whenever Apollo must answer (see tryKnown's callers): the request is then Apollo's as before.
   */
  const tryKnown = async (req: IncomingMessage & { body?: unknown }, res: ServerResponse): Promise<boolean> => {
    const headers = answerHeaders.get(req.headers.accept ?? "");
    if (!headers || req.method !== "POST") return false;
    const found = known.find(req.body);
    // Not a query it has compiled: perhaps a public one (the leaderboard) whose answer Apollo cached.
    if (!found && !known.mayBeCached(req.body)) return false;
    let ctx: Context;
    try {
      ctx = await contextOf(req);
    } catch {
      return false; // Apollo makes the context again and answers the failure its way
    }
    let text: string;
    let status = 200;
    if (found) {
      const running = found.query.run(found.variables, ctx);
      if (!running) return false; // variables that do not fit: Apollo's 400
      const result = await running;
      text = known.text(result);
      // Apollo's rule: errors and no data at all is a 400 (then the status rule of the door, as below).
      if (result.data === undefined && result.errors?.length) status = 400;
    } else {
      const cached = await known.cachedText(req.body, ctx);
      if (cached === undefined) return false; // not cached for the data's current version: Apollo runs it
      text = cached;
    }
    for (const [key, value] of headers) res.setHeader(key, value);
    res.statusCode = graphqlOverHttpStatus(status, headers.find(([key]) => key === "content-type")?.[1], text);
    res.setHeader("content-length", Buffer.byteLength(text));
    res.end(text);
    return true;
  };

  const serve = async (req: IncomingMessage & { body?: unknown }, res: ServerResponse) => {
    if (await tryKnown(req, res)) return;
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
      if (method === "POST" && res.statusCode === 200) learnHeaders(answerHeaders, req.headers.accept ?? "", answer.headers);
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

/** Distinct Accept headers whose answer headers are kept (clients send a handful). */
const MAX_ACCEPT_HEADERS = 32;

/** Keeps the headers of Apollo's 200 single-result answer for an Accept header (Apollo derives them from it alone). */
function learnHeaders(into: Map<string, Array<[string, string]>>, accept: string, headers: HeaderMap) {
  if (into.has(accept) || into.size >= MAX_ACCEPT_HEADERS) return;
  if (!headers.get("content-type")?.includes("json")) return;
  into.set(accept, [...headers]);
}
