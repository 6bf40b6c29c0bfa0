import type { IncomingHttpHeaders } from "node:http";
import type { ApiKeyCaller, AuthUser, Context } from "../kit/context.js";
import type { DoorServices } from "./door-services.js";
import { bearerToken } from "../shared/tokens.js";
import { createLoaders, type Loaders } from "./loaders.js";

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

/** `ip` may be given as a function: it is then read only if a rule asks (rate limits), once. */
export async function contextFromToken(services: DoorServices, token: string | null, ip: string | (() => string)): Promise<Context> {
  const user = await services.auth.authenticate(token);
  return new RequestContext(services, user, null, Boolean(token) && user === null, createLoaders(services), ip);
}

/** What a context is made from: the request's headers and its client's address (Fastify's `request.ip`). */
export interface RequestLike {
  headers: IncomingHttpHeaders;
  ip?: string;
}

/** A request's context; `readToken` false: no caller and no token check (a public REST route). */
export function contextFromRequest(services: DoorServices, req: RequestLike, readToken = true): Promise<Context> {
  // The address walks X-Forwarded-For through the trusted proxies: read only if a rate-limited operation asks.
  return contextFromToken(services, readToken ? bearerToken(req.headers.authorization) : null, () => req.ip ?? "unknown");
}
