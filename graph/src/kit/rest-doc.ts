/** A REST route's contract: a leaf (rest-kit.ts validates with it, rest-routes.ts lists it, openapi.ts documents it). */
import type { AnyZodObject, ZodTypeAny } from "zod";

/**
 * Who may call a route:
 * - `none`: anyone, and no token is read: the handler's context has no caller (public pages, sign-in;
 *   such a handler uses no more of it than the client's address). A public read costs no token check.
 * - `bearer`: `Authorization: Bearer <jwt>` (401 without a valid one, before the body is read).
 * - `bearer-or-body`: as `bearer`, or the token where the old client put it in the JSON body
 *   (`token`, `headers.Authorization`, `from_user_token`). A body token for someone other than
 *   the header's user is 403.
 * - `signature`: no token; the request is signed (the payment webhook).
 */
export type RouteAuth = "none" | "bearer" | "bearer-or-body" | "signature";

export interface RouteDoc<
  B extends ZodTypeAny | undefined = ZodTypeAny | undefined,
  Q extends AnyZodObject | undefined = AnyZodObject | undefined,
  P extends AnyZodObject | undefined = AnyZodObject | undefined,
> {
  /** The OpenAPI tag (the module). */
  tag: string;
  summary: string;
  description?: string;
  auth: RouteAuth;
  params?: P;
  query?: Q;
  body?: B;
  /** The 200 answer (and any other 2xx in `responses`, e.g. a 201 "created"). */
  response: ZodTypeAny;
  /** The media type of `response` when it is not JSON (an HTML page, a script): the schema is then the text's. */
  responseType?: string;
  /** Headers of the 200 answer (documentation only). */
  responseHeaders?: AnyZodObject;
  /**
   * Other answers this route gives besides the shared ones (400, 401, 403, 413, 429, 500, 503), with
   * when: a 4xx/5xx is the JSON error body, another 2xx the `response`, a 3xx no body; or
   * `{ when, type }` for an answer that is a text of that media type (an HTML page, a redirect's note).
   */
  responses?: Record<number, string | { when: string; type: string }>;
  /**
   * Properties this route adds to its own refusals' `{ error, code }` body (e.g. `success: false` for
   * the old client); documented as optional, since the shared refusals (401, 429, 500) come without them.
   */
  refusal?: AnyZodObject;
  /**
   * A spec section 7 path the old client reads `error` on: a business refusal (bad input, not
   * found, conflict, profile not filled) answers 200 `{ error, code, ...legacy }` instead of its
   * status, so an axios client reads the text. 401/403/429 keep their status.
   */
  legacy?: true | Record<string, unknown>;
}
