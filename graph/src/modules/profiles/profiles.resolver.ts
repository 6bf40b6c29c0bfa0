import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import { type Context, optionalUser, requireUser } from "../../kit/context.js";
import { notFound } from "../../shared/errors.js";
import type { ProfileRow } from "./profiles.service.js";
import { MeType, ProfileInput, UserType } from "./profiles.types.js";

@Resolver(() => MeType)
export class ProfilesResolver {
  @Query(() => MeType, {
    nullable: true,
    description:
      "The caller's own profile; null when signed out; UNAUTHENTICATED when the token sent has expired or was revoked; FORBIDDEN with an API key.",
  })
  async me(@Ctx() ctx: Context): Promise<ProfileRow | null> {
    // A stale token is not "signed out": the client must learn that the session ended.
    const user = optionalUser(ctx);
    if (!user) return null;
    return ctx.loaders.profiles.user.load(user.id);
  }

  @Query(() => UserType, {
    nullable: true,
    description: "Any student's public profile (no token needed, like the leaderboard it is linked from); null for an unknown id.",
  })
  user(@Arg("id", () => ID, { description: "The student's user id." }) id: string, @Ctx() ctx: Context): Promise<ProfileRow | null> {
    return ctx.loaders.profiles.user.load(id);
  }

  @Authorized()
  @Mutation(() => MeType, { description: "Saves the caller's own profile (the token decides whose). Returns it." })
  async updateProfile(
    @Arg("input", () => ProfileInput, {
      description: "The whole form; BAD_USER_INPUT with the message of the first rule it breaks, and nothing is saved.",
    })
    input: ProfileInput,
    @Ctx() ctx: Context,
  ): Promise<ProfileRow> {
    const me = requireUser(ctx);
    await ctx.services.profiles.updateProfile(me.id, input);
    const fresh = await ctx.services.profiles.findUser(me.id);
    if (!fresh) throw notFound("User not found");
    return fresh;
  }

  @FieldResolver(() => Boolean, {
    description:
      "Whether the student opened the link mailed to their college address. Until then nobody sees them (feed, search, leaderboard) and they cannot send requests, join or post implements, or chat (EMAIL_NOT_VERIFIED).",
  })
  emailVerified(@Root() me: ProfileRow): boolean {
    return me.emailVerifiedAt !== null;
  }

  @FieldResolver(() => Boolean, {
    description: "Whether the caller may open the moderation console (named by OPERATOR_EMAILS or granted with npm run operator).",
  })
  isOperator(@Root() me: ProfileRow, @Ctx() ctx: Context): Promise<boolean> {
    return ctx.services.moderation.operators.isOperator(me.id);
  }

  @FieldResolver(() => Boolean, { description: "Gender and skills required given: false sends the student to /p." })
  async detailsFilled(@Root() me: ProfileRow, @Ctx() ctx: Context): Promise<boolean> {
    return (await ctx.services.profiles.isDetailsFilled(me.id)) === true;
  }
}
