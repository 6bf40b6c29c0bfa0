import "reflect-metadata";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { DataSource } from "typeorm";
import type { Config } from "./config.js";
import { openDatabase } from "./db/data-source.js";
import { seedDemoDataIfEmpty } from "./db/seed/seed.js";
import { type ApolloOptions, createApollo } from "./server/apollo.js";
import { createFastify, type HttpOptions, registerHttp } from "./server/http.js";
import { buildAppSchema } from "./server/schema.js";
import { attachWebSockets } from "./server/ws.js";
import { createServices, type Services } from "./services.js";
import { type Clock, systemClock } from "./shared/clock.js";
import { createLogger, type Logger } from "./shared/logger.js";
import { type AppPubSub, createAppPubSub } from "./shared/pubsub.js";

export interface AppOptions extends HttpOptions {
  clock?: Clock;
  logger?: Logger;
  /** An already-open database (tests); otherwise opened from config and migrated. */
  dataSource?: DataSource;
  /** Apollo plugins added after the app's own (apollo.ts `extraPlugins`): tests observe the request pipeline with them. */
  apolloPlugins?: ApolloOptions["extraPlugins"];
}

export interface RunningApp {
  url: string;
  port: number;
  services: Services;
  pubsub: AppPubSub;
  httpServer: Server;
  close(): Promise<void>;
}

/** config -> database -> schema -> http server. Used by main and by every integration test. */
export async function startApp(config: Config, opts: AppOptions = {}): Promise<RunningApp> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const clock = opts.clock ?? systemClock;
  // The database is opened (connections, the migrations check: waits on the network) while the
  // schema is built (CPU only): a start waits for the longer of the two, not for both.
  const opening = opts.dataSource ? Promise.resolve(opts.dataSource) : openDatabase(config.database);
  opening.catch(() => undefined); // awaited below; a failure there is the start's failure
  const pubsub = createAppPubSub(config.redisUrl, logger);
  const schema = await buildAppSchema(pubsub);
  const dataSource = await opening;
  const services = createServices({ config, dataSource, clock, pubsub, logger });
  await seedDemoDataIfEmpty(services);

  const fastify = createFastify(logger);
  // Fastify's node server: graphql-ws shares its port and path (/graphql), Apollo drains it on stop.
  const httpServer = fastify.server;
  const ws = attachWebSockets(httpServer, schema, services);
  const graphql = createApollo(schema, httpServer, logger, () => ws.dispose(), { extraPlugins: opts.apolloPlugins });
  const { apollo } = graphql;
  await apollo.start();
  await registerHttp(fastify, services, apollo, opts);
  await fastify.listen({ port: config.port, host: "0.0.0.0" });
  const port = (httpServer.address() as AddressInfo).port;
  services.jobs.start(config.jobsTickSeconds * 1000);
  services.outbox.start();

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    services,
    pubsub,
    httpServer,
    close() {
      // Draining first (/readyz 503); the job runner and the outbox worker stop after their current
      // item while Apollo's drain stops accepting, lets in-flight requests (and their transactions)
      // finish and closes realtime sockets with 1012; then the pools close.
      closing ??= (async () => {
        services.readiness.markDraining();
        const workers = Promise.all([services.jobs.stop(), services.outbox.stop()]);
        await apollo.stop();
        // The server is closed by Apollo's drain by now; this runs Fastify's own onClose hooks.
        await fastify.close();
        await workers;
        await services.background.idle();
        await services.readiness.close();
        await services.rateLimits.close();
        await services.coins.leaderboard.close();
        // The sockets are closed: no "offline" announcements after the pool goes.
        services.chat.presence.close();
        await pubsub.close();
        if (!opts.dataSource) await dataSource.destroy();
      })();
      return closing;
    },
  };
}
