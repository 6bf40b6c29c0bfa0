import type { ApolloServer } from "@apollo/server";
import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyBaseLogger, type FastifyError, type FastifyInstance, type FastifyReply, LogController } from "fastify";
import zlib from "node:zlib";
import type { DoorServices as Services } from "./door-services.js";
import type { ShiftableClock } from "../shared/clock.js";
import type { Logger } from "../shared/logger.js";
import type { Context } from "./context.js";
import { GRAPHQL_PATH, graphqlPlugin } from "./fastify-graphql.js";
import { REST_PREFIX, restNotFound, restPlugin } from "./fastify-rest.js";
import { SIGNED_IN_HINT_SCRIPT } from "../../../common/pages.js";
import { cspHash } from "./csp.js";
import { mountEmbed, oembedLink } from "./embed.js";
import { errorAnswer } from "./http-errors.js";
import { acceptJsonBodies } from "./json-body.js";
import { securityHeaders } from "./security-headers.js";
import { mountStatic } from "./static.js";
import { mountUploads } from "./uploads.js";

export interface HttpOptions {
  /** Folder of the built web app; tests that need no pages pass a missing folder. */
  webDist?: string;
  /** Set with E2E_HOOKS=on: POST /__e2e/clock moves this clock forward (or back to real time); POST /__e2e/jobs runs due jobs. */
  e2eClock?: ShiftableClock;
}

/**
 * The Fastify instance, before anything is registered: its node server (`fastify.server`) exists
 * from here, so graphql-ws and Apollo's drain can be attached to it before the routes are.
 */
export function createFastify(logger: Logger, trustProxy = "loopback"): FastifyInstance {
  // Typed as Fastify's own logger interface (what `request.log` offers every plugin), not pino's.
  const loggerInstance: FastifyBaseLogger = logger;
  return Fastify({
    // X-Forwarded-For is believed from a reverse proxy on the same machine only (`request.ip`), or
    // from the proxies TRUST_PROXY names (another container, another host).
    trustProxy,
    // Paths match as they always have: regardless of case, with or without a trailing slash.
    routerOptions: { ignoreTrailingSlash: true, caseSensitive: false, maxParamLength: 1000 },
    // Fastify and its plugins log through the app's logger (`request.log`, `app.log`: children of
    // it, with the request's id); the app logs what it must itself (5xx, in the error handlers),
    // so no per-request lines ("incoming request", "request completed", 404s).
    loggerInstance,
    logController: new LogController({ disableRequestLogging: true }),
    // Node's own defaults, which the server had (Fastify's are 72 s and none): idle keep-alive
    // sockets close after 5 s, and a request must arrive whole within 5 minutes.
    keepAliveTimeout: 5_000,
    requestTimeout: 300_000,
    // A path that does not decode: a 400 in the shape of the path's answers, as any other bad request.
    frameworkErrors: (err, request, reply) => {
      const { status, body } = /^\/api(\/|\?|$)/i.test(request.url)
        ? { status: 400, body: { error: "Bad request", code: "BAD_USER_INPUT" } }
        : errorAnswer(Object.assign(err, { statusCode: 400 }), request.url, logger);
      // (The option's reply is typed for any route's generics; this one sends no schema-typed body.)
      return (reply as unknown as FastifyReply).code(status).type("application/json; charset=utf-8").send(JSON.stringify(body));
    },
  });
}

/**
 * Everything the server answers over HTTP: the same security headers and compression on every
 * answer, /healthz, the REST layer (/api), GraphQL (/graphql, through Apollo), uploads and the web
 * app. Call once Apollo has started.
 */
