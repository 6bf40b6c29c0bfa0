import type { Redis } from "ioredis";
import type { RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";
import { type Config, ConfigError } from "../config.js";
import { AppError, rateLimited } from "./errors.js";
import { lazyRequire } from "./lazy-require.js";
import { createRequestBudgets, REQUEST_BUDGET_DEFAULTS, type RequestBudgets } from "./request-budgets.js";
import type * as IORedis from "ioredis";
import type * as RateLimiterFlexible from "rate-limiter-flexible";

// The memory limiter alone: the package's index loads every store it supports (Redis, Mongo, SQL...).
const RateLimiterMemory = lazyRequire("rate-limiter-flexible/lib/RateLimiterMemory.js") as typeof RateLimiterFlexible.RateLimiterMemory;

/**
 * Every limit the app enforces, by name. Limits are enforced inside services, so REST,
 * GraphQL (aliased fields included) and graphql-ws attempts all draw from the same bucket.
 * Per-IP limits are generous on purpose: a whole campus may sit behind one address.
 */
export const RATE_LIMIT_DEFAULTS = {
  /** Failed sign-ins per account (the email tried), reset by a successful one. */
  login_account: { points: 10, durationSeconds: 15 * 60 },
  /** Failed sign-ins per client address. */
  login_ip: { points: 30, durationSeconds: 15 * 60 },
  /** Registration attempts per client address. */
  register_ip: { points: 30, durationSeconds: 60 * 60 },
  /** Reset mails asked for one address. */
  forgot_email: { points: 5, durationSeconds: 60 * 60 },
  /** Reset mails asked from one client address, whatever the email. */
  forgot_ip: { points: 20, durationSeconds: 60 * 60 },
  /** Contact messages per client address. */
  contact_ip: { points: 10, durationSeconds: 60 * 60 },
  /** Chat messages per sender (all their chats together): a lively chat, never a flood. */
  chat_message: { points: 60, durationSeconds: 60 },
  /** "Typing" signals per sender (the web app sends at most one every 2.5 s while keys are pressed). */
  chat_typing: { points: 40, durationSeconds: 60 },
  // Per student, for writes that reach other people or cost storage or a gateway call: generous
  // for real use (and for the browser suites, which use fresh students); a script meets the wall.
  /** Coin purchase orders created (each calls the payment gateway and stores an order). */
  coin_order: { points: 30, durationSeconds: 60 * 60 },
  /** Profile pictures uploaded (each is stored, attached or not). */
  image_upload: { points: 30, durationSeconds: 60 * 60 },
  /** Swap and pay requests sent (each notifies another student). */
  swap_request: { points: 30, durationSeconds: 60 * 60 },
  /** Implement problems posted. */
  implement_post: { points: 30, durationSeconds: 60 * 60 },
  /** Requests to join implement problems (each fills an owner's applicant list). */
  implement_join: { points: 60, durationSeconds: 60 * 60 },
  /** "Resend the mail" for the college-address link (each sends a mail to that address). */
  verify_resend: { points: 5, durationSeconds: 60 * 60 },
} satisfies Record<string, { points: number; durationSeconds: number }>;

export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;

export interface RateLimits {
  /**
   * Takes one point from each named bucket; when any is empty nothing more is allowed
   * and `rateLimited(seconds)` (HTTP 429 / RATE_LIMITED) is thrown.
   */
  consume(...buckets: Array<[RateLimitName, string]>): Promise<void>;
  /**
   * `consume(...buckets)`, then `work`. When `work` fails through a fault of ours (the database or
   * Redis down or slow: anything but a refusal of the request, an AppError below 500), the points
   * are given back: a student never pays for our outage.
   */
  spend<T>(buckets: Array<[RateLimitName, string]>, work: () => Promise<T>): Promise<T>;
  /** Gives one point back (e.g. the IP's, after a successful sign-in). */
  refund(name: RateLimitName, key: string): Promise<void>;
  /** Empties a bucket's count (e.g. the account's, after a successful sign-in). */
  reset(name: RateLimitName, key: string): Promise<void>;
  /** The request budgets of /api and /graphql per caller class (request-budgets.ts), in the same store. */
  readonly requests: RequestBudgets;
  close(): Promise<void>;
}

/** Whether `e` is a refusal of the request itself (bad input, a rule, a limit), not a fault of the server. */
export function isRefusal(e: unknown): boolean {
  return e instanceof AppError && e.status < 500;
}

/** The default of REDIS_COMMAND_TIMEOUT_MS. */
export const DEFAULT_REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * Memory by default; Redis when REDIS_URL is set, so every instance shares the counts. Every Redis
 * command is bounded (ioredis `commandTimeout`, REDIS_COMMAND_TIMEOUT_MS): a Redis that is refused,
 * down or silent (a partition) fails the command at once or within the bound, and this instance
 * then counts on its own (rate-limiter-flexible's documented `insuranceLimiter`) until Redis answers.
 */
export function createRateLimits(config: Pick<Config, "redisUrl" | "rateLimits" | "apiRateLimits" | "redisCommandTimeoutMs">): RateLimits {
  checkRules("RATE_LIMITS", config.rateLimits, RATE_LIMIT_DEFAULTS);
  checkRules("API_RATE_LIMITS", config.apiRateLimits, REQUEST_BUDGET_DEFAULTS);
  const redis: Redis | undefined = config.redisUrl
    ? new (lazyRequire("ioredis") as typeof IORedis).Redis(config.redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 3,
        commandTimeout: config.redisCommandTimeoutMs ?? DEFAULT_REDIS_COMMAND_TIMEOUT_MS,
      })
    : undefined;
  const { RateLimiterRedis } = redis
    ? (lazyRequire("rate-limiter-flexible") as typeof RateLimiterFlexible)
    : { RateLimiterRedis: undefined };
  // Connection errors are handled by the insurance limiter below; without a listener
  // ioredis would report each reconnect attempt as an unhandled error event.
  redis?.on("error", () => {});
  const limiters = new Map<RateLimitName, RateLimiterAbstract>();
  for (const name of Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitName[]) {
    const rule = config.rateLimits[name] ?? RATE_LIMIT_DEFAULTS[name];
    const opts = { keyPrefix: `sx:rl:${name}`, points: rule.points, duration: rule.durationSeconds };
    limiters.set(
      name,
      redis
        ? // While Redis is unreachable this instance keeps limiting on its own instead of failing every call.
          new RateLimiterRedis!({ ...opts, storeClient: redis, useRedisPackage: false, insuranceLimiter: new RateLimiterMemory(opts) })
        : new RateLimiterMemory(opts),
    );
  }
  const limiter = (name: RateLimitName) => limiters.get(name)!;
  const requests = createRequestBudgets(
    config.apiRateLimits,
    (opts) => new RateLimiterMemory(opts),
    redis
      ? {
          // No insurance limiter here: the budgets see the failure and count in memory for a while (request-budgets.ts).
          // Once a key's window is spent, its refusals are answered from memory without asking Redis.
          limiter: (opts) =>
            new RateLimiterRedis!({ ...opts, storeClient: redis, useRedisPackage: false, inMemoryBlockOnConsumed: opts.points }),
          connected: () => redis.status === "ready",
        }
      : undefined,
  );

  const api: RateLimits = {
    async consume(...buckets) {
      const results = await Promise.allSettled(buckets.map(([name, key]) => limiter(name).consume(key)));
      const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
      if (refused.length === 0) return;
      const waits = refused.map((reason) => {
        // The documented contract: a refusal rejects with a RateLimiterRes, a failing store with an Error.
        if (reason instanceof Error) throw reason; // the store failed: not a limit, a real error
        return (reason as RateLimiterRes).msBeforeNext;
      });
      throw rateLimited(Math.max(1, Math.ceil(Math.max(...waits) / 1000)));
    },
    async spend(buckets, work) {
      await api.consume(...buckets);
      try {
        return await work();
      } catch (e) {
        if (!isRefusal(e)) await Promise.all(buckets.map(([name, key]) => api.refund(name, key).catch(() => undefined)));
        throw e;
      }
    },
    async refund(name, key) {
      await limiter(name).reward(key, 1);
    },
    async reset(name, key) {
      await limiter(name).delete(key);
    },
    requests,
    async close() {
      if (redis) await redis.quit().catch(() => redis.disconnect());
    },
  };
  return api;
}

/** Every overridden name must be a known one, with at least one point in at least one second. */
function checkRules(variable: string, rules: Record<string, { points: number; durationSeconds: number }>, known: object): void {
  for (const [name, rule] of Object.entries(rules)) {
    if (!(name in known)) throw new ConfigError(`Invalid ${variable}: unknown limit ${name} (known: ${Object.keys(known).join(", ")})`);
    if (rule.points < 1 || rule.durationSeconds < 1) throw new ConfigError(`Invalid ${variable}: ${name} needs points and seconds >= 1`);
  }
}
