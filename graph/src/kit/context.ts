import { ACCOUNT_MESSAGES } from "../../../common/accounts.js";
import { API_KEY_MESSAGES } from "../../../common/api-keys.js";
import type { Deps } from "../shared/deps.js";
import type { Outbox } from "../shared/outbox.js";
import type { RateLimits } from "../shared/rate-limit.js";
import { forbidden, unauthenticated } from "../shared/errors.js";

/**
 * What a resolver or REST handler is given, below the modules (ARCHITECTURE.md principle 10): the
 * kit imports no module and no door. The services and the request's loaders are interfaces each
 * module fills with its own part, by module augmentation in its `kit.ts`:
 *
 *     declare module "../../kit/context.js" {
 *       interface KitServices { chat: ChatService }
 *       interface KitLoaders { chat: ChatLoaders }
 *     }
 *
 * The app's `Services` (services.ts) is checked to satisfy `KitServices`; the door builds the
 * context from a request (server/context.ts).
 */
export interface KitServices {
  /**
   * What a door's adapter may use of the services' dependencies: not the database. A resolver or
   * route reaches data only through a module's service, which names its transaction or its pool read.
   */
  deps: Omit<Deps, "dataSource" | "tx">;
  /** Shared by every limit in every service; memory or Redis. */
  rateLimits: RateLimits;
  /** The durable outbox (mail, and any channel registered on it). */
  outbox: Outbox;
}

/** Per-request DataLoaders, one set per GraphQL operation; each module adds its group. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by module augmentation
export interface KitLoaders {}

/** The caller, from a verified token. */
export interface AuthUser {
  id: string;
  /**
   * The college address was verified when this request checked the session (read with the token's
   * version, so the gate of writes that reach others costs no statement of its own). False is read
   * again where it matters (`UsersService.assertVerified`): a socket may outlive the verification.
   */
  verified: boolean;
}

/**
 * A read-only API key (an integrator's): it reads public data with its own, higher limit, and is
 * refused for every mutation, private field and private subscription. Never a `user`.
 */
export interface ApiKeyCaller {
  /** The key's id (its row), which its rate-limit bucket is named by. */
  id: string;
  /** The student (or operator) who created it. */
  ownerId: string;
}

export interface Context {
  services: KitServices;
  /** The caller, from the verified token; null when signed out. */
  user: AuthUser | null;
  /** The API key the request was made with, if any (then `user` is null). */
  apiKey: ApiKeyCaller | null;
  /** A token was sent and refused (expired, revoked, forged): the caller's session is over, not absent. */
  tokenRejected?: boolean;
  loaders: KitLoaders;
  ip: string;
}

/**
 * The same request's (or socket's) context with some fields replaced: a legacy REST body's token
 * naming the caller, or a socket operation's own loaders. Keeps the class (and so `ip`), which a
 * spread would drop.
 */
export function withChanges(ctx: Context, changes: Partial<Pick<Context, "user" | "apiKey" | "tokenRejected" | "loaders">>): Context {
  return Object.assign(Object.create(Object.getPrototypeOf(ctx) as object) as Context, ctx, changes);
}

/** What the caller-reading helpers look at; `apiKey` optional for the contexts tests build by hand. */
type CallerOf = Pick<Context, "user" | "tokenRejected"> & { apiKey?: ApiKeyCaller | null };

/**
 * The signed-in student, for anything private (their own data, every write): UNAUTHENTICATED when
 * signed out or the token was refused, FORBIDDEN for an API key (keys read public data only; one
 * never stands for its owner).
 */
export function requireUser(ctx: CallerOf): AuthUser {
  if (ctx.apiKey) throw forbidden(API_KEY_MESSAGES.readOnly);
  if (!ctx.user) throw ctx.tokenRejected ? unauthenticated(ACCOUNT_MESSAGES.sessionExpired) : unauthenticated();
  return ctx.user;
}

/**
 * The signed-in student or null when signed out, for a private read that answers "nothing" to a
 * signed-out caller (`me`): a refused token is still UNAUTHENTICATED, an API key FORBIDDEN.
 */
export function optionalUser(ctx: CallerOf): AuthUser | null {
  if (ctx.apiKey) throw forbidden(API_KEY_MESSAGES.readOnly);
  if (ctx.tokenRejected) throw unauthenticated(ACCOUNT_MESSAGES.sessionExpired);
  return ctx.user;
}
