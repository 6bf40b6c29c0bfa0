import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from "@apollo/server/plugin/disabled";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { ApolloArmor } from "@escape.tech/graphql-armor";
import type { ExecutionResult, GraphQLError, GraphQLFormattedError, GraphQLSchema, ValidationRule } from "graphql";
import type { Server } from "node:http";
import type { Logger } from "../shared/logger.js";
import type { Context } from "./context.js";
import { jitExecutor, type KnownQuery } from "./jit.js";
import { type PublicField, publicResponseCache } from "./public-cache.js";

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
  if (code === "INTERNAL_SERVER_ERROR" || code === undefined) {
    logger.error({ err: error }, "GraphQL resolver failed");
    return { message: "Something went wrong", extensions: { code: "INTERNAL_SERVER_ERROR" }, path: formatted.path };
  }
  const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
  return { ...formatted, extensions };
}

/** What the GraphQL door answers itself: a query Apollo has already validated and run once (graphql-door.ts). */
export interface KnownQueries {
  /** The query and variables to run for this POST body, or undefined: Apollo answers it. */
  find(body: unknown): { query: KnownQuery; variables: Record<string, unknown> } | undefined;
  /**
   * For a POST asking only for public fields (the leaderboard): the answer Apollo cached for the same
   * document, variables and data version, as Apollo would send it from its cache; undefined: Apollo answers.
   */
  cachedText(body: unknown, ctx: Context): Promise<string | undefined>;
  /** Whether cachedText may answer this body (it names a public field): the door makes no context for anything else. */
  mayBeCached(body: unknown): boolean;
  /** The answer's text as Apollo writes it: errors through formatError, fields in Apollo's order, stringifyResult's text. */
  text(result: ExecutionResult): string;
}

export interface GraphqlServer {
  apollo: ApolloServer<Context>;
  known: KnownQueries;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * What Apollo reads of a POST body, when the door may answer it; anything else (a persisted query's
 * hash in `extensions`, a field of the wrong type) goes to Apollo, which answers it.
 */
function postedQuery(body: unknown): { query: string; operationName: string | undefined; variables: Record<string, unknown> } | undefined {
  if (!isPlainObject(body) || typeof body.query !== "string" || body.extensions != null) return undefined;
  const { query, operationName, variables } = body;
  if (operationName != null && typeof operationName !== "string") return undefined;
  if (variables != null && !isPlainObject(variables)) return undefined;
  return { query, operationName: operationName ?? undefined, variables: variables ?? {} };
}

export function createApollo(
  schema: GraphQLSchema,
  httpServer: Server,
  logger: Logger,
  drainWs: () => Promise<void>,
  publicFields: Record<string, PublicField> = {},
): GraphqlServer {
  const protection = armor.protect();
  const drainWsPlugin: ApolloServerPlugin<Context> = {
    async serverWillStart() {
      return { drainServer: drainWs };
    },
  };
  const publicCache = publicResponseCache(publicFields);
  const formatError = (formatted: GraphQLFormattedError, error: unknown) => clientError(formatted, error, logger);
  const gateway = jitExecutor(schema);
  const apollo = new ApolloServer<Context>({
    gateway,
    stringifyResult: publicCache.stringifyResult,
    introspection: true,
    ...protection,
    parseOptions: { maxTokens: MAX_QUERY_TOKENS },
    // One operation per request: batching would multiply attempts past the rate limits.
    allowBatchedHttpRequests: false,
    plugins: [
      ...protection.plugins,
      ApolloServerPluginDrainHttpServer({ httpServer }),
      drainWsPlugin,
      // No field sets cache hints; the default cache-control plugin would still wrap every field.
      ApolloServerPluginCacheControlDisabled(),
      // Apollo adds its federation trace plugin to every server, to act only on a subgraph (this is none): one listener less per request.
      ApolloServerPluginInlineTraceDisabled(),
      // Apollo calls a plugin's per-request listener at every stage of every request: the public cache
      // listens only to requests that name a public field, and the door sets the status of request
      // errors (graphql-door.ts) rather than a plugin.
      publicCache.plugin,
    ],
    validationRules: [...protection.validationRules],
    formatError,
  });
  const known: KnownQueries = {
    find(body) {
      const request = postedQuery(body);
      // A public field's answers come from the public cache (cachedText).
      if (!request || publicCache.names(request.query)) return undefined;
      const found = gateway.known(request.query, request.operationName);
      return found && { query: found, variables: request.variables };
    },
    mayBeCached(body) {
      const request = postedQuery(body);
      return request !== undefined && publicCache.names(request.query);
    },
    async cachedText(body, ctx) {
      const request = postedQuery(body);
      if (!request || !publicCache.names(request.query)) return undefined;
      return publicCache.cachedText(request.query, request.operationName, request.variables, ctx);
    },
    text(result) {
      const errors = result.errors?.map((error) => apolloFormatted(error, formatError));
      return publicCache.stringifyResult({ errors, data: result.data, extensions: result.extensions });
    },
  };
  return { apollo, known };
}

/**
 * An execution error as Apollo Server formats it (its `normalizeAndFormatErrors`): the error's JSON
 * with a code (INTERNAL_SERVER_ERROR when it has none), then `formatError`; a formatError that
 * throws gives Apollo's own generic error. Apollo also lifts an `http` extension into the answer's
 * status and headers; no error of this app carries one.
 */
function apolloFormatted(
  error: GraphQLError,
  formatError: (formatted: GraphQLFormattedError, error: unknown) => GraphQLFormattedError,
): GraphQLFormattedError {
  try {
    const json = error.toJSON();
    return formatError({ ...json, extensions: { ...error.extensions, code: error.extensions.code ?? "INTERNAL_SERVER_ERROR" } }, error);
  } catch {
    return { message: "Internal server error", extensions: { code: "INTERNAL_SERVER_ERROR" } };
  }
}
