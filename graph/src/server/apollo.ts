import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from "@apollo/server/plugin/disabled";
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

export interface GraphqlServer {
  apollo: ApolloServer<Context>;
}

export interface ApolloOptions {
  /**
   * Plugins added after the app's own, for an embedder or a test that observes Apollo's request
   * pipeline (e.g. a plugin counting `requestDidStart`). Apollo calls them as it calls the app's.
   */
  extraPlugins?: ApolloServerPlugin<Context>[];
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
    plugins: [
      ...protection.plugins,
      ApolloServerPluginDrainHttpServer({ httpServer }),
      drainWsPlugin,
      // No field sets cache hints; the default cache-control plugin would still wrap every field.
      ApolloServerPluginCacheControlDisabled(),
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
