/**
 * The request budgets of /api and /graphql (issue 50): every answer carries the IETF RateLimit-Policy
 * and RateLimit fields of the caller's class (anonymous per address, an API key per key, a student per
 * student), a call over the budget is refused 429 with Retry-After and the same fields, other callers
 * are unaffected, CORS preflights cost nothing, and a Redis that fails neither blocks nor refuses: this
 * instance counts on its own meanwhile. Small budgets so a test needs a handful of calls; each test
 * calls from an address of its own (X-Forwarded-For from loopback is trusted). rate-limiter-flexible
 * reads Date.now(): a Date frozen for the test makes `t` exact, and moving it ends a window.
 */
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { randomIp } from "../accounts.js";
import { eventually } from "../eventually.js";
import { serviceBusy } from "../../src/shared/errors.js";
import { SHARED_STORE_RETRY_MS } from "../../src/shared/request-budgets.js";
import { startFaultProxy, type FaultProxy } from "../fault-proxy.js";
import { dbTargets, startTestApp, type TestApp } from "../harness.js";

/** Shaped like a key, matching none: refused 401. */
const UNKNOWN_KEY = `sxk_${"A".repeat(43)}`;
const BUDGETS = "anonymous=3/60,key=4/60,student=2/60";
const REDIS = process.env.TEST_REDIS_URL;

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

interface CallOptions {
  method?: string;
  ip?: string;
  token?: string;
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
  capMs?: number;
}

