import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginCacheControl } from "@apollo/server/plugin/cacheControl";
import { ApolloServerPluginInlineTraceDisabled } from "@apollo/server/plugin/disabled";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { unwrapResolverError } from "@apollo/server/errors";
import { ApolloArmor } from "@escape.tech/graphql-armor";
import type { GraphQLFormattedError, GraphQLSchema, ValidationRule } from "graphql";
import type { Server } from "node:http";
import { isBusyError } from "../db/transaction.js";
import { serviceBusy } from "../shared/errors.js";
import type { Logger } from "../shared/logger.js";
import { apiKeyPlugin } from "./api-key-door.js";
import type { Context } from "./context.js";
import type { PersistedQueryStore } from "../shared/apq-store.js";

export const MAX_QUERY_TOKENS = 2000;

/** Cost, depth and alias limits, so one request cannot ask for the whole database. */
const armor = new ApolloArmor({
  maxDepth: { n: 10 },
  maxAliases: { n: 15 },
  maxDirectives: { n: 20 },
  // The token limit is the parser's own (parseOptions below): armor's version turns every syntax
  // error into a 500, where a client error (400 GRAPHQL_PARSE_FAILED) is right.
  maxTokens: { enabled: false },
  costLimit: { maxCost: 20000 },
  blockFieldSuggestion: { enabled: false },
});

/** The same limits as validation rules, for the graphql-ws door (ws.ts), which Apollo's plugins never see. */
export function queryLimitRules(): ValidationRule[] {
  return [...(armor.protect().validationRules ?? [])];
}

const TOO_MANY_VARIABLE_ERRORS = "Too many errors processing variables, error limit reached. Execution aborted.";
/** Apollo's refusals of an automatic persisted query's hash or version: an HTTP 400 without a code. */
const PERSISTED_QUERY_REFUSALS = new Set(["provided sha does not match query", "Unsupported persisted query version"]);

/**
 * What a client may see of an error: AppErrors and GraphQL's own (validation, bad variables)
 * keep their code and message; anything else is logged and becomes a generic
 * INTERNAL_SERVER_ERROR, never a stack, SQL text or driver message. Shared by both doors.
 */
export function clientError(formatted: GraphQLFormattedError, error: unknown, logger: Logger): GraphQLFormattedError {
  const code = formatted.extensions?.code;
  // graphql-js stops coercing variables after 50 errors and adds this one, without a code: it is
  // about the request's variables like the 50 before it, so it is the client's error too.
  if (formatted.message === TOO_MANY_VARIABLE_ERRORS && !formatted.path) {
    return { message: formatted.message, extensions: { code: "BAD_USER_INPUT" } };
  }
  // A client whose persisted query's hash is wrong (or of an unknown version) made the mistake: it is told which.
  if (PERSISTED_QUERY_REFUSALS.has(formatted.message) && !formatted.path) {
    return { message: formatted.message, extensions: { code: "BAD_REQUEST" } };
  }
  if ((code === "INTERNAL_SERVER_ERROR" || code === undefined) && isBusyError(unwrapResolverError(error))) {
    const busy = serviceBusy();
    return { message: busy.message, extensions: { ...busy.extensions }, path: formatted.path };
  }
  if (code === "INTERNAL_SERVER_ERROR" || code === undefined) {
    logger.error({ err: error }, "GraphQL resolver failed");
    return { message: "Something went wrong", extensions: { code: "INTERNAL_SERVER_ERROR" }, path: formatted.path };
  }
  const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
  return { ...formatted, extensions };
}

/**
 * How long Apollo keeps a registered automatic persisted query (APQ): its text, under its SHA-256,
 * in Apollo's bounded in-memory cache (about 30 MiB, least recently used first out). A client that
 * sends a hash this instance does not know (expired, evicted, another instance) gets
 * PERSISTED_QUERY_NOT_FOUND and sends the text once more, as Apollo Client's PersistedQueryLink does.
 */
export const APQ_TTL_SECONDS = 24 * 60 * 60;

