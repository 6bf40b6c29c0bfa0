/**
 * Metrics are right at rest, and every alert docs/deploy.md documents is right too: none fires on an
 * idle instance or under ordinary traffic, and each fires under the fault it names (issue 51 item 6).
 * Each alert is its documented condition evaluated on two scrapes (a counter's increase is the
 * difference between them; a `for` duration is the operator's, not tested here). The faults go
 * through a TCP proxy in front of MariaDB (graph/test/fault-proxy.ts), a lock held by another
 * connection, outbox channels that refuse or wait, a failing job and a blocked event loop.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createConnection } from "mysql2/promise";
import { afterEach, describe, expect, it } from "vitest";
import { hashPassword } from "../../src/modules/accounts/passwords.js";
import { LOGIN, randomIp } from "../accounts.js";
import { eventually } from "../eventually.js";
import { parseMetrics, type Sample } from "../prometheus.js";
import { startFaultProxy } from "../fault-proxy.js";
import { createMysqlDatabase, startTestApp, type TestApp } from "../harness.js";

const MYSQL = process.env.TEST_MYSQL_URL;
const TOKEN = "alerts-metrics-token-0123456789";

type Scrape = Sample[];

/** The sum of every sample of `name` whose labels include `match`. */
function sum(s: Scrape, name: string, match: (labels: Record<string, string>) => boolean = () => true): number {
  return s.filter((x) => x.name === name && match(x.labels)).reduce((a, x) => a + x.value, 0);
}

/** p95 (a bucket's upper bound) of a histogram's observations between two scrapes, every label set together. */
function p95Between(prev: Scrape, cur: Scrape, name: string): number {
  const buckets = new Map<number, number>();
  for (const x of cur.filter((x) => x.name === `${name}_bucket`)) {
    const le = x.labels.le === "+Inf" ? Infinity : Number(x.labels.le);
    buckets.set(le, (buckets.get(le) ?? 0) + x.value);
  }
  for (const x of prev.filter((x) => x.name === `${name}_bucket`)) {
    const le = x.labels.le === "+Inf" ? Infinity : Number(x.labels.le);
    buckets.set(le, (buckets.get(le) ?? 0) - x.value);
  }
  const sorted = [...buckets.entries()].sort((a, b) => a[0] - b[0]);
  const total = sorted.at(-1)?.[1] ?? 0;
  if (total <= 0) return 0;
  return sorted.find(([, n]) => n >= 0.95 * total)![0];
}

interface Window {
  prev: Scrape;
  cur: Scrape;
  /** /readyz's status at the end of the window. */
  ready: number;
}
const increase = (w: Window, name: string, match?: (l: Record<string, string>) => boolean) =>
  sum(w.cur, name, match) - sum(w.prev, name, match);

/** docs/deploy.md's alerts, as conditions on a window of two scrapes. */
const ALERTS: Record<string, (w: Window) => boolean> = {
  InstanceNotReady: (w) => w.ready !== 200,
  ServerErrors: (w) => {
    const all = increase(w, "http_requests_total");
    return all > 0 && increase(w, "http_requests_total", (l) => l.status_class === "5xx") / all > 0.01;
  },
  GraphqlFaults: (w) => increase(w, "graphql_errors_total", (l) => l.code === "INTERNAL_SERVER_ERROR" || l.code === "SERVICE_BUSY") > 0,
  SlowAnswers: (w) => p95Between(w.prev, w.cur, "http_request_duration_seconds") > 1,
  TransactionsWaiting: (w) => sum(w.cur, "db_transactions_waiting") > 0,
  PoolSaturated: (w) => sum(w.cur, "db_transactions_open") >= sum(w.cur, "db_pool_size"),
  GaugeReadsFailing: (w) => increase(w, "metrics_gauge_read_failures_total") > 0,
  OutboxFailed: (w) => increase(w, "outbox_failed") > 0,
  OutboxBacklog: (w) => increase(w, "outbox_pending") > 0,
  JobFailures: (w) => increase(w, "job_runs_total", (l) => l.outcome === "failed") > 0,
  EventLoopLag: (w) => sum(w.cur, "nodejs_eventloop_lag_p99_seconds") > 0.5,
};
const firing = (w: Window) =>
  Object.entries(ALERTS)
    .filter(([, fires]) => fires(w))
    .map(([name]) => name)
    .sort();

