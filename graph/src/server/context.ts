import type { IncomingHttpHeaders } from "node:http";
import { isApiKeySecret } from "../../../common/api-keys.js";
import type { ApiKeyCaller, AuthUser, Context } from "../kit/context.js";
import type { DoorServices } from "./door-services.js";
import { bearerToken } from "../shared/tokens.js";
import { apiKeyRejected } from "./api-key-door.js";
import { createLoaders, type Loaders } from "../modules/index.js";

// The context's shape and its pure helpers live in the kit, below the modules; the door builds one.
export { type ApiKeyCaller, type AuthUser, type Context, requireUser, withChanges } from "../kit/context.js";

/** Where a context's `ip` comes from; shared by a context and Apollo's copies of it, so it is read once. */
interface IpSource {
  read: (() => string) | null;
  value: string;
}
const IP = Symbol("ip");

/**
 * Every context is one of these: one class, so every context has the same shape and prototype and
 * the resolvers' reads of `ctx.user` or `ctx.services` stay monomorphic. (A context built with a
 * fresh prototype per request made each one a new hidden class.) Apollo copies a context's own
 * enumerable properties into an object with the same prototype for every operation; the
 * symbol-keyed address source is such a property, and the `ip` getter lives on the prototype.
 */
class RequestContext implements Context {
  readonly [IP]: IpSource;
  constructor(
    public services: DoorServices,
    public user: AuthUser | null,
    public apiKey: ApiKeyCaller | null,
    public tokenRejected: boolean,
    public loaders: Loaders,
    ip: string | (() => string),
  ) {
    this[IP] = typeof ip === "string" ? { read: null, value: ip } : { read: ip, value: "" };
  }
  get ip(): string {
    const source = this[IP];
    if (source.read) {
      source.value = source.read();
      source.read = null;
    }
    return source.value;
  }
}

/**
 * `ip` may be given as a function: it is then read only if a rule asks (rate limits), once. A read-only
 * API key (`sxk_...`) is checked against the database on every request: a working one is the
 * context's `apiKey` (and `user` stays null); one that does not work is refused here, UNAUTHENTICATED
 * (401), whatever the request asked for, since the integrator must learn that their key is dead.
 */
export async function contextFromToken(services: DoorServices, token: string | null, ip: string | (() => string)): Promise<Context> {
  if (token && isApiKeySecret(token)) {
    const check = await services.apiKeys.authenticate(token);
    if (!check.caller) throw apiKeyRejected(check.refusal);
    return new RequestContext(services, null, check.caller, false, createLoaders(services), ip);
  }
  const user = await services.auth.authenticate(token);
  return new RequestContext(services, user, null, Boolean(token) && user === null, createLoaders(services), ip);
}

/** What a context is made from: the request's headers and its client's address (Fastify's `request.ip`). */
export interface RequestLike {
  headers: IncomingHttpHeaders;
  ip?: string;
}

/**
 * A request's context; `readToken` false: no session token is read and checked (a public REST route).
 * An API key is read even there: a key that does not work is refused on every request made with it,
 * and the caller class (the key's own rate limit) needs to know the key.
 */
export function contextFromRequest(services: DoorServices, req: RequestLike, readToken = true): Promise<Context> {
  const token = bearerToken(req.headers.authorization);
  // The address walks X-Forwarded-For through the trusted proxies: read only if a rate-limited operation asks.
  return contextFromToken(services, readToken || (token && isApiKeySecret(token)) ? token : null, () => req.ip ?? "unknown");
}
