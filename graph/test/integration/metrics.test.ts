/**
 * /metrics after known traffic: REST requests by route pattern and status class, GraphQL operations
 * by name and type (over HTTP and graphql-ws) with their error codes, open sockets and running
 * subscriptions, pubsub delivery, transactions, process metrics. And who may read them: a bearer
 * token on the main port, or a listener of their own; nothing at all when not configured.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../eventually.js";
import { parseMetrics, type Sample } from "../prometheus.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../harness.js";
import { createAppPubSub } from "../../src/shared/pubsub.js";

const TOKEN = "metrics-token-for-the-test-0123456789";

/** The value of the sample with exactly these labels (0 when absent: a counter not yet incremented). */
function value(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  const found = samples.find((s) => s.name === name && JSON.stringify(Object.entries(s.labels).sort()) === wanted);
  return found?.value ?? 0;
}

async function read(url: string, token: string | null = TOKEN): Promise<Sample[]> {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await res.text());
}

describe.each(dbTargets)("metrics on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, {
      env: { METRICS_TOKEN: TOKEN, ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses /metrics without the bearer token, on the main port", async () => {
    expect(t.app.metricsUrl).toBe(`${t.url}/metrics`);
    const none = await fetch(`${t.url}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toBe("Bearer");
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`${t.url}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);
  });

  it("counts REST requests per route pattern, GraphQL operations per name with their error codes, and process metrics", async () => {
    const { user, token } = await t.createUser();
    const route = { route: "/api/Snakegame/:userID/details", method: "GET" };
    const before = await read(t.app.metricsUrl!);

    for (let i = 0; i < 3; i++) expect((await t.rest("GET", `/Snakegame/${user.id}/details`, { token })).status).toBe(200);
    expect((await t.rest("GET", `/Snakegame/${user.id}/details`)).status).toBe(401);
    for (let i = 0; i < 2; i++) expect((await t.gql("query Health { health { status } }")).data.health.status).toBe("OK");
    const denied = await t.gql(`query MyChat { chat(chatWith: "${user.id}") { id } }`);
    expect(denied.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const invalid = await t.gql("query Invalid { noSuchField }");
    expect(invalid.errors?.[0].extensions?.code).toBe("GRAPHQL_VALIDATION_FAILED");

    const after = await read(t.app.metricsUrl!);
    const delta = (name: string, labels: Record<string, string>) => value(after, name, labels) - value(before, name, labels);
    expect(delta("http_requests_total", { ...route, status_class: "2xx" })).toBe(3);
    expect(delta("http_requests_total", { ...route, status_class: "4xx" })).toBe(1);
    expect(delta("http_request_duration_seconds_count", { ...route, status_class: "2xx" })).toBe(3);
    expect(delta("http_request_duration_seconds_bucket", { ...route, status_class: "2xx", le: "+Inf" })).toBe(3);
    expect(delta("http_requests_total", { route: "/graphql", method: "POST", status_class: "2xx" })).toBe(3);
    expect(delta("http_requests_total", { route: "/graphql", method: "POST", status_class: "4xx" })).toBe(1);
    expect(delta("graphql_operations_total", { transport: "http", operation: "Health", type: "query" })).toBe(2);
    expect(delta("graphql_operation_duration_seconds_count", { operation: "Health", type: "query" })).toBe(2);
    expect(delta("graphql_operations_total", { transport: "http", operation: "MyChat", type: "query" })).toBe(1);
    expect(delta("graphql_errors_total", { transport: "http", operation: "MyChat", code: "UNAUTHENTICATED" })).toBe(1);
    expect(delta("graphql_errors_total", { transport: "http", operation: "Invalid", code: "GRAPHQL_VALIDATION_FAILED" })).toBe(1);
    expect(delta("graphql_errors_total", { transport: "http", operation: "Health", code: "INTERNAL_SERVER_ERROR" })).toBe(0);
    // The scrape before this one was itself an answer.
    expect(delta("http_requests_total", { route: "/metrics", method: "GET", status_class: "2xx" })).toBe(1);
    // Process metrics (prom-client's collectDefaultMetrics) and the pool's size.
    expect(value(after, "process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(value(after, "nodejs_heap_size_used_bytes")).toBeGreaterThan(0);
    expect(value(after, "db_pool_size")).toBe(target === "mysql" ? 20 : 1);
  });

  it("shows open sockets, running subscriptions, pubsub delivery and transactions while a subscription lives", async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    const before = await read(t.app.metricsUrl!);
    expect(value(before, "graphql_ws_sockets_open")).toBe(0);
    expect(value(before, "graphql_ws_subscriptions_active")).toBe(0);

    const client = t.wsClient(me.token);
    const live = subscribe(client, "subscription Notes { notificationAdded { message } }");
    await eventually(() => t.app.pubsub.listenerCount(`NOTIFICATION_ADDED:${me.user.id}`) >= 1, "a live subscription");
    const refused = subscribe(client, "subscription Wrong { noSuchTopic }");
    await expect(refused.next()).rejects.toBeDefined();
    await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify(
        { recipientId: me.user.id, notifierId: other.user.id, type: "swap-accept", message: "hello" },
        em,
      ),
    );
    expect((await live.next()).data.notificationAdded.message).toBe("hello");

    const during = await read(t.app.metricsUrl!);
    const delta = (name: string, labels: Record<string, string> = {}) => value(during, name, labels) - value(before, name, labels);
    expect(value(during, "graphql_ws_sockets_open")).toBe(1);
    expect(value(during, "graphql_ws_subscriptions_active")).toBe(1);
    expect(delta("graphql_operations_total", { transport: "ws", operation: "Notes", type: "subscription" })).toBe(1);
    expect(delta("graphql_errors_total", { transport: "ws", operation: "Wrong", code: "GRAPHQL_VALIDATION_FAILED" })).toBe(1);
    // The notification's event crossed the pubsub (Redis when configured) to this instance's subscriber.
    expect(delta("pubsub_delivery_lag_seconds_count")).toBeGreaterThanOrEqual(1);
    // notify wrote its row in a transaction that committed.
    expect(delta("db_transaction_duration_seconds_count", { outcome: "commit" })).toBeGreaterThanOrEqual(1);
    // Its commit nudged the outbox worker, whose pass (claiming and delivering the notification's rows)
    // holds transactions of its own in the background for a moment: once it is done, none stays open.
    await eventually(async () => value(await read(t.app.metricsUrl!), "db_transactions_open") === 0, "no transaction open");

    live.dispose();
    await eventually(async () => value(await read(t.app.metricsUrl!), "graphql_ws_subscriptions_active") === 0, "the subscription ended");
    await client.dispose();
    await eventually(async () => value(await read(t.app.metricsUrl!), "graphql_ws_sockets_open") === 0, "the socket closed");
  });
});

