import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { API_KEY_NAME_MAX, MAX_API_KEYS } from "../../../../common/api-keys.js";
import { type Context, requireUser } from "../../kit/context.js";
import { ApiKeyType, CreatedApiKeyType } from "./api-keys.types.js";

const SIGNED_IN_ONLY = "Needs a signed-in student (UNAUTHENTICATED without a token); FORBIDDEN with an API key.";

/** The caller's read-only API keys: create (the secret shown once), list, revoke. */
@Resolver()
export class ApiKeysResolver {
  @Authorized()
  @Query(() => [ApiKeyType], {
    description: `The caller's working API keys, newest first (at most ${MAX_API_KEYS}; revoked ones are not listed). ${SIGNED_IN_ONLY}`,
  })
  apiKeys(@Ctx() ctx: Context): Promise<ApiKeyType[]> {
    return ctx.services.apiKeys.list(requireUser(ctx).id);
  }

  @Authorized()
  @Mutation(() => CreatedApiKeyType, {
    description:
      "Creates a read-only API key for the caller and answers its secret, once: the server keeps only a hash. The key reads public data " +
      "(the leaderboard, public profiles) over /graphql and /api, and is refused (FORBIDDEN) for every mutation and every private field. " +
      `BAD_USER_INPUT for an empty name or one over ${API_KEY_NAME_MAX} characters; CONFLICT past ${MAX_API_KEYS} working keys; ` +
      `EMAIL_NOT_VERIFIED before the caller verified their address. ${SIGNED_IN_ONLY}`,
  })
  createApiKey(
    @Arg("name", () => String, {
      description: `What the key is for, e.g. "Club website" (trimmed; 1 to ${API_KEY_NAME_MAX} characters). Names need not be unique.`,
    })
    name: string,
    @Ctx() ctx: Context,
  ): Promise<CreatedApiKeyType> {
    return ctx.services.apiKeys.create(requireUser(ctx).id, name);
  }

  @Authorized()
  @Mutation(() => ApiKeyType, {
    description:
      "Revokes one of the caller's API keys at once: its next request is refused (UNAUTHENTICATED) on every server, and sockets open with it close. " +
      `Returns the key with revokedAt set; revoking it again changes nothing. NOT_FOUND for an id that is not one of the caller's keys. ${SIGNED_IN_ONLY}`,
  })
  revokeApiKey(@Arg("id", () => ID, { description: "The key's id (from apiKeys)." }) id: string, @Ctx() ctx: Context): Promise<ApiKeyType> {
    return ctx.services.apiKeys.revoke(requireUser(ctx).id, id);
  }
}
