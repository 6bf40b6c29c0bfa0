import type { Request } from "express";
import { ACCOUNT_MESSAGES } from "../../../common/accounts.js";
import type { AuthUser } from "../modules/accounts/auth.service.js";
import type { Services } from "../services.js";
import { unauthenticated } from "../shared/errors.js";
import { bearerToken } from "../shared/tokens.js";
import { createLoaders, type Loaders } from "./loaders.js";

export interface Context {
  services: Services;
  /** The caller, from the verified token; null when signed out. */
  user: AuthUser | null;
  /** A token was sent and refused (expired, revoked, forged): the caller's session is over, not absent. */
  tokenRejected?: boolean;
  loaders: Loaders;
  ip: string;
}

/** `ip` may be given as a function: it is then read only if a rule asks (rate limits), once. */
export async function contextFromToken(services: Services, token: string | null, ip: string | (() => string)): Promise<Context> {
  const user = await services.auth.authenticate(token);
  const base = { services, user, tokenRejected: Boolean(token) && user === null, loaders: createLoaders(services) };
  if (typeof ip === "string") return { ...base, ip };
  // The getter sits on the context's own prototype: Apollo copies a context's own properties
  // into a clone for every operation (reading any getter among them), and keeps the prototype.
  let known: string | undefined;
  const lazy = Object.create(null, { ip: { get: () => (known ??= ip()), enumerable: true } }) as { ip: string };
  return Object.assign(Object.create(lazy) as Context, base);
}

export function contextFromRequest(services: Services, req: Request): Promise<Context> {
  // req.ip walks X-Forwarded-For through the trusted proxies: only rate-limited operations need it.
  return contextFromToken(services, bearerToken(req.headers.authorization), () => req.ip ?? "unknown");
}

export function requireUser(ctx: Pick<Context, "user" | "tokenRejected">): AuthUser {
  if (!ctx.user) throw ctx.tokenRejected ? unauthenticated(ACCOUNT_MESSAGES.sessionExpired) : unauthenticated();
  return ctx.user;
}
