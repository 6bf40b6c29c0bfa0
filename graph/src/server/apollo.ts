import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { ApolloArmor } from "@escape.tech/graphql-armor";
import type { GraphQLFormattedError, GraphQLSchema } from "graphql";
import type { Server } from "node:http";
import type { Logger } from "../shared/logger.js";
import type { Context } from "./context.js";

/** Cost, depth and alias limits, so one request cannot ask for the whole database. */
const armor = new ApolloArmor({
  maxDepth: { n: 10 },
  maxAliases: { n: 15 },
  maxDirectives: { n: 20 },
  maxTokens: { n: 2000 },
  costLimit: { maxCost: 20000 },
  blockFieldSuggestion: { enabled: false },
});

export function createApollo(schema: GraphQLSchema, httpServer: Server, logger: Logger, drainWs: () => Promise<void>) {
  const protection = armor.protect();
  const drainWsPlugin: ApolloServerPlugin<Context> = {
    async serverWillStart() {
      return { drainServer: drainWs };
    },
  };
  return new ApolloServer<Context>({
    schema,
    introspection: true,
    ...protection,
    // One operation per request: batching would multiply attempts past the rate limits.
    allowBatchedHttpRequests: false,
    plugins: [...protection.plugins, ApolloServerPluginDrainHttpServer({ httpServer }), drainWsPlugin],
    validationRules: [...protection.validationRules],
    formatError: (formatted: GraphQLFormattedError, error: unknown) => {
      const code = formatted.extensions?.code;
      if (code === "INTERNAL_SERVER_ERROR" || code === undefined) {
        logger.error({ err: error }, "GraphQL resolver failed");
        return { message: "Something went wrong", extensions: { code: "INTERNAL_SERVER_ERROR" }, path: formatted.path };
      }
      const { stacktrace: _s, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, extensions };
    },
  });
}
