import "reflect-metadata";
import type { Server } from "node:http";
import type { FastifyInstance } from "fastify";
import type { AddressInfo } from "node:net";
import type { DataSource } from "typeorm";
import type { Config } from "./config.js";
import { openDatabase, txLimits } from "./db/data-source.js";
import { seedDemoDataIfEmpty } from "./app/seed/seed.js";
import { allEntities } from "./modules/index.js";
import { type ApolloOptions, createApollo } from "./server/apollo.js";
import { createFastify, type HttpOptions, registerHttp } from "./server/http.js";
import { graphqlMetricsPlugin, instrumentHttp, listenMetrics, type MetricsListener, metricsRoute } from "./server/metrics.js";
import { buildAppSchema } from "./server/schema.js";
import { attachWebSockets } from "./server/ws.js";
import { createServices, type Services } from "./services.js";
import { type Clock, systemClock } from "./shared/clock.js";
import { createLogger, type Logger } from "./shared/logger.js";
import { createMetrics } from "./shared/metrics.js";
import { type AppPubSub, createAppPubSub } from "./shared/pubsub.js";
import { redisPersistedQueries } from "./shared/apq-store.js";

export interface AppOptions extends HttpOptions {
  clock?: Clock;
  logger?: Logger;
  /** An already-open database (tests); otherwise opened from config and migrated. */
  dataSource?: DataSource;
  /** Apollo plugins added after the app's own (apollo.ts `extraPlugins`): tests observe the request pipeline with them. */
  apolloPlugins?: ApolloOptions["extraPlugins"];
  /**
   * Called with the Fastify instance before anything is registered on it: tests add their hooks
   * (`onSend`) there, which then see every answer of every route. The app itself passes none.
   */
  observeHttp?: (fastify: FastifyInstance) => void;
}

export interface RunningApp {
  url: string;
  port: number;
  services: Services;
  pubsub: AppPubSub;
  httpServer: Server;
  /** Where Prometheus reads the metrics (METRICS_PORT: its own listener; METRICS_TOKEN alone: the main port); unset when off. */
  metricsUrl?: string;
  close(): Promise<void>;
}

/** config -> database -> schema -> http server. Used by main and by every integration test. */
export async function startApp(config: Config, opts: AppOptions = {}): Promise<RunningApp> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const clock = opts.clock ?? systemClock;
  // The database is opened (connections, the migrations check: waits on the network) while the
  // schema is built (CPU only): a start waits for the longer of the two, not for both.
  const opening = opts.dataSource
    ? Promise.resolve(opts.dataSource)
    : openDatabase(config.database, { entities: allEntities, guard: txLimits(config.database, config.env).guard });
  opening.catch(() => undefined); // awaited below; a failure there is the start's failure
  // Metrics exist only when configured: otherwise nothing is measured (config.metrics, server/metrics.ts).
  const metrics = config.metrics
    ? createMetrics({ poolSize: config.database.kind === "mysql" ? (config.database.poolSize ?? 20) : 1 })
    : undefined;
  const pubsub = createAppPubSub(config.redisUrl, logger, metrics && ((seconds) => metrics.pubsubLag(seconds)));
  const schema = await buildAppSchema(pubsub);
  const dataSource = await opening;
  const services = createServices({ config, dataSource, clock, pubsub, logger, metrics });
  await seedDemoDataIfEmpty(services);

  const fastify = createFastify(logger, config.trustProxy);
  opts.observeHttp?.(fastify);
  // Fastify's node server: graphql-ws shares its port and path (/graphql), Apollo drains it on stop.
  const httpServer = fastify.server;
  const ws = attachWebSockets(httpServer, schema, services);
  const metricPlugins = metrics ? [graphqlMetricsPlugin(metrics)] : [];
  // Persisted queries every instance knows, with Redis (a CDN's GET by hash may reach any instance).
  const persistedQueries = config.redisUrl ? redisPersistedQueries(config.redisUrl, logger) : undefined;
  const graphql = createApollo(schema, httpServer, logger, () => ws.dispose(), {
    extraPlugins: [...metricPlugins, ...(opts.apolloPlugins ?? [])],
    persistedQueries,
  });
  const { apollo } = graphql;
  await apollo.start();
  if (metrics) {
    instrumentHttp(fastify, metrics);
    metrics.gauge("graphql_ws_sockets_open", "WebSockets open on /graphql on this instance", () => ws.wss.clients.size);
    metrics.gauge("graphql_ws_subscriptions_active", "Subscriptions running on this instance's sockets", () => ws.activeSubscriptions());
    // The durable outbox (shared by every instance): rows waiting per channel, rows given up on.
    const depth = () => services.outbox.depth();
    metrics.labelledGauge("outbox_pending", "Outbox rows waiting to be delivered, by channel (all instances)", ["channel"], async () =>
      Object.entries((await depth()).pending).map(([channel, n]) => [{ channel }, n]),
    );
    metrics.gauge(
      "outbox_failed",
      "Outbox rows given up on after retrying (all instances; the logs say why)",
      async () => (await depth()).failed,
    );
  }
  await registerHttp(fastify, services, apollo, opts);
  if (metrics && config.metrics?.port === undefined) metricsRoute(fastify, metrics, config.metrics?.token);
  await fastify.listen({ port: config.port, host: "0.0.0.0" });
  const port = (httpServer.address() as AddressInfo).port;
  let metricsListener: MetricsListener | undefined;
  if (metrics && config.metrics?.port !== undefined) metricsListener = await listenMetrics(metrics, config.metrics);
  services.jobs.start(config.jobsTickSeconds * 1000);
  services.outbox.start();

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    services,
    pubsub,
    httpServer,
    metricsUrl: metricsListener?.url ?? (metrics ? `http://127.0.0.1:${port}/metrics` : undefined),
    close() {
      // Draining first (/readyz 503); the job runner and the outbox worker stop after their current
      // item while Apollo's drain stops accepting, lets in-flight requests (and their transactions)
      // finish and closes realtime sockets with 1012; then the pools close.
      closing ??= (async () => {
        services.readiness.markDraining();
        const workers = Promise.all([services.jobs.stop(), services.outbox.stop()]);
        await metricsListener?.close();
        await apollo.stop();
        // The server is closed by Apollo's drain by now; this runs Fastify's own onClose hooks.
        await fastify.close();
        await workers;
        await services.readiness.close();
        await services.rateLimits.close();
        await services.coins.leaderboard.close();
        // The sockets are closed: no "offline" announcements after the pool goes.
        services.chat.presence.close();
        await pubsub.close();
        await persistedQueries?.close();
        if (!opts.dataSource) await dataSource.destroy();
      })();
      return closing;
    },
  };
}
