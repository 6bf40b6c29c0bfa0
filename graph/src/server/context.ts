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

export async function contextFromToken(services: Services, token: string | null, ip: string): Promise<Context> {
  const user = await services.auth.authenticate(token);
  return { services, user, tokenRejected: Boolean(token) && user === null, loaders: createLoaders(services), ip };
}

export function contextFromRequest(services: Services, req: Request): Promise<Context> {
  return contextFromToken(services, bearerToken(req.headers.authorization), req.ip ?? "unknown");
}

export function requireUser(ctx: Pick<Context, "user" | "tokenRejected">): AuthUser {
  if (!ctx.user) throw ctx.tokenRejected ? unauthenticated(ACCOUNT_MESSAGES.sessionExpired) : unauthenticated();
  return ctx.user;
}
