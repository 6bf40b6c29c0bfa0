/**
 * Where the metrics of shared/metrics.ts are fed from the HTTP side and where they are served.
 * - Every HTTP answer, through Fastify's documented `onResponse` hook: the route pattern
 *   (`request.routeOptions.url`), method, status class and `reply.elapsedTime`.
 * - Every GraphQL request over HTTP, through an Apollo plugin: the operation's name and type, its
 *   duration, and the `extensions.code` of each error the client was sent (after formatError).
 * - `/metrics` in Prometheus text format: on its own listener (METRICS_PORT, METRICS_HOST), or on
 *   the main port behind METRICS_TOKEN (a bearer token; also required on the own listener when set).
 *   Not configured: no route and no instruments at all.
 */
import type { ApolloServerPlugin } from "@apollo/server";
import type { FastifyInstance } from "fastify";
import { getOperationAST } from "graphql";
import { timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Config } from "../config.js";
import type { Metrics } from "../shared/metrics.js";
import type { Context } from "./context.js";

export const METRICS_PATH = "/metrics";

/** Counts and times every answer the Fastify instance sends; call before any route is registered. */
export function instrumentHttp(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", async (request, reply) => {
    metrics.httpRequest(request.routeOptions.url ?? "unmatched", request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
}

/** GraphQL operations over HTTP: name, type, duration and the codes of the errors answered. */
export function graphqlMetricsPlugin(metrics: Metrics): ApolloServerPlugin<Context> {
  return {
    async requestDidStart({ request }) {
      const started = performance.now();
      let type = "unknown";
      let name: string | null | undefined = request.operationName;
      return {
        async didResolveOperation(rc) {
          type = rc.operation?.operation ?? "unknown";
          name = rc.operationName;
        },
        async willSendResponse(rc) {
          // Parsed but not run (a validation error): the name the document gives it (clients need not send operationName).
          if (!name && rc.document) name = getOperationAST(rc.document, rc.request.operationName)?.name?.value;
          metrics.graphqlOperation("http", name, type, (performance.now() - started) / 1000);
          const body = rc.response.body;
          const errors = body.kind === "single" ? body.singleResult.errors : body.initialResult.errors;
          if (errors?.length)
            metrics.graphqlErrors(
              "http",
              name,
              errors.map((e) => e.extensions?.code),
            );
        },
      };
    },
  };
}

function authorized(header: string | undefined, token: string | undefined): boolean {
  if (!token) return true;
  const given = Buffer.from(header ?? "");
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

const UNAUTHORIZED = { error: "A bearer token is required for /metrics", code: "UNAUTHENTICATED" };

/** `GET /metrics` on the main port, behind the token (config.metrics without a port). */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get(METRICS_PATH, async (request, reply) => {
    if (!authorized(request.headers.authorization, token)) {
      return reply.code(401).header("www-authenticate", "Bearer").send(UNAUTHORIZED);
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

export interface MetricsListener {
  url: string;
  close(): Promise<void>;
}

/** The metrics on their own listener (METRICS_PORT at METRICS_HOST): `/metrics` only, token checked when set. */
export async function listenMetrics(metrics: Metrics, options: NonNullable<Config["metrics"]>): Promise<MetricsListener> {
  const answer = async (req: IncomingMessage): Promise<{ status: number; type: string; body: string }> => {
    const path = (req.url ?? "").split("?")[0];
    if (path !== METRICS_PATH || (req.method !== "GET" && req.method !== "HEAD")) {
      return { status: 404, type: "application/json", body: JSON.stringify({ error: "Not found", code: "NOT_FOUND" }) };
    }
    if (!authorized(req.headers.authorization, options.token)) {
      return { status: 401, type: "application/json", body: JSON.stringify(UNAUTHORIZED) };
    }
    return { status: 200, type: metrics.registry.contentType, body: await metrics.registry.metrics() };
  };
  const server: Server = createServer((req, res) => {
    answer(req).then(
      ({ status, type, body }) => {
        res.writeHead(status, { "content-type": type, ...(status === 401 ? { "www-authenticate": "Bearer" } : {}) });
        res.end(req.method === "HEAD" ? undefined : body);
      },
      (err: unknown) => {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end(String(err));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(":") ? `[${address}]` : address === "0.0.0.0" ? "127.0.0.1" : address;
  return {
    url: `http://${host}:${port}${METRICS_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
