import type { GraphQLSchema } from "graphql";
import { buildSchema, getMetadataStorage } from "type-graphql";
import { allResolvers } from "../modules/index.js";
import type { AppPubSub } from "../shared/pubsub.js";
import type { Context } from "./context.js";
import { type SyncAuthChecker, useDirectResolvers } from "./direct-resolvers.js";

/** `@Authorized()`: a caller with a valid token (the resolvers check anything finer themselves). */
const authChecker = ({ context }: { context: Context }) => context.user !== null;

/** The schema from the type-graphql classes; `schema.graphql` is this, printed and committed. */
export async function buildAppSchema(pubSub: AppPubSub): Promise<GraphQLSchema> {
  useSimpleResolvers();
  const schema = await buildSchema({
    resolvers: allResolvers,
    pubSub,
    validate: false,
    // type-graphql would check the schema by running the whole introspection query through it (about a
    // tenth of a start); Apollo Server asserts the schema valid when it starts, and the contract test
    // compares the printed schema with schema.graphql.
    skipCheck: true,
    authChecker,
    authMode: "error",
  });
  useDirectResolvers(schema, authChecker as SyncAuthChecker);
  // type-graphql names the root types but gives no way to describe them.
  for (const [type, description] of [
    [schema.getQueryType(), ROOT_DESCRIPTIONS.Query],
    [schema.getMutationType(), ROOT_DESCRIPTIONS.Mutation],
    [schema.getSubscriptionType(), ROOT_DESCRIPTIONS.Subscription],
  ] as const) {
    if (type) type.description = description;
  }
  return schema;
}

/**
 * Plain fields of object types read their property with GraphQL's default resolver (type-graphql's
 * documented `simpleResolvers`), for every type at once. Otherwise type-graphql gives each plain field
 * a resolver of its own (a closure that allocates its arguments object and returns
 * `root[name]`), and graphql-jit, which compiles a field without a resolver into a property read
 * inside the answer's object literal, must call every such resolver on its deferred path with a
 * resolve-info for each value: a 30-row chat list made about 300 such calls. Fields with a
 * `@FieldResolver` keep it; a type any of whose fields carries `@Authorized` or `@UseMiddleware`
 * (none today) keeps type-graphql's resolvers, which run those. Global middlewares (buildSchema's
 * `globalMiddlewares`, none today) would not run on simple fields: adding one means revisiting this.
 */
function useSimpleResolvers(): void {
  const storage = getMetadataStorage();
  const guarded = [...storage.authorizedFields, ...storage.middlewares].map((m) => m.target);
  for (const type of storage.objectTypes) {
    const prototype: unknown = (type.target as { prototype: object }).prototype;
    const guards = (t: unknown) => t === type.target || (typeof t === "function" && prototype instanceof t);
    if (guarded.some(guards)) continue;
    type.simpleResolvers ??= true;
  }
}

const ROOT_DESCRIPTIONS = {
  Query:
    "Reads. Send the token from login/register as `Authorization: Bearer <token>`; a field that needs one answers UNAUTHENTICATED without it. " +
    "Errors carry `extensions.code`: BAD_USER_INPUT (with the message to show), UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMITED, " +
    "DETAILS_NOT_FILLED (fill the profile at /p first), EMAIL_NOT_VERIFIED.",
  Mutation: "Writes: each is one service call, checked on the server; errors as on Query. A refused write changes nothing.",
  Subscription:
    "Live events over graphql-ws on the same /graphql URL (connectionParams: { authorization: 'Bearer <token>' }). Each reaches only its own recipients.",
} as const;
