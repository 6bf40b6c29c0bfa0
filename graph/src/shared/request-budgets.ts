import type { RateLimiterAbstract, RateLimiterRes } from "rate-limiter-flexible";

/**
 * The request budgets of /api and /graphql: every call is counted against one budget per caller class,
 * in fixed windows, separately from the per-action limits of rate-limit.ts (sign-ins, chat...). The
 * door picks the class from the verified caller (server/request-budget.ts) and answers the counts as
 * the IETF RateLimit-Policy and RateLimit fields.
 */
export const REQUEST_BUDGET_DEFAULTS = {
  /**
   * No token: per client address. A whole campus may sit behind one address and its signed-out pages
   * (sign-in, sign-up, the public leaderboard) share it, so this is the most generous per bucket.
   */
  anonymous: { points: 1200, durationSeconds: 60 },
  /** An integrator's read-only API key: per key. Above the anonymous budget, so a key is worth having. */
  key: { points: 3000, durationSeconds: 60 },
  /**
   * Signed in: per student. One person's web app sends a handful of operations per page and about two
   * a second in a lively chat; ten a second for a minute is a script.
   */
  student: { points: 600, durationSeconds: 60 },
} satisfies Record<string, { points: number; durationSeconds: number }>;

export type RequestPolicy = keyof typeof REQUEST_BUDGET_DEFAULTS;

/** One request's draw on its caller's budget: what the RateLimit-Policy and RateLimit fields say. */
export interface RequestBudget {
  policy: RequestPolicy;
  /** Requests per window (the policy's `q`). */
  quota: number;
  /** The window, in seconds (the policy's `w`). */
  windowSeconds: number;
  /** Requests left in the caller's current window after this one (`r`). */
  remaining: number;
  /** Seconds until the caller's window ends and the quota is whole again (`t`); at least 1. */
  resetSeconds: number;
  /** False when this request is over the quota: it is refused (429, Retry-After: resetSeconds). */
  allowed: boolean;
}

export interface RequestBudgets {
  /**
   * Counts one request of `key` (an address, a key id, a student id) in `policy`'s budget. Never fails
   * and never waits past the store's command bound: while the shared store (Redis) fails, this instance
   * counts on its own.
   */
  take(policy: RequestPolicy, key: string): Promise<RequestBudget>;
}

/**
 * How long the budgets count in memory after the shared store failed a command, before one request tries
 * it again. Every request takes a budget, so without this pause a silent Redis (a partition, where each
 * command waits out REDIS_COMMAND_TIMEOUT_MS) would slow every request by that bound, not only one in a while.
 */
export const SHARED_STORE_RETRY_MS = 5_000;

type Rule = { points: number; durationSeconds: number };
type LimiterOptions = { keyPrefix: string; points: number; duration: number };

/** The shared store (Redis): a limiter per policy, and whether its connection is up (else a command would fail at once). */
export interface SharedStore {
  limiter(opts: LimiterOptions): RateLimiterAbstract;
  connected(): boolean;
}

/**
 * `memory` builds an in-memory limiter from a policy's options. With a `shared` store its limiter is used
 * while it is connected and answers; otherwise the memory one counts: at once while the store is not
 * connected (starting, refused, reconnecting), and for SHARED_STORE_RETRY_MS after a command failed
 * (then one request asks the store again).
 */
export function createRequestBudgets(
  rules: Partial<Record<string, Rule>>,
  memory: (opts: LimiterOptions) => RateLimiterAbstract,
  shared?: SharedStore,
  now: () => number = () => Date.now(),
): RequestBudgets {
  const limiters = new Map(
    Object.entries(requestBudgetRules(rules)).map(([policy, rule]) => {
      const opts = { keyPrefix: `sx:rq:${policy}`, points: rule.points, duration: rule.durationSeconds };
      return [policy as RequestPolicy, { rule, memory: memory(opts), shared: shared?.limiter(opts) }] as const;
    }),
  );
  /** 0 while the shared store answers; else until when the memory counts alone. */
  let sharedDownUntil = 0;

  const answer = (policy: RequestPolicy, rule: Rule, res: RateLimiterRes, allowed: boolean): RequestBudget => ({
    policy,
    quota: rule.points,
    windowSeconds: rule.durationSeconds,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    allowed,
  });

  return {
    async take(policy, key) {
      const { rule, memory: local, shared: store } = limiters.get(policy)!;
      const useShared = store !== undefined && now() >= sharedDownUntil && shared!.connected();
      if (useShared) {
        // A retry after a failure: the next requests stay in memory until this one has its answer.
        if (sharedDownUntil !== 0) sharedDownUntil = now() + SHARED_STORE_RETRY_MS;
        try {
          const res = await store.consume(key);
          sharedDownUntil = 0;
          return answer(policy, rule, res, true);
        } catch (e) {
          // The documented contract: a refusal rejects with a RateLimiterRes, a failing store with an Error.
          if (!(e instanceof Error)) {
            sharedDownUntil = 0;
            return answer(policy, rule, e as RateLimiterRes, false);
          }
          sharedDownUntil = now() + SHARED_STORE_RETRY_MS;
        }
      }
      try {
        return answer(policy, rule, await local.consume(key), true);
      } catch (e) {
        return answer(policy, rule, e as RateLimiterRes, false);
      }
    },
  };
}

/** Each class's rule: the override (API_RATE_LIMITS) or the default. */
export function requestBudgetRules(overrides: Partial<Record<string, Rule>>): Record<RequestPolicy, Rule> {
  const policies = Object.keys(REQUEST_BUDGET_DEFAULTS) as RequestPolicy[];
  return Object.fromEntries(policies.map((p) => [p, overrides[p] ?? REQUEST_BUDGET_DEFAULTS[p]])) as Record<RequestPolicy, Rule>;
}
