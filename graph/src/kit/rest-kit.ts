import { createHash } from "node:crypto";
import type { AnyZodObject, ZodError, ZodTypeAny, z } from "zod";
import { AppError, badInput, forbidden, unauthenticated } from "../shared/errors.js";
import { bearerToken } from "../shared/tokens.js";
import { type AuthUser, type Context, type KitServices, requireUser, withChanges } from "./context.js";
import type { RouteDoc } from "./rest-doc.js";
import type { RestReply, RestRequest, RestRouteDef } from "./rest-routes.js";

/**
 * The kit every module's REST routes are written with. A leaf: it imports no module,
 * so modules can use it without a cycle through the list that collects them (rest.ts).
 *
 * Each route states its contract once (`RouteDoc`: zod schemas for params, query, body and the
 * answer, who may call it, which refusals it answers how): `route` validates requests with those
 * schemas and `openapi.ts` builds GET /api/openapi.json from the same objects, read from the list
 * of registered routes (rest-routes.ts). Nothing here knows the HTTP framework.
 */

type Out<T> = T extends ZodTypeAny ? z.output<T> : undefined;
export interface RouteInput<B, Q, P> {
  body: Out<B>;
  query: Out<Q>;
  params: Out<P>;
}

type Handler<B, Q, P> = (req: RestRequest, ctx: Context, res: RestReply, input: RouteInput<B, Q, P>) => Promise<unknown>;

/** Refusals that are answers, not failures, on the old client's `error`-reading paths. */
const LEGACY_CODES = new Set(["BAD_USER_INPUT", "NOT_FOUND", "CONFLICT", "DETAILS_NOT_FILLED"]);

/**
 * Wraps an async handler: builds the context from the token (refusing a signed-out caller when
 * the doc says so), validates params, query and body against the doc's schemas (400 naming the
 * field), and answers the result (JSON unless a TextAnswer; `{}` for nothing).
 */
export function route<B extends ZodTypeAny | undefined, Q extends AnyZodObject | undefined, P extends AnyZodObject | undefined>(
  services: KitServices,
  doc: RouteDoc<B, Q, P>,
  handler: Handler<B, Q, P>,
): RestRouteDef {
  const handle = async (req: RestRequest, res: RestReply): Promise<unknown> => {
    let ctx = await req.context(doc.auth !== "none");
    if (doc.auth === "bearer-or-body") ctx = await withBodyToken(services, ctx, req.body);
    if (doc.auth === "bearer" || doc.auth === "bearer-or-body") requireUser(ctx);
    // Each part is read only when the doc has a schema for it.
    const input = {
      params: doc.params && parse(doc.params, req.params, "path"),
      query: doc.query && parse(doc.query, req.query, "query"),
      body: doc.body && parse(doc.body, req.body ?? {}, "body"),
    } as RouteInput<B, Q, P>;
    try {
      return (await handler(req, ctx, res, input)) ?? {};
    } catch (e) {
      if (!(doc.legacy && e instanceof AppError && LEGACY_CODES.has(e.code))) throw e;
      res.status(200);
      return { ...(doc.legacy === true ? {} : doc.legacy), error: e.message, code: e.code };
    }
  };
  return { doc: doc as RouteDoc, handle };
}

/** A route that reads the request itself (the raw-body webhook, the HTML unsubscribe pages): no context, no validation. */
export function documented(doc: RouteDoc, handle: (req: RestRequest, res: RestReply) => Promise<unknown>): RestRouteDef {
  return { doc, handle };
}

/**
 * An ETag made from an answer's bytes (SHA-256, 27 base64url characters): the same answer always has
 * the same tag, a changed one another. `weak` (`W/"..."`) where the bytes sent may differ from the
 * ones hashed while meaning the same (compression, a media type chosen by Accept), as on /graphql.
 */
export function contentTag(body: string, weak = false): string {
  const tag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return weak ? `W/${tag}` : tag;
}

/**
 * Whether the client's cached copy is still current (a conditional GET, read as Express's
 * `req.fresh` did): every validator sent must match (If-None-Match naming the ETag,
 * If-Modified-Since not older than Last-Modified); Cache-Control: no-cache always gets the answer.
 */
export function isFresh(headers: RestRequest["headers"], etag: string, lastModified: string): boolean {
  const noneMatch = headers["if-none-match"];
  const modifiedSince = headers["if-modified-since"];
  if (!noneMatch && !modifiedSince) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers["cache-control"] ?? "")) return false;
  if (noneMatch && noneMatch !== "*") {
    const tags = noneMatch.split(",").map((t) => t.trim());
    if (!tags.some((t) => t === etag || t === `W/${etag}` || `W/${t}` === etag)) return false;
  }
  if (modifiedSince && !(Date.parse(lastModified) <= Date.parse(modifiedSince))) return false;
  return true;
}

function parse(schema: ZodTypeAny | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw validationError(result.error, where);
}

/** The first issue, as "<field>: <what is wrong>" (or "<field> is required"), the field also in `field`. */
export function validationError(error: ZodError, where: string): AppError {
  const issue = error.issues[0];
  const field = issue.path.length ? issue.path.join(".") : where;
  const missing = issue.code === "invalid_type" && issue.received === "undefined";
  // A schema's own message that already names the field is used as is ("skip must be a whole number ...").
  const message = issue.message.startsWith(field) ? issue.message : missing ? `${field} is required` : `${field}: ${issue.message}`;
  return badInput(message, { field, in: where });
}

/**
 * The token the old client put in a JSON body instead of a header: `{ token }` (profile form),
 * `{ headers: { Authorization } }` (axios options passed as the body) or `{ from_user_token }` (chat).
 */
export function tokenFromBody(body: unknown): string | null {
  if (!body || typeof body !== "object") return null;
  const b = body as Record<string, unknown>;
  const headers = b.headers && typeof b.headers === "object" ? (b.headers as Record<string, unknown>) : {};
  for (const raw of [b.token, headers.Authorization, headers.authorization, b.from_user_token]) {
    if (typeof raw === "string" && bearerToken(raw)) return bearerToken(raw);
  }
  return null;
}

/** What reads a token (the accounts module's AuthService, in the app's services). */
interface TokenReader {
  auth: { authenticate(token: string): Promise<AuthUser | null> };
}

/** The caller named by a token in the body: 401 if it is not valid, 403 if a header names someone else. */
async function withBodyToken(services: TokenReader, ctx: Context, body: unknown): Promise<Context> {
  const token = tokenFromBody(body);
  if (!token) return ctx;
  const user = await services.auth.authenticate(token);
  if (!user) throw unauthenticated();
  if (ctx.user && ctx.user.id !== user.id) throw forbidden("That token is not yours");
  return withChanges(ctx, { user, tokenRejected: false });
}

/** An id in a body or path that names the caller must be the token's user: 403 otherwise. */
export function assertSelf(ctx: Context, claimedId: unknown): string {
  const me = requireUser(ctx);
  if (claimedId !== undefined && claimedId !== null && claimedId !== "" && String(claimedId) !== me.id) {
    throw forbidden("That id is not yours");
  }
  return me.id;
}
