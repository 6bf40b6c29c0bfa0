import type { ApolloServer } from "@apollo/server";
import { fastifyApolloHandler } from "@as-integrations/fastify";
import fastifyCors from "@fastify/cors";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { contentTag, isFresh } from "../kit/rest-kit.js";
import type { DoorServices } from "./door-services.js";
import type { Context } from "./context.js";
import { errorAnswer } from "./http-errors.js";
import { acceptJsonBodies, ignoreOtherBodies } from "./json-body.js";
import { RATE_LIMIT_FIELDS, requestBudgetHook, requestContext } from "./request-budget.js";
import { graphqlOverHttpStatus } from "./response-status.js";

export const GRAPHQL_PATH = "/graphql";

/** A GraphQL request's body: a document and its variables are small; 1 MB is far past any the app sends. */
export const GRAPHQL_BODY_LIMIT = 1024 * 1024;

/** An answer Apollo's cache control made public (`max-age=N, public`): one a shared cache may keep. */
const PUBLIC_CACHE = /(?:^|,)\s*public\s*(?:,|$)/i;

/**
 * A public GET answer (the leaderboard without a session, apollo.ts) gets a weak ETag, a hash of its
 * body (weak: compression and the media type Accept chose change the bytes, not the answer), and a
 * request that already holds it gets 304 and no body, like GET /api/leaderboard. `Vary: Accept`, as
 * the media type follows it. Returns the body to send.
 */
function revalidated(request: FastifyRequest, reply: FastifyReply, body: string): string {
  const cacheControl = reply.getHeader("cache-control");
  if (request.method !== "GET" || reply.statusCode !== 200 || typeof cacheControl !== "string" || !PUBLIC_CACHE.test(cacheControl)) {
    return body;
  }
  const etag = contentTag(body, true);
  reply.header("ETag", etag).header("Vary", "Accept");
  if (!isFresh(request.headers, etag, "")) return body;
  reply.code(304);
  return "";
}

/**
 * POST/GET /graphql through Apollo Server (@as-integrations/fastify): JSON bodies, CORS for any
 * origin (integrators' pages; the token is a header, never a cookie), and bad bodies answered as
 * GraphQL errors. Registered with the prefix /graphql, so CORS covers this path only. Every request
 * goes through Apollo's pipeline (parsing, validation with every armor limit, plugins, persisted
 * queries, cache control, error formatting); only the status of a request error answered as
 * application/json is then set by graphqlOverHttpStatus, and a public GET answer gets its ETag
 * (revalidated).
 */
export async function graphqlPlugin(gql: FastifyInstance, apollo: ApolloServer<Context>, services: DoorServices): Promise<void> {
  gql.removeAllContentTypeParsers();
  acceptJsonBodies(gql, false);
  ignoreOtherBodies(gql);
  // The same answers as the `cors` package's defaults the app used: every method, any origin, any preflight.
  // Pages of any origin may read the request budget's fields, and the ETag of a public answer.
  await gql.register(fastifyCors, {
    methods: "GET,HEAD,PUT,PATCH,POST,DELETE",
    strictPreflight: false,
    exposedHeaders: [...RATE_LIMIT_FIELDS, "ETag"].join(","),
  });
  const logger = services.deps.logger;
  gql.setErrorHandler((err: FastifyError, _request, reply) => {
    const { status, body } = errorAnswer(err, GRAPHQL_PATH, logger);
    return reply.code(status).type("application/json; charset=utf-8").send(JSON.stringify(body));
  });
  const apolloHandler = fastifyApolloHandler<Context>(apollo, {
    // The one the request budget's hook built (the token is verified once).
    context: async (request) => requestContext(services, request, true),
  });
  // `Reply: string`: the integration's handler answers Apollo's text (or streams an incremental answer itself).
  gql.route<{ Reply: string }>({
    method: ["GET", "POST", "OPTIONS"],
    url: "/",
    bodyLimit: GRAPHQL_BODY_LIMIT,
    onRequest: requestBudgetHook(services, true),
    handler: async function (this: FastifyInstance, request, reply) {
      const body = await apolloHandler.call(this, request, reply);
      if (typeof body === "string") {
        const type = reply.getHeader("content-type");
        reply.code(graphqlOverHttpStatus(reply.statusCode, typeof type === "string" ? type : undefined, body));
        return revalidated(request, reply, body);
      }
      return body;
    },
  });
}
