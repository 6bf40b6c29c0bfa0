/**
 * Degrade, never hang (issue 51): one test per fault row, on MariaDB and Redis, with the fault
 * injected through a TCP proxy the test starts (graph/test/fault-proxy.ts) or done to the database
 * itself. Each request is bounded: it answers within a small multiple of its configured wait, with
 * SERVICE_BUSY (503 + Retry-After on REST) while a dependency is slow or down, never
 * INTERNAL_SERVER_ERROR and never a hang; probes tell the truth and recover once the fault ends; a
 * failure of ours spends no rate-limit point. The apps run with DB_WAIT_SECONDS=1 and
 * DB_QUERY_SECONDS=2 (bound: 1 + 2 = 3 s per statement), REDIS_COMMAND_TIMEOUT_MS=300.
 * Every fetch carries its own abort bound, so the old code fails here instead of hanging.
 */
import { createConnection, type Connection } from "mysql2/promise";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/data-source.js";
import { hashPassword } from "../../src/modules/accounts/passwords.js";
import { allEntities } from "../../src/modules/index.js";
import { CHESS, giveCoins, Q, student } from "../../src/modules/swaps/swaps.test-support.js";
import { LOGIN, randomIp } from "../accounts.js";
import { eventually } from "../eventually.js";
import { startFaultProxy } from "../fault-proxy.js";
import { createMysqlDatabase, startTestApp, type TestApp } from "../harness.js";

const MYSQL = process.env.TEST_MYSQL_URL;
const REDIS = process.env.TEST_REDIS_URL;
const WAIT_SECONDS = 1;
/** One statement's bound with these settings (db/data-source.ts queryBoundSeconds). */
const STATEMENT_BOUND_MS = 3000;
const FAST_ENV = { DB_WAIT_SECONDS: String(WAIT_SECONDS), DB_QUERY_SECONDS: "2", REDIS_COMMAND_TIMEOUT_MS: "300" };
const PASSWORD = "correct horse battery";

interface Answer {
  status: number;
  body: any;
  headers: Headers;
}

/** One HTTP call with a hard bound of its own (a hang fails the test at `capMs` instead of stalling it). */
async function call(url: string, init: RequestInit & { capMs?: number } = {}): Promise<Answer> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(init.capMs ?? 15_000) });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

