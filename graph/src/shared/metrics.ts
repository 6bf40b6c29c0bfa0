/**
 * The app's Prometheus metrics: one prom-client Registry per running app (tests run several apps in
 * one process, so nothing goes to prom-client's global registry). Built only when metrics are
 * configured (METRICS_PORT or METRICS_TOKEN): otherwise nothing here exists and nothing is measured.
 * The instruments are fed by server/metrics.ts (Fastify hooks, the Apollo plugin, graphql-ws
 * hooks), pubsub.ts (delivery lag) and db/transaction.ts (transactions holding or awaiting a
 * connection); the served text is `registry.metrics()`.
 */
import type { Counter, Histogram, Registry } from "prom-client";
import type { TxObserver } from "../db/transaction.js";
import { lazyRequire } from "./lazy-require.js";
import type * as PromClient from "prom-client";

/** Request latencies: 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Pubsub delivery lag: 1 ms to 5 s (Redis on a LAN is around a millisecond). */
const LAG_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5];

/** Distinct GraphQL operation names kept as label values; clients name operations, so the set is bounded. */
export const MAX_OPERATION_NAMES = 200;

export type Transport = "http" | "ws";

export interface Metrics {
  readonly registry: Registry;
  /** REST, GraphQL over HTTP, uploads, static files: by route pattern (`unmatched` when none), method and status class. */
  httpRequest(route: string, method: string, status: number, seconds: number): void;
  /** A GraphQL operation answered (a query or mutation over either door; a subscription when it starts). */
  graphqlOperation(transport: Transport, name: string | null | undefined, type: string, seconds?: number): void;
  /** Errors of an operation's answer, by the `extensions.code` the client saw. */
  graphqlErrors(transport: Transport, name: string | null | undefined, codes: Array<unknown>): void;
  /** Time from a pubsub publish to its delivery on this instance. */
  pubsubLag(seconds: number): void;
  /** What db/transaction.ts reports: transactions waiting for and holding a connection, and their durations. */
  readonly tx: TxObserver;
  /** A gauge read when scraped (open sockets, outbox depth, ...). */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
  /** A gauge with labels, read when scraped: each call of `read` returns every label set's value. */
  labelledGauge<L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    read: () => Array<[Partial<Record<L, string>>, number]> | Promise<Array<[Partial<Record<L, string>>, number]>>,
  ): void;
  /** A counter the caller increments (job runs, mail failures, ...). */
  counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L>;
  /** A histogram of seconds the caller observes. */
  histogram<L extends string>(name: string, help: string, labelNames: L[], buckets?: number[]): Histogram<L>;
}

/** How long a scrape waits for a gauge's read (a database count): then the gauge keeps its last value. */
export const GAUGE_READ_TIMEOUT_MS = 2000;

/** `read()`, or a rejection after `ms`. */
function bounded<T>(read: () => T | Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`gauge read took over ${ms} ms`)), ms);
  });
  return Promise.race([Promise.resolve().then(read), timeout]).finally(() => clearTimeout(timer));
}