async function scrape(t: TestApp): Promise<Scrape> {
  const res = await fetch(t.app.metricsUrl!, { headers: { authorization: `Bearer ${TOKEN}` }, signal: AbortSignal.timeout(10_000) });
  expect(res.status).toBe(200);
  return parseMetrics(await res.text());
}
const readyz = async (t: TestApp) => (await fetch(`${t.url}/readyz`, { signal: AbortSignal.timeout(10_000) })).status;

function hostPort(url: string): { host: string; port: number } {
  const u = new URL(url.replace(/^mariadb:/, "mysql:"));
  return { host: u.hostname, port: Number(u.port || 3306) };
}

describe("docs/deploy.md's alerts", () => {
  it("are exactly the ones tested here", () => {
    const doc = readFileSync(path.join(import.meta.dirname, "../../../docs/deploy.md"), "utf8");
    const section = doc.slice(doc.indexOf("### Alerts"));
    const documented = [...section.matchAll(/^\| `(\w+)` +\|/gm)].map((m) => m[1]).sort();
    expect(documented).toEqual(Object.keys(ALERTS).sort());
  });
});

describe.runIf(MYSQL)("alerts on MariaDB", () => {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function app(env: Record<string, string>) {
    const db = await createMysqlDatabase();
    const proxy = await startFaultProxy(hostPort(db.url));
    const t = await startTestApp("mysql", { env: { METRICS_TOKEN: TOKEN, DATABASE_URL: proxy.urlFor(db.url), ...env } });
    cleanups.push(async () => {
      proxy.setMode("pass");
      await t.close().catch(() => undefined);
      await proxy.close();
      await db.drop();
    });
    return { t, proxy, dbUrl: db.url };
  }

  it("at rest no alert fires: a scrape opens no transaction, db_transactions_waiting and _open read 0, also after ordinary traffic", async () => {
    const { t } = await app({ DB_POOL_SIZE: "2" });
    const txCount = (s: Scrape) => sum(s, "db_transaction_duration_seconds_count");
    // The start-up's own work (the outbox's first pass) is over once two scrapes in a row count the same.
    await eventually(async () => txCount(await scrape(t)) === txCount(await scrape(t)), "the instance idle");
    const a = await scrape(t);
    const b = await scrape(t);
    const c = await scrape(t);
    // No transaction was started, waited for or held by the scrapes themselves.
    expect(txCount(c)).toBe(txCount(a));
    expect(sum(b, "db_transactions_waiting")).toBe(0);
    expect(sum(c, "db_transactions_waiting")).toBe(0);
    expect(sum(c, "db_transactions_open")).toBe(0);
    expect(firing({ prev: a, cur: c, ready: await readyz(t) })).toEqual([]);

    // Ordinary traffic: a sign-in, a wrong password, a read.
    const { user } = await t.createUser({ passwordHash: await hashPassword("correct horse battery") });
    const ip = randomIp();
    expect((await t.gql(LOGIN, { input: { email: user.email, password: "correct horse battery" } })).data?.login?.token).toBeTruthy();
    await t.gql(LOGIN, { input: { email: user.email, password: "wrong" } });
    await t.rest("GET", "/dashboard/userId", {
      token: (await t.app.services.auth.issueToken(user)) as string,
      headers: { "x-forwarded-for": ip },
    });
    await eventually(async () => sum(await scrape(t), "db_transactions_open") === 0, "no transaction open");
    const d = await scrape(t);
    expect(firing({ prev: c, cur: d, ready: await readyz(t) })).toEqual([]);
    expect(sum(d, "db_transactions_waiting")).toBe(0);
  });

  it("MariaDB partitioned: InstanceNotReady, ServerErrors, GraphqlFaults, SlowAnswers and GaugeReadsFailing fire", async () => {
    const { t, proxy } = await app({ DB_WAIT_SECONDS: "1", DB_QUERY_SECONDS: "2" });
    const { user } = await t.createUser();
    const before = await scrape(t);
    proxy.setMode("blackhole");
    const ip = randomIp();
    const signIn = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ query: LOGIN, variables: { input: { email: user.email, password: "whatever it is" } } }),
      signal: AbortSignal.timeout(15_000),
    });
    expect(((await signIn.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0].extensions.code).toBe("SERVICE_BUSY");
    const rest = await fetch(`${t.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ email: user.email, password: "whatever it is" }),
      signal: AbortSignal.timeout(15_000),
    });
    expect(rest.status).toBe(503);
    const during = await scrape(t);
    const w = { prev: before, cur: during, ready: await readyz(t) };
    expect(firing(w)).toEqual(["GaugeReadsFailing", "GraphqlFaults", "InstanceNotReady", "ServerErrors", "SlowAnswers"]);
    proxy.setMode("pass");
    await eventually(async () => (await readyz(t)) === 200, "ready again");
  });

  it("transactions queued behind a lock held elsewhere: TransactionsWaiting and PoolSaturated fire", async () => {
    const { t, dbUrl } = await app({ DB_POOL_SIZE: "2", DB_WAIT_SECONDS: "5" });
    const before = await scrape(t);
    const holder = await createConnection(dbUrl);
    cleanups.push(() => holder.end());
    await holder.query("SELECT GET_LOCK('alerts-test', 10)");
    // Four units of work on a pool of two: two hold a connection waiting for the lock, two wait for a connection.
    const work = Array.from({ length: 4 }, () =>
      t.app.services.deps.tx((em) => em.query("SELECT GET_LOCK('alerts-test', 4) AS got")).catch((e: unknown) => e),
    );
    const during = await eventually(async () => {
      const s = await scrape(t);
      return sum(s, "db_transactions_waiting") > 0 && sum(s, "db_transactions_open") >= 2 ? s : undefined;
    }, "transactions queued");
    const w = { prev: before, cur: during, ready: 200 };
    expect(ALERTS.TransactionsWaiting(w)).toBe(true);
    expect(ALERTS.PoolSaturated(w)).toBe(true);
    await holder.query("SELECT RELEASE_LOCK('alerts-test')");
    await Promise.all(work);
    const after = await eventually(async () => {
      const s = await scrape(t);
      return sum(s, "db_transactions_open") === 0 ? s : undefined;
    }, "the pool free again");
    expect(ALERTS.TransactionsWaiting({ prev: during, cur: after, ready: 200 })).toBe(false);
    expect(ALERTS.PoolSaturated({ prev: during, cur: after, ready: 200 })).toBe(false);
  });

  it("outbox rows refused for good or left waiting, a failing job, a blocked event loop: OutboxFailed, OutboxBacklog, JobFailures, EventLoopLag fire", async () => {
    const { t } = await app({});
    const { outbox, jobs } = t.app.services;
    outbox.register({ name: "alerts-refused", deliver: async () => ({ kind: "drop", reason: "refused by the test" }) });
    outbox.register({ name: "alerts-unserved", deliver: async () => ({ kind: "retry", error: "down", afterMs: 3_600_000 }) });
    jobs.register({ name: "alerts-failing", every: 3_600_000, run: async () => Promise.reject(new Error("the test's failure")) });
    const before = await scrape(t);
    expect(firing({ prev: before, cur: await scrape(t), ready: await readyz(t) })).toEqual([]);

    await t.app.services.deps.tx(async (em) => {
      await outbox.enqueue(em, "alerts-refused", { n: 1 });
      await outbox.enqueue(em, "alerts-unserved", { n: 2 });
    });
    await outbox.drain();
    await jobs.runDue(t.clock.now());
    const mid = await scrape(t);
    expect(firing({ prev: before, cur: mid, ready: await readyz(t) })).toEqual(["JobFailures", "OutboxBacklog", "OutboxFailed"]);
    // The event loop blocked for 1.2 s at a time (synchronous CPU work) until a scrape shows it: the delay monitor
    // records a blocked stretch on its next turn of the loop, which a scrape can precede, and each scrape starts a
    // new window whose other samples must not outnumber it.
    await eventually(async () => {
      const blockedUntil = performance.now() + 1200;
      while (performance.now() < blockedUntil) {
        /* busy */
      }
      return ALERTS.EventLoopLag({ prev: mid, cur: await scrape(t), ready: 200 });
    }, "EventLoopLag to fire");
  });
});