const gql = (t: TestApp, query: string, variables: Record<string, unknown>, opts: { ip?: string; token?: string; capMs?: number } = {}) =>
  call(`${t.url}/graphql`, {
    method: "POST",
    capMs: opts.capMs,
    headers: {
      "content-type": "application/json",
      ...(opts.ip ? { "x-forwarded-for": opts.ip } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
const code = (a: Answer) => a.body?.errors?.[0]?.extensions?.code as string | undefined;

function hostPort(url: string): { host: string; port: number } {
  const u = new URL(url.replace(/^mariadb:/, "mysql:"));
  return { host: u.hostname, port: Number(u.port || (u.protocol === "redis:" ? 6379 : 3306)) };
}

/** An app whose database (and Redis, when asked) is reached through fault proxies. */
async function proxiedApp(opts: { redis?: boolean; env?: Record<string, string> } = {}) {
  const db = await createMysqlDatabase();
  const dbProxy = await startFaultProxy(hostPort(db.url));
  const redisProxy = opts.redis ? await startFaultProxy(hostPort(REDIS!)) : undefined;
  const t = await startTestApp("mysql", {
    env: {
      ...FAST_ENV,
      DATABASE_URL: dbProxy.urlFor(db.url),
      ...(redisProxy ? { REDIS_URL: redisProxy.urlFor(REDIS!) } : {}),
      ...opts.env,
    },
  });
  return {
    t,
    db,
    dbProxy,
    redisProxy,
    async close() {
      dbProxy.setMode("pass");
      redisProxy?.setMode("pass");
      await t.close().catch(() => undefined);
      await dbProxy.close();
      await redisProxy?.close();
      await db.drop();
    },
  };
}

/** A student with a real password hash (sign-ins check it). */
async function withPassword(t: TestApp) {
  const { user } = await t.createUser({ passwordHash: await hashPassword(PASSWORD) });
  return user;
}

describe.runIf(MYSQL)("dependency faults on MariaDB", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  it("MariaDB partitioned (TCP open, no bytes): /healthz at once, /readyz 503 within 2 s, requests SERVICE_BUSY within the bound, recovery within seconds", async () => {
    const p = await proxiedApp();
    cleanups.push(p.close);
    const { t } = p;
    const user = await withPassword(t);
    const ip = randomIp();
    expect((await call(`${t.url}/readyz`)).status).toBe(200);

    p.dbProxy.setMode("blackhole");
    // A transaction (a reset-mail request is one) on a connection the pool already holds: its BEGIN,
    // statements and COMMIT are bounded too.
    const forgot = await gql(
      t,
      `mutation($e: String!) { forgotPassword(email: $e) }`,
      { e: user.email },
      { ip, capMs: 4 * STATEMENT_BOUND_MS },
    );
    expect(code(forgot)).toBe("SERVICE_BUSY");
    const health = await call(`${t.url}/healthz`, { capMs: 5000 });
    expect(health.status).toBe(200);
    const ready = await call(`${t.url}/readyz`, { capMs: 5000 });
    expect(ready).toMatchObject({ status: 503, body: { ready: false, database: "down" } });

    // A sign-in (a pooled read) and a REST read: SERVICE_BUSY within a small multiple of the bound.
    const signIn = await gql(t, LOGIN, { input: { email: user.email, password: PASSWORD } }, { ip, capMs: 4 * STATEMENT_BOUND_MS });
    expect(code(signIn)).toBe("SERVICE_BUSY");
    const rest = await call(`${t.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email: user.email, password: PASSWORD }),
    });
    expect(rest.status).toBe(503);
    expect(rest.headers.get("retry-after")).toMatch(/^\d+$/);
    const readyAgain = await call(`${t.url}/readyz`, { capMs: 5000 });
    expect(readyAgain.status).toBe(503);

    p.dbProxy.setMode("pass");
    await eventually(async () => (await call(`${t.url}/readyz`)).status === 200, "ready again", 10_000);
    const after = await gql(t, LOGIN, { input: { email: user.email, password: PASSWORD } }, { ip });
    expect(after.body.data?.login?.token).toEqual(expect.any(String));
  });

  it("the database dropped under a running instance: /readyz 503, /healthz 200, real requests SERVICE_BUSY (not INTERNAL_SERVER_ERROR); ready again once restored", async () => {
    const db = await createMysqlDatabase();
    const t = await startTestApp("mysql", { env: { ...FAST_ENV, DATABASE_URL: db.url } });
    cleanups.push(async () => {
      await t.close().catch(() => undefined);
      await db.drop();
    });
    const user = await withPassword(t);
    expect((await call(`${t.url}/readyz`)).status).toBe(200);

    const admin = await createConnection(MYSQL!.replace(/^mariadb:/, "mysql:"));
    try {
      await admin.query(`DROP DATABASE \`${new URL(db.url).pathname.slice(1)}\``);
    } finally {
      await admin.end();
    }
    const ready = await call(`${t.url}/readyz`, { capMs: 5000 });
    expect(ready).toMatchObject({ status: 503, body: { ready: false, database: "down" } });
    const health = await call(`${t.url}/healthz`, { capMs: 5000 });
    expect(health.status).toBe(200);
    const signIn = await gql(t, LOGIN, { input: { email: user.email, password: PASSWORD } }, { ip: randomIp() });
    expect(code(signIn)).toBe("SERVICE_BUSY");
    const me = await gql(t, `{ viewerId }`, {}, { token: (await t.app.services.auth.issueToken(user)) as string });
    expect(code(me)).toBe("SERVICE_BUSY");

    // Restored (here: created again and migrated): ready again within seconds.
    const base = new URL(db.url);
    const name = base.pathname.slice(1);
    const admin2 = await createConnection(MYSQL!.replace(/^mariadb:/, "mysql:"));
    await admin2.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await admin2.end();
    const migrated = await openDatabase(t.config.database, { entities: allEntities });
    await migrated.destroy();
    await eventually(async () => (await call(`${t.url}/readyz`)).status === 200, "ready after the restore", 10_000);
  });

  it("sign-in during a database outage: SERVICE_BUSY, no point spent; after recovery the student signs in at once", async () => {
    const p = await proxiedApp(REDIS ? { redis: true } : {});
    cleanups.push(p.close);
    const { t } = p;
    const user = await withPassword(t);
    const ip = randomIp();
    p.dbProxy.setMode("refuse");
    // More attempts than the account's bucket holds (login_account: 10 points).
    for (let i = 0; i < 12; i++) {
      const r = await gql(t, LOGIN, { input: { email: user.email, password: PASSWORD } }, { ip });
      expect(code(r)).toBe("SERVICE_BUSY");
    }
    // Asking for a reset mail (forgot_email: 5 points an hour) fails the same way, and costs nothing either.
    const FORGOT = `mutation($e: String!) { forgotPassword(email: $e) }`;
    for (let i = 0; i < 6; i++) expect(code(await gql(t, FORGOT, { e: user.email }, { ip }))).toBe("SERVICE_BUSY");
    p.dbProxy.setMode("pass");
    await eventually(async () => (await call(`${t.url}/readyz`)).status === 200, "database back", 10_000);
    const forgot = await gql(t, FORGOT, { e: user.email }, { ip });
    expect(forgot.body.errors).toBeUndefined();
    const r = await gql(t, LOGIN, { input: { email: user.email, password: PASSWORD } }, { ip });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.login.token).toEqual(expect.any(String));
    // A wrong password still costs its point (only our faults are given back).
    const wrong = await gql(t, LOGIN, { input: { email: user.email, password: "not the password" } }, { ip });
    expect(code(wrong)).toBe("UNAUTHENTICATED");
  });

  it("a coin row locked elsewhere: a double-submitted payment waits DB_WAIT_SECONDS once, not twice; paid once afterwards", async () => {
    const t = await startTestApp("mysql", { env: { ...FAST_ENV, DB_WAIT_SECONDS: "3" } });
    cleanups.push(() => t.close());
    const learner = await student(t, []);
    const teacher = await student(t, [CHESS], "Female");
    await giveCoins(t, learner.id, 20);
    const req = await gql(t, Q.requestPay, { i: { receiverId: teacher.id, learnSkill: CHESS, skillCoins: 5 } }, { token: learner.token });
    const id = req.body.data.requestPay.id as string;
    expect((await gql(t, Q.accept, { id }, { token: teacher.token })).body.data.acceptRequest.status).toBe("AWAITING_PAYMENT");

    // Another connection holds the learner's coin account row.
    const locker: Connection = await createConnection((t.config.database as { url: string }).url.replace(/^mariadb:/, "mysql:"));
    cleanups.push(() => locker.end());
    await locker.query("START TRANSACTION");
    await locker.query("SELECT id FROM coin_accounts WHERE id = ? FOR UPDATE", [learner.id]);

    // The first tap, then the second once the first waits for the coin row (a student tapping twice).
    const firstTap = gql(t, Q.pay, { id }, { token: learner.token });
    const dbName = new URL((t.config.database as { url: string }).url).pathname.slice(1);
    await eventually(async () => {
      // The debit of the learner's coin account, blocked by the lock above (it never lasts otherwise).
      const [rows] = await locker.query(
        "SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE DB = ? AND INFO LIKE 'UPDATE `coin_accounts`%'",
        [dbName],
      );
      return Number((rows as Array<{ n: number }>)[0].n) > 0;
    }, "the first tap waits for the coin row");
    let firstAnswered = false;
    void firstTap.finally(() => (firstAnswered = true));
    const second = await gql(t, Q.pay, { id }, { token: learner.token });
    // The second tap is answered while the first still waits for the coin row: it never waits for the
    // request row until the first gives up and then again for the coin row (twice DB_WAIT_SECONDS).
    expect(firstAnswered).toBe(false);
    const first = await firstTap;
    expect([code(first), code(second)]).toEqual(["SERVICE_BUSY", "SERVICE_BUSY"]);

    await locker.query("ROLLBACK");
    const paid = await gql(t, Q.pay, { id }, { token: learner.token });
    expect(paid.body.data?.payAcceptedRequest?.coins).toBe(5);
    expect(await t.app.services.coins.balanceOf(learner.id)).toBe(15);
  });
});

describe.runIf(MYSQL && REDIS)("Redis faults", () => {
  let p: Awaited<ReturnType<typeof proxiedApp>>;
  beforeAll(async () => {
    p = await proxiedApp({ redis: true });
  });
  afterAll(async () => {
    await p?.close();
  });

  it("Redis partitioned: sign-ins answer within the command bound (counted in memory), /readyz 503 within 2 s, ready again once Redis answers", async () => {
    const { t } = p;
    const user = await withPassword(t);
    const ip = randomIp();
    expect((await call(`${t.url}/readyz`)).body).toMatchObject({ ready: true, redis: "up" });

    p.redisProxy!.setMode("blackhole");
    const ready = await call(`${t.url}/readyz`, { capMs: 5000 });
    expect(ready).toMatchObject({ status: 503, body: { ready: false, database: "up", redis: "down" } });
    for (let i = 0; i < 3; i++) {
      const r = await gql(t, LOGIN, { input: { email: user.email, password: PASSWORD } }, { ip });
      expect(r.body.data?.login?.token).toEqual(expect.any(String));
    }
    // The in-memory limiter still limits meanwhile.
    const wrong = await gql(t, LOGIN, { input: { email: user.email, password: "not the password" } }, { ip });
    expect(code(wrong)).toBe("UNAUTHENTICATED");

    p.redisProxy!.setMode("pass");
    await eventually(async () => (await call(`${t.url}/readyz`)).status === 200, "Redis back", 10_000);
  });
});