export async function registerHttp(
  app: FastifyInstance,
  services: Services,
  apollo: ApolloServer<Context>,
  opts: HttpOptions,
): Promise<void> {
  const logger = services.deps.logger;
  securityHeaders(app, helmetOptions());
  // An answer shared caches may store (a CDN in front of the public leaderboard) still carries the
  // caller's own budget (RateLimit, RateLimit-Policy): the qualified `private` directive (RFC 9111,
  // 5.2.2.7) keeps those two fields out of a shared cache, which may store and replay the rest.
  app.addHook("onSend", (_request, reply, payload, done) => {
    const cacheControl = reply.getHeader("cache-control");
    if (typeof cacheControl === "string" && /\bpublic\b/.test(cacheControl) && reply.hasHeader("ratelimit")) {
      reply.header("cache-control", `${cacheControl}, ${PER_CALLER_FIELDS}`);
    }
    done(null, payload);
  });
  // Before the static files (as @fastify/compress asks), so they are compressed too.
  await app.register(fastifyCompress, compressOptions());
  app.setErrorHandler((err: FastifyError, request, reply) => {
    const { status, body } = errorAnswer(err, request.url, logger);
    return reply.code(status).type("application/json; charset=utf-8").send(JSON.stringify(body));
  });

  // Liveness (a container's HEALTHCHECK, an orchestrator's restart): the process and its event loop
  // answer. It asks no dependency, so a slow or missing database never gets a live instance restarted.
  app.get("/healthz", async (_request, reply) => reply.code(200).send({ status: "ok" }));
  // Readiness (load balancers): 503 with the reason while draining, or while the database cannot serve
  // the app's tables or a configured Redis is unreachable; within 2 s whatever they do (readiness.ts).
  app.get("/readyz", async (_request, reply) => {
    const report = await services.readiness.check();
    return reply.code(report.ready ? 200 : 503).send({ status: report.ready ? "ready" : "unavailable", ...report });
  });
  if (services.deps.config.e2eHooks && opts.e2eClock) await app.register((e2e) => e2eHooks(e2e, services, opts.e2eClock!));

  await app.register((api) => restPlugin(api, services), { prefix: REST_PREFIX });
  await app.register((gql) => graphqlPlugin(gql, apollo, services), { prefix: GRAPHQL_PATH });
  await mountUploads(app, services.deps.storage);
  mountEmbed(app, services);
  const spa = await mountStatic(app, opts.webDist, {
    linkFor: (pathname, search) => oembedLink(services.deps.config.publicUrl, pathname, search),
  });

  // What no route serves: a client-side route of the web app, else a JSON 404 (REST's own under /api).
  app.setNotFoundHandler((request, reply) => {
    if (/^\/api(\/|\?|$)/i.test(request.url)) return restNotFound(reply);
    if (spa?.(request, reply)) return reply;
    const { status, body } = errorAnswer({ statusCode: 404 }, request.url, logger);
    return reply.code(status).type("application/json; charset=utf-8").send(JSON.stringify(body));
  });
}

/** What a public answer adds to its Cache-Control: the caller's budget fields are not for shared caches. */
const PER_CALLER_FIELDS = 'private="RateLimit, RateLimit-Policy"';

/** Test hooks for the browser tests (E2E_HOOKS=on only). */
async function e2eHooks(e2e: FastifyInstance, services: Services, clock: ShiftableClock): Promise<void> {
  e2e.removeAllContentTypeParsers();
  acceptJsonBodies(e2e, false);
  e2e.post("/__e2e/clock", async (request, reply) => {
    const body = (request.body ?? {}) as { reset?: unknown; advanceMs?: unknown };
    // { reset: true } puts the clock back to real time, so one test file's shift cannot date another's messages.
    if (body.reset === true) {
      clock.reset();
      // Periods done under the moved clock would otherwise lie in the future: no job would run again until then.
      try {
        await services.jobs.forgetPeriods();
      } catch (err) {
        return reply.code(500).send({ error: String(err) });
      }
      return { now: services.deps.clock.now().toISOString() };
    }
    const ms = Number(body.advanceMs);
    if (!Number.isFinite(ms) || ms < 0) return reply.code(400).send({ error: "advanceMs must be >= 0" });
    clock.advance(ms);
    return { now: services.deps.clock.now().toISOString() };
  });
  // The timer ticks every JOBS_TICK_SECONDS of real time; a browser test runs what is due at once.
  e2e.post("/__e2e/jobs", async () => ({ ran: await services.jobs.runDue(services.deps.clock.now()) }));
}

/**
 * A client that accepts no encoding (integrators' HTTP libraries often) gets the answer as is;
 * browsers always send Accept-Encoding and get brotli when they accept it, gzip otherwise.
 * Quality 4 compresses on the fly about as fast as gzip; quality 11 (zlib's default) would cost
 * tens of milliseconds per JSON answer or asset.
 */
function compressOptions() {
  return {
    encodings: ["br", "gzip", "deflate"] as Array<"br" | "gzip" | "deflate">,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    threshold: 1024,
  };
}

function helmetOptions() {
  return {
    // GraphiQL and Vite's React build need inline styles; scripts stay same-origin, but for the pages' one inline
    // script, allowed by its hash (common/pages.ts).
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", cspHash(SIGNED_IN_HINT_SCRIPT), "https://checkout.razorpay.com"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "connect-src": ["'self'", "ws:", "wss:", "https://api.razorpay.com", "https://lumberjack.razorpay.com"],
        "frame-src": ["'self'", "https://api.razorpay.com", "https://checkout.razorpay.com"],
        "worker-src": ["'self'", "blob:"],
        // Plain-http deployments (and ws://) must keep working; TLS is the proxy's job.
        "upgrade-insecure-requests": null,
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}