/**
 * Who may share an answer. Apollo's cache control computes the answer's policy from the fields'
 * `@cacheControl` hints (only the leaderboard has one; any other field allows nothing): this plugin
 * makes every answer uncacheable (`Cache-Control: no-store`) unless it is a GET by a caller without
 * a session (no Authorization header) or with a read-only API key (whose reads are the signed-out
 * caller's). So a signed-in student's answer, and any POST (mutations always are), is never public,
 * and a GET of the public leaderboard is `max-age=10, public`, which fastify-graphql.ts then tags
 * with an ETag. Restricted before execution, the policy is final: no field can loosen it.
 */
export const sharedCachePlugin: ApolloServerPlugin<Context> = {
  async requestDidStart({ request, contextValue, overallCachePolicy }) {
    const sessionless = !request.http?.headers.get("authorization") || contextValue.apiKey !== null;
    if (request.http?.method !== "GET" || !sessionless) overallCachePolicy.restrict({ maxAge: 0 });
  },
};

export interface GraphqlServer {
  apollo: ApolloServer<Context>;
}

export interface ApolloOptions {
  /**
   * Plugins added after the app's own, for an embedder or a test that observes Apollo's request
   * pipeline (e.g. a plugin counting `requestDidStart`). Apollo calls them as it calls the app's.
   */
  extraPlugins?: ApolloServerPlugin<Context>[];
  /** Where persisted queries are registered (shared/apq-store.ts, with Redis); unset: this instance's memory. */
  persistedQueries?: PersistedQueryStore;
}

export function createApollo(
  schema: GraphQLSchema,
  httpServer: Server,
  logger: Logger,
  drainWs: () => Promise<void>,
  options: ApolloOptions = {},
): GraphqlServer {
  const protection = armor.protect();
  const drainWsPlugin: ApolloServerPlugin<Context> = {
    async serverWillStart() {
      return { drainServer: drainWs };
    },
  };
  const apollo = new ApolloServer<Context>({
    schema,
    introspection: true,
    ...protection,
    parseOptions: { maxTokens: MAX_QUERY_TOKENS },
    // The process's owner (main.ts) decides how it stops: Apollo's own SIGINT/SIGTERM handler (on by
    // default outside NODE_ENV=test) would stop Apollo beside the graceful stop and re-send the signal,
    // killing the process with status 143 mid-drain.
    stopOnTerminationSignals: false,
    // One operation per request: batching would multiply attempts past the rate limits.
    allowBatchedHttpRequests: false,
    // Automatic persisted queries (Apollo's APQ, on by default; stated here with their bound).
    cache: "bounded",
    persistedQueries: { ttl: APQ_TTL_SECONDS, ...(options.persistedQueries ? { cache: options.persistedQueries } : {}) },
    // CSRF prevention guards APIs that a browser calls with ambient credentials (cookies, HTTP auth,
    // client certificates), so that a cross-site form or <img> cannot act as the student. This API
    // has none: the caller is only ever the `Authorization: Bearer` header (context.ts reads nothing
    // else; the page_token cookie is read by page-render.ts for /dashboard pages only, and sent by
    // the browser to nothing else), which no cross-site page can make a browser send. A request it
    // would have refused is a signed-out one, and Apollo never runs a mutation sent by GET. Off, a
    // plain GET (`curl '/graphql?query=...'`, an APQ hash) works without `apollo-require-preflight`,
    // which is what lets a CDN and an embedded board read the public leaderboard.
    csrfPrevention: false,
    plugins: [
      ...protection.plugins,
      ApolloServerPluginDrainHttpServer({ httpServer }),
      drainWsPlugin,
      // Apollo's cache control: a field without a `@cacheControl` hint allows no caching (defaultMaxAge 0);
      // sharedCachePlugin decides who may have a public answer.
      ApolloServerPluginCacheControl({ defaultMaxAge: 0 }),
      sharedCachePlugin,
      // Apollo adds its federation trace plugin to every server, to act only on a subgraph (this is none).
      ApolloServerPluginInlineTraceDisabled(),
      // A read-only API key runs no mutation.
      apiKeyPlugin,
      ...(options.extraPlugins ?? []),
    ],
    validationRules: [...protection.validationRules],
    formatError: (formatted, error) => clientError(formatted, error, logger),
  });
  return { apollo };
}