export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export function createMetrics(opts: { poolSize?: number } = {}): Metrics {
  // Loaded here, so a deployment without metrics never loads prom-client (nor the cluster module it brings).
  const { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } = lazyRequire("prom-client") as typeof PromClient;
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const httpRequests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by route pattern, method and status class",
    labelNames: ["route", "method", "status_class"] as const,
    registers,
  });
  const httpDuration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern, method and status class",
    labelNames: ["route", "method", "status_class"] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const gqlOperations = new Counter({
    name: "graphql_operations_total",
    help: "GraphQL operations, by transport (http, ws), operation name and type",
    labelNames: ["transport", "operation", "type"] as const,
    registers,
  });
  const gqlDuration = new Histogram({
    name: "graphql_operation_duration_seconds",
    help: "GraphQL operations over HTTP from request to response, by operation name and type",
    labelNames: ["operation", "type"] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const gqlErrors = new Counter({
    name: "graphql_errors_total",
    help: "Errors in GraphQL answers, by transport, operation name and extensions.code",
    labelNames: ["transport", "operation", "code"] as const,
    registers,
  });
  const lag = new Histogram({
    name: "pubsub_delivery_lag_seconds",
    help: "Time from a pubsub publish (any instance) to its delivery to this instance's subscribers (wall clocks)",
    buckets: LAG_BUCKETS,
    registers,
  });
  const txWaiting = new Gauge({
    name: "db_transactions_waiting",
    help: "Transactions waiting for a pooled connection (MySQL/MariaDB) or their turn (SQLite's one connection)",
    registers,
  });
  const txOpen = new Gauge({
    name: "db_transactions_open",
    help: "Transactions holding a connection now",
    registers,
  });
  const txDuration = new Histogram({
    name: "db_transaction_duration_seconds",
    help: "Transactions from holding a connection to commit or rollback, by outcome",
    labelNames: ["outcome"] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  /** Gauge reads of the scrape under way: the failure count waits for them, so a scrape shows its own failures. */
  const reading = new Set<Promise<unknown>>();
  const readGauge = async <T>(read: () => T | Promise<T>): Promise<T> => {
    const p = bounded(read, GAUGE_READ_TIMEOUT_MS);
    reading.add(p);
    try {
      return await p;
    } finally {
      reading.delete(p);
    }
  };
  const readFailures = new Counter({
    name: "metrics_gauge_read_failures_total",
    help: "Scrapes in which a gauge could not be read within 2 s (its dependency down or slow); the gauge kept its last value",
    labelNames: ["gauge"] as const,
    registers,
    async collect() {
      // Every metric's collect starts in one synchronous pass; the gauges registered after this one too.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.allSettled([...reading]);
    },
  });
  new Gauge({ name: "db_pool_size", help: "Connections this instance's pool may open (1 on SQLite)", registers }).set(opts.poolSize ?? 1);

  const names = new Set<string>();
  const operationLabel = (name: string | null | undefined) => {
    if (!name) return "anonymous";
    if (names.has(name)) return name;
    if (names.size >= MAX_OPERATION_NAMES) return "other";
    names.add(name);
    return name;
  };

  return {
    registry,
    httpRequest(route, method, status, seconds) {
      const labels = { route, method, status_class: statusClass(status) };
      httpRequests.inc(labels);
      httpDuration.observe(labels, seconds);
    },
    graphqlOperation(transport, name, type, seconds) {
      const operation = operationLabel(name);
      gqlOperations.inc({ transport, operation, type });
      if (seconds !== undefined) gqlDuration.observe({ operation, type }, seconds);
    },
    graphqlErrors(transport, name, codes) {
      const operation = operationLabel(name);
      for (const code of codes) gqlErrors.inc({ transport, operation, code: typeof code === "string" ? code : "UNKNOWN" });
    },
    pubsubLag(seconds) {
      lag.observe(Math.max(0, seconds));
    },
    tx: {
      waiting: (delta) => txWaiting.inc(delta),
      open: (delta) => txOpen.inc(delta),
      finished: (outcome, seconds) => txDuration.observe({ outcome }, seconds),
    },
    // A scrape answers whatever a gauge's dependency does: a read that fails or takes over
    // GAUGE_READ_TIMEOUT_MS leaves the gauge at its last value and counts a read failure.
    gauge(name, help, read) {
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          try {
            this.set(await readGauge(read));
          } catch {
            readFailures.inc({ gauge: name });
          }
        },
      });
    },
    labelledGauge(name, help, labelNames, read) {
      new Gauge({
        name,
        help,
        labelNames,
        registers,
        async collect() {
          try {
            const values = await readGauge(read);
            this.reset();
            for (const [labels, value] of values) this.set(labels, value);
          } catch {
            readFailures.inc({ gauge: name });
          }
        },
      });
    },
    counter: (name, help, labelNames) => new Counter({ name, help, labelNames, registers }),
    histogram: (name, help, labelNames, buckets = LATENCY_BUCKETS) => new Histogram({ name, help, labelNames, buckets, registers }),
  };
}