async function call(t: TestApp, path: string, o: CallOptions = {}): Promise<Answer> {
  const res = await fetch(`${t.url}${path}`, {
    method: o.method ?? (o.body === undefined ? "GET" : "POST"),
    headers: {
      ...(o.body !== undefined ? { "content-type": "application/json" } : {}),
      ...(o.ip ? { "x-forwarded-for": o.ip } : {}),
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.key ? { authorization: `Bearer ${o.key}` } : {}),
      ...o.headers,
    },
    body: o.body === undefined ? undefined : JSON.stringify(o.body),
    // A hang fails the call here instead of stalling the suite.
    signal: AbortSignal.timeout(o.capMs ?? 15_000),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

const gql = (t: TestApp, query: string, o: CallOptions = {}) => call(t, "/graphql", { ...o, body: { query } });
const ANONYMOUS_READ = "{ __typename }";
const VIEWER = "{ viewerId }";

/** A working API key (its owner's own calls count against the owner, not the key). */
async function newKey(t: TestApp): Promise<string> {
  const { token } = await t.createUser();
  const r = await t.gql(`mutation { createApiKey(name: "Club board") { secret } }`, {}, token);
  expect(r.errors).toBeUndefined();
  return r.data.createApiKey.secret as string;
}

/** The two fields, as sent. */
const fields = (a: Answer) => ({ policy: a.headers.get("ratelimit-policy"), limit: a.headers.get("ratelimit") });

describe.each(dbTargets)("request budgets on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { env: { API_RATE_LIMITS: BUDGETS, RATE_LIMITS: "contact_ip=1/3600" } });
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
  const freezeDate = () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
  };

  it("anonymous calls count down one budget per address on both doors, then 429 with Retry-After and the fields", async () => {
    freezeDate();
    const ip = randomIp();
    const first = await gql(t, ANONYMOUS_READ, { ip });
    expect(first.status).toBe(200);
    expect(fields(first)).toEqual({ policy: '"anonymous";q=3;w=60', limit: '"anonymous";r=2;t=60' });
    const second = await call(t, "/api/leaderboard", { ip });
    expect(second.status).toBe(200);
    expect(fields(second)).toEqual({ policy: '"anonymous";q=3;w=60', limit: '"anonymous";r=1;t=60' });
    expect(fields(await gql(t, ANONYMOUS_READ, { ip })).limit).toBe('"anonymous";r=0;t=60');

    const refused = await gql(t, ANONYMOUS_READ, { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(fields(refused)).toEqual({ policy: '"anonymous";q=3;w=60', limit: '"anonymous";r=0;t=60' });
    expect(refused.body).toEqual({
      errors: [{ message: "Too many attempts. Please try again in a minute.", extensions: { code: "RATE_LIMITED", retryAfter: 60 } }],
    });
    const rest = await call(t, "/api/leaderboard", { ip });
    expect(rest.status).toBe(429);
    expect(rest.headers.get("retry-after")).toBe("60");
    expect(fields(rest).limit).toBe('"anonymous";r=0;t=60');
    expect(rest.body).toEqual({ error: "Too many attempts. Please try again in a minute.", code: "RATE_LIMITED" });

    // Another address is its own budget.
    const other = await gql(t, ANONYMOUS_READ, { ip: randomIp() });
    expect(other.status).toBe(200);
    expect(fields(other).limit).toBe('"anonymous";r=2;t=60');
  });

  it("a student counts against their own budget on both doors, wherever they call from; the address's stays whole", async () => {
    freezeDate();
    const ip = randomIp();
    const { user, token } = await t.createUser();
    const other = await t.createUser();
    const viewer = await gql(t, VIEWER, { ip, token });
    expect(viewer.body.data).toEqual({ viewerId: user.id });
    expect(fields(viewer)).toEqual({ policy: '"student";q=2;w=60', limit: '"student";r=1;t=60' });
    const coins = await call(t, "/api/skill-coins", { ip: randomIp(), token });
    expect(coins.status).toBe(200);
    expect(fields(coins).limit).toBe('"student";r=0;t=60');

    const refused = await call(t, "/api/skill-coins", { ip, token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(fields(refused)).toEqual({ policy: '"student";q=2;w=60', limit: '"student";r=0;t=60' });
    expect(refused.body.code).toBe("RATE_LIMITED");
    const refusedGql = await gql(t, VIEWER, { ip, token });
    expect(refusedGql.status).toBe(429);
    expect(refusedGql.body.errors[0].extensions.code).toBe("RATE_LIMITED");

    // Another student, and signed-out calls from the same address, are unaffected.
    const theirs = await gql(t, VIEWER, { ip, token: other.token });
    expect(theirs.body.data).toEqual({ viewerId: other.user.id });
    expect(fields(theirs).limit).toBe('"student";r=1;t=60');
    const anonymous = await gql(t, ANONYMOUS_READ, { ip });
    expect(anonymous.status).toBe(200);
    expect(fields(anonymous)).toEqual({ policy: '"anonymous";q=3;w=60', limit: '"anonymous";r=2;t=60' });
  });

  it("an API key counts against its own budget, above the address's; other keys are unaffected", async () => {
    freezeDate();
    const ip = randomIp();
    const key = await newKey(t);
    const otherKey = await newKey(t);
    for (let r = 3; r >= 0; r--) {
      const answer = r % 2 ? await gql(t, ANONYMOUS_READ, { ip, key }) : await call(t, "/api/leaderboard", { ip, key });
      expect(answer.status).toBe(200);
      expect(fields(answer)).toEqual({ policy: '"key";q=4;w=60', limit: `"key";r=${r};t=60` });
    }
    const refused = await call(t, "/api/leaderboard", { ip, key });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect(fields(refused).limit).toBe('"key";r=0;t=60');

    expect(fields(await gql(t, ANONYMOUS_READ, { ip, key: otherKey })).limit).toBe('"key";r=3;t=60');
    expect(fields(await gql(t, ANONYMOUS_READ, { ip })).limit).toBe('"anonymous";r=2;t=60');
  });

  it("a refused credential counts against the address, so a flood of bad ones meets the wall too", async () => {
    freezeDate();
    const ip = randomIp();
    const refused = await call(t, "/api/leaderboard", { ip, key: UNKNOWN_KEY });
    expect(refused.status).toBe(401);
    expect(fields(refused)).toEqual({ policy: '"anonymous";q=3;w=60', limit: '"anonymous";r=2;t=60' });
    expect(fields(await gql(t, ANONYMOUS_READ, { ip, key: UNKNOWN_KEY })).limit).toBe('"anonymous";r=1;t=60');
    await gql(t, ANONYMOUS_READ, { ip });
    expect((await call(t, "/api/leaderboard", { ip, key: UNKNOWN_KEY })).status).toBe(429);
  });

  it("our outage spends nobody's budget: a caller the database could not check is answered by the door, uncounted", async () => {
    freezeDate();
    const ip = randomIp();
    const { token } = await t.createUser();
    const check = vi.spyOn(t.app.services.auth, "authenticate").mockRejectedValueOnce(serviceBusy());
    const busy = await gql(t, VIEWER, { ip, token });
    expect(check).toHaveBeenCalledTimes(1);
    expect(busy.headers.get("ratelimit")).toBeNull();
    expect(fields(await gql(t, VIEWER, { ip, token })).limit).toBe('"student";r=1;t=60');
  });

  it("the end of the window makes the budget whole again", async () => {
    freezeDate();
    const ip = randomIp();
    for (let i = 0; i < 3; i++) await gql(t, ANONYMOUS_READ, { ip });
    expect((await gql(t, ANONYMOUS_READ, { ip })).status).toBe(429);
    vi.setSystemTime(Date.now() + 61_000);
    const again = await gql(t, ANONYMOUS_READ, { ip });
    expect(again.status).toBe(200);
    expect(fields(again).limit).toBe('"anonymous";r=2;t=60');
  });

  it("CORS preflights are not counted, and pages of any origin may read the fields", async () => {
    const ip = randomIp();
    const preflight = (path: string) =>
      call(t, path, {
        method: "OPTIONS",
        ip,
        headers: { origin: "https://integrator.example", "access-control-request-method": "GET" },
      });
    for (let i = 0; i < 5; i++) {
      expect((await preflight("/graphql")).status).toBe(204);
      expect((await preflight("/api/leaderboard")).status).toBe(204);
    }
    const origin = { origin: "https://integrator.example" };
    const viaGraphql = await gql(t, ANONYMOUS_READ, { ip, headers: origin });
    expect(fields(viaGraphql).limit).toMatch(/^"anonymous";r=2;t=\d+$/);
    const viaRest = await call(t, "/api/leaderboard", { ip, headers: origin });
    expect(fields(viaRest).limit).toMatch(/^"anonymous";r=1;t=\d+$/);
    for (const answer of [viaGraphql, viaRest]) {
      const exposed = (answer.headers.get("access-control-expose-headers") ?? "").split(",").map((h) => h.trim().toLowerCase());
      expect(exposed).toEqual(expect.arrayContaining(["ratelimit-policy", "ratelimit", "retry-after"]));
    }
    // The leaderboard's own exposed fields stay.
    expect(viaRest.headers.get("access-control-expose-headers")).toContain("ETag");
  });

  it("an action's own limit answers its 429 with the caller's budget fields too", async () => {
    freezeDate();
    const ip = randomIp();
    const mail = { name: "Asha", email: "asha@example.com", msg: "Hello" };
    expect((await call(t, "/api/contact-mail", { ip, body: mail })).status).toBe(200);
    const refused = await call(t, "/api/contact-mail", { ip, body: mail });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3600");
    expect(fields(refused)).toEqual({ policy: '"anonymous";q=3;w=60', limit: '"anonymous";r=1;t=60' });
  });

  it("a public route does not read the token: a signed-in call to it counts against the address", async () => {
    const ip = randomIp();
    const { token } = await t.createUser();
    const board = await call(t, "/api/leaderboard", { ip, token });
    expect(fields(board).policy).toBe('"anonymous";q=3;w=60');
  });

  it("verifies a request's token once, for the budget and the door together", async () => {
    const { token } = await t.createUser();
    const authenticate = vi.spyOn(t.app.services.auth, "authenticate");
    expect((await gql(t, VIEWER, { ip: randomIp(), token })).status).toBe(200);
    expect(authenticate).toHaveBeenCalledTimes(1);
    authenticate.mockClear();
    expect((await call(t, "/api/skill-coins", { ip: randomIp(), token })).status).toBe(200);
    expect(authenticate).toHaveBeenCalledTimes(1);
  });
});

describe.runIf(REDIS)("request budgets in Redis", () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });
  const hostPort = (url: string) => ({ host: new URL(url).hostname, port: Number(new URL(url).port || 6379) });
  async function app(redisUrl: string, budgets = BUDGETS) {
    const t = await startTestApp("sqlite", { env: { API_RATE_LIMITS: budgets, REDIS_URL: redisUrl, REDIS_COMMAND_TIMEOUT_MS: "300" } });
    cleanups.push(() => t.close());
    return t;
  }

  it("two instances sharing Redis count one budget", async () => {
    const [a, b] = [await app(REDIS!), await app(REDIS!)];
    const redis = new Redis(REDIS!);
    cleanups.push(() => redis.quit());
    // Each instance counts in memory until its Redis connection is up: a call from a fresh address shows when.
    for (const instance of [a, b]) {
      await eventually(async () => {
        const probe = randomIp();
        await gql(instance, ANONYMOUS_READ, { ip: probe });
        return (await redis.exists(`sx:rq:anonymous:${probe}`)) === 1;
      }, "counted in Redis");
    }
    const ip = randomIp();
    expect(fields(await gql(a, ANONYMOUS_READ, { ip })).limit).toMatch(/^"anonymous";r=2;/);
    expect(fields(await gql(b, ANONYMOUS_READ, { ip })).limit).toMatch(/^"anonymous";r=1;/);
    expect(fields(await call(a, "/api/leaderboard", { ip })).limit).toMatch(/^"anonymous";r=0;/);
    expect((await call(b, "/api/leaderboard", { ip })).status).toBe(429);
  });

  it("Redis partitioned, then refused: every call is answered with the fields, counted and limited in memory", async () => {
    const proxy: FaultProxy = await startFaultProxy(hostPort(REDIS!));
    cleanups.push(() => proxy.close());
    const t = await app(proxy.urlFor(REDIS!), "anonymous=4/60,key=4/60,student=4/60");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
    try {
      expect(fields(await gql(t, ANONYMOUS_READ, { ip: randomIp() })).limit).toMatch(/^"anonymous";r=3;/);
      for (const mode of ["blackhole", "refuse"] as const) {
        proxy.setMode(mode);
        // Past the pause after a failure, so this phase's first call asks Redis again.
        vi.setSystemTime(Date.now() + SHARED_STORE_RETRY_MS + 1000);
        const { token } = await t.createUser();
        // Four calls (the first waits out the command bound at most), then the fifth is refused: the budget holds meanwhile.
        for (let r = 3; r >= 0; r--) {
          const answer = await gql(t, VIEWER, { token, ip: randomIp(), capMs: 5000 });
          expect(answer.status, mode).toBe(200);
          expect(answer.body.data?.viewerId, mode).toEqual(expect.any(String));
          expect(fields(answer).policy, mode).toBe('"student";q=4;w=60');
          expect(fields(answer).limit, mode).toMatch(new RegExp(`^"student";r=${r};t=\\d+$`));
        }
        const refused = await gql(t, VIEWER, { token, capMs: 5000 });
        expect(refused.status, mode).toBe(429);
        expect(refused.headers.get("retry-after"), mode).toMatch(/^\d+$/);
      }
    } finally {
      vi.useRealTimers();
      proxy.setMode("pass");
    }
  });
});
