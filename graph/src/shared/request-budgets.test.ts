import { RateLimiterMemory, type RateLimiterAbstract } from "rate-limiter-flexible";
import { describe, expect, it } from "vitest";
import { createRequestBudgets, REQUEST_BUDGET_DEFAULTS, requestBudgetRules, SHARED_STORE_RETRY_MS } from "./request-budgets.js";

const memory = (opts: ConstructorParameters<typeof RateLimiterMemory>[0]) => new RateLimiterMemory(opts);

/** A shared store standing in for Redis: counts like it (in memory) while `up`, fails every command otherwise. */
function fakeStore() {
  const state = { up: true, connected: true, commands: 0 };
  return {
    state,
    store: {
      connected: () => state.connected,
      limiter(opts: ConstructorParameters<typeof RateLimiterMemory>[0]) {
        const inner = new RateLimiterMemory(opts);
        return {
          consume: async (key: string) => {
            state.commands++;
            if (!state.up) throw new Error("Command timed out");
            return inner.consume(key);
          },
        } as unknown as RateLimiterAbstract;
      },
    },
  };
}

describe("request budgets", () => {
  it("count a key's requests in its policy's window and refuse past the quota, other keys and policies apart", async () => {
    const budgets = createRequestBudgets({ student: { points: 2, durationSeconds: 60 } }, memory);
    expect(await budgets.take("student", "u1")).toEqual({
      policy: "student",
      quota: 2,
      windowSeconds: 60,
      remaining: 1,
      resetSeconds: 60,
      allowed: true,
    });
    expect(await budgets.take("student", "u1")).toMatchObject({ remaining: 0, allowed: true });
    expect(await budgets.take("student", "u1")).toMatchObject({ remaining: 0, allowed: false, resetSeconds: 60 });
    expect(await budgets.take("student", "u2")).toMatchObject({ remaining: 1, allowed: true });
    // The same key in another policy is another bucket, with the default quota.
    expect(await budgets.take("anonymous", "u1")).toMatchObject({
      quota: REQUEST_BUDGET_DEFAULTS.anonymous.points,
      remaining: REQUEST_BUDGET_DEFAULTS.anonymous.points - 1,
      allowed: true,
    });
  });

  it("defaults put a key above an address, and overrides replace only what they name", () => {
    expect(REQUEST_BUDGET_DEFAULTS.key.points).toBeGreaterThan(REQUEST_BUDGET_DEFAULTS.anonymous.points);
    expect(requestBudgetRules({ key: { points: 5, durationSeconds: 10 } })).toEqual({
      ...REQUEST_BUDGET_DEFAULTS,
      key: { points: 5, durationSeconds: 10 },
    });
  });

  it("use the shared store while it answers, its refusals included", async () => {
    const { state, store } = fakeStore();
    const budgets = createRequestBudgets({ key: { points: 1, durationSeconds: 60 } }, memory, store);
    expect(await budgets.take("key", "k")).toMatchObject({ allowed: true, remaining: 0 });
    expect(await budgets.take("key", "k")).toMatchObject({ allowed: false });
    expect(state.commands).toBe(2);
  });

  it("count in memory while the shared store is not connected, without asking it", async () => {
    const { state, store } = fakeStore();
    state.connected = false;
    const budgets = createRequestBudgets({ key: { points: 2, durationSeconds: 60 } }, memory, store);
    expect(await budgets.take("key", "k")).toMatchObject({ allowed: true, remaining: 1 });
    expect(await budgets.take("key", "k")).toMatchObject({ allowed: true, remaining: 0 });
    expect(await budgets.take("key", "k")).toMatchObject({ allowed: false });
    expect(state.commands).toBe(0);
  });

  it("after a failed command count in memory for a pause, then ask the store again once", async () => {
    const { state, store } = fakeStore();
    let clock = 1_000_000;
    const budgets = createRequestBudgets({ student: { points: 3, durationSeconds: 60 } }, memory, store, () => clock);
    state.up = false;
    // The failing command's request is answered from memory, and so is every one during the pause.
    expect(await budgets.take("student", "s")).toMatchObject({ allowed: true, remaining: 2 });
    expect(await budgets.take("student", "s")).toMatchObject({ allowed: true, remaining: 1 });
    expect(state.commands).toBe(1);

    // Past the pause one request asks again; the requests beside it stay in memory meanwhile.
    clock += SHARED_STORE_RETRY_MS;
    const [probe, beside] = await Promise.all([budgets.take("student", "s"), budgets.take("student", "s")]);
    expect(state.commands).toBe(2);
    expect([probe.allowed, beside.allowed].sort()).toEqual([false, true]);

    // Back: the store counts again (its own count of this key starts afresh).
    state.up = true;
    clock += SHARED_STORE_RETRY_MS;
    expect(await budgets.take("student", "s")).toMatchObject({ allowed: true, remaining: 2 });
    expect(await budgets.take("student", "s")).toMatchObject({ allowed: true, remaining: 1 });
    expect(state.commands).toBe(4);
  });
});
