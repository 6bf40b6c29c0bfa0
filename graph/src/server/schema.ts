import type { GraphQLSchema } from "graphql";
import { buildSchema } from "type-graphql";
import { allResolvers } from "../modules/index.js";
import type { AppPubSub } from "../shared/pubsub.js";
import type { Context } from "./context.js";

/** The schema from the type-graphql classes; `schema.graphql` is this, printed and committed. */
export function buildAppSchema(pubSub: AppPubSub): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: allResolvers,
    pubSub,
    validate: false,
    authChecker: ({ context }: { context: Context }) => context.user !== null,
    authMode: "error",
  });
}