describe.each(dbTargets)("outbox and job metrics on %s", (target) => {
  it("shows outbox rows waiting and given up on, and job runs by outcome with their durations", async () => {
    const t = await startTestApp(target, { env: { METRICS_TOKEN: TOKEN } });
    try {
      const { outbox, jobs } = t.app.services;
      // A channel that refuses for good, and one whose server is down (its rows wait for a retry in an hour).
      outbox.register({ name: "metrics-refused", deliver: async () => ({ kind: "drop", reason: "refused by the test" }) });
      outbox.register({ name: "metrics-unserved", deliver: async () => ({ kind: "retry", error: "down", afterMs: 3_600_000 }) });
      await t.app.services.deps.tx(async (em) => {
        await outbox.enqueue(em, "metrics-refused", { n: 1 });
        for (let n = 0; n < 2; n++) await outbox.enqueue(em, "metrics-unserved", { n });
      });
      await outbox.drain();
      jobs.register({ name: "metrics-ok", every: 3_600_000, run: async () => undefined });
      jobs.register({ name: "metrics-failing", every: 3_600_000, run: async () => Promise.reject(new Error("the test's failure")) });
      await jobs.runDue(t.clock.now());

      const m = await read(t.app.metricsUrl!);
      expect(value(m, "outbox_pending", { channel: "metrics-unserved" })).toBe(2);
      expect(value(m, "outbox_failed")).toBe(1);
      expect(value(m, "job_runs_total", { job: "metrics-ok", outcome: "ok" })).toBe(1);
      expect(value(m, "job_runs_total", { job: "metrics-failing", outcome: "failed" })).toBe(1);
      expect(value(m, "job_run_duration_seconds_count", { job: "metrics-ok" })).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe("where metrics are served", () => {
  it("on a listener of their own with METRICS_PORT (the main port serves none), the token still required when set", async () => {
    const t = await startTestApp("sqlite", { env: { METRICS_PORT: "0", METRICS_TOKEN: TOKEN } });
    try {
      expect(t.app.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      expect(t.app.metricsUrl).not.toBe(`${t.url}/metrics`);
      expect((await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      expect((await fetch(t.app.metricsUrl!)).status).toBe(401);
      expect((await fetch(t.app.metricsUrl!.replace("/metrics", "/other"), { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
        404,
      );
      await t.gql("query Ping { __typename }");
      expect(
        value(await read(t.app.metricsUrl!), "graphql_operations_total", { transport: "http", operation: "Ping", type: "query" }),
      ).toBe(1);
    } finally {
      await t.close();
    }
  });

  it("nowhere when neither METRICS_PORT nor METRICS_TOKEN is set (the embedded default)", async () => {
    const t = await startTestApp("sqlite");
    try {
      expect(t.app.metricsUrl).toBeUndefined();
      expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe.each([undefined, process.env.TEST_REDIS_URL].filter((u, i) => i === 0 || u))("pubsub delivery lag (redis: %s)", (redisUrl) => {
  it("is measured once per event on each instance, and neither subscribers nor the publisher see the publish time", async () => {
    const lags: number[] = [];
    const a = createAppPubSub(redisUrl, undefined, (s) => lags.push(s));
    const b = redisUrl ? createAppPubSub(redisUrl, undefined, (s) => lags.push(s)) : a;
    try {
      const got: unknown[] = [];
      const stops = [b.listen("SESSION_REVOKED", "u1", (p) => got.push(p)), b.listen("SESSION_REVOKED", "u1", (p) => got.push(p))];
      if (redisUrl) await eventually(() => a.hasListeners("SESSION_REVOKED", "u1"), "subscribed through Redis");
      const payload = { userId: "u1" };
      a.publish("SESSION_REVOKED", "u1", payload);
      await eventually(() => got.length === 2, "both listeners got the event");
      expect(got).toEqual([{ userId: "u1" }, { userId: "u1" }]);
      expect(payload).toEqual({ userId: "u1" });
      expect(lags).toHaveLength(1);
      expect(lags[0]).toBeGreaterThanOrEqual(0);
      stops.forEach((stop) => stop());
    } finally {
      await a.close();
      if (b !== a) await b.close();
    }
  });
});
