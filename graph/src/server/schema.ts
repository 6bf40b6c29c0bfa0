import { type GraphQLSchema, specifiedDirectives } from "graphql";
import { buildSchema } from "type-graphql";
import { allResolvers } from "../modules/index.js";
import type { AppPubSub } from "../shared/pubsub.js";
import { API_KEY_MESSAGES } from "../../../common/api-keys.js";
import { forbidden } from "../shared/errors.js";
import { cacheControlDirective } from "../shared/graphql-cache-control.js";
import type { Context } from "./context.js";

/**
 * `@Authorized()`: a caller with a valid token (the resolvers check anything finer themselves). An
 * API key is FORBIDDEN with its own message (requireUser's), not the signed-out refusal.
 */
const authChecker = ({ context }: { context: Context }) => {
  if (context.apiKey) throw forbidden(API_KEY_MESSAGES.readOnly);
  return context.user !== null;
};

/**
 * The schema from the type-graphql classes; `schema.graphql` is this, printed and committed. Object
 * types declare `@ObjectType({ simpleResolvers: true })`: their plain fields are read by GraphQL's
 * default resolver instead of a type-graphql wrapper per field and value (no field of theirs has
 * `@Authorized` or `@UseMiddleware`, and there are no global middlewares, which such fields would skip).
 */
export async function buildAppSchema(pubSub: AppPubSub): Promise<GraphQLSchema> {
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
    // GraphQL's own directives and Apollo's @cacheControl (the leaderboard's hints).
    directives: [...specifiedDirectives, cacheControlDirective],
  });
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

const ROOT_DESCRIPTIONS = {
  Query:
    "Reads. Send the token from login/register as `Authorization: Bearer <token>`; a field that needs one answers UNAUTHENTICATED without it. " +
    "An integrator's read-only API key (`sxk_...`, from createApiKey) goes in the same header: it reads what a signed-out caller may " +
    "(the leaderboard, public profiles) and is FORBIDDEN on every private field; an unknown or revoked key is refused UNAUTHENTICATED (HTTP 401). " +
    "Errors carry `extensions.code`: BAD_USER_INPUT (with the message to show), UNAUTHENTICATED, FORBIDDEN, NOT_FOUND, CONFLICT, RATE_LIMITED, " +
    "DETAILS_NOT_FILLED (fill the profile at /p first), EMAIL_NOT_VERIFIED, SERVICE_BUSY (the database was too busy: nothing changed, send it again).",
  Mutation:
    "Writes: each is one service call, checked on the server; errors as on Query. A refused write changes nothing. " +
    "Never with an API key: FORBIDDEN (HTTP 403) before anything runs.",
  Subscription:
    "Live events over graphql-ws on the same /graphql URL (connectionParams: { authorization: 'Bearer <token>' }). Each reaches only its own recipients. " +
    "An API key may open the socket for public subscriptions only: private ones answer FORBIDDEN, and the socket closes (4403) when the key is revoked.",
} as const;
