import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { Context } from "../../server/context.js";
import { ResponseStatsType } from "../swaps/response-stats.types.js";
import { ratingOf } from "./profile-views.js";
import type { ProfileRow } from "./profiles.service.js";
import { CompletedSkillType, MeType, RatingType, SkillType, UserType } from "./profiles.types.js";

type ClassOf<T> = new (...args: never[]) => T;

/** The relations of a profile, all through the request's loaders (no query per row). */
function profileFieldsResolver(of: ClassOf<UserType>) {
  @Resolver(() => of)
  class ProfileFieldsResolver {
    @FieldResolver(() => [String], { description: "Languages the student speaks, in their order." })
    languages(@Root() u: ProfileRow, @Ctx() ctx: Context): Promise<string[]> {
      return ctx.loaders.profiles.languages.load(u.id);
    }

    @FieldResolver(() => [SkillType], { description: "Skills the student can teach, in their order (at most 20)." })
    async skillsKnown(@Root() u: ProfileRow, @Ctx() ctx: Context): Promise<SkillType[]> {
      return (await ctx.loaders.profiles.skills.load(u.id)).known;
    }

    @FieldResolver(() => [SkillType], { description: "Skills the student wants to learn, in their order (at most 20)." })
    async skillsRequired(@Root() u: ProfileRow, @Ctx() ctx: Context): Promise<SkillType[]> {
      return (await ctx.loaders.profiles.skills.load(u.id)).required;
    }

    @FieldResolver(() => [CompletedSkillType], { description: "Skills learned in completed chats, each with its mentor." })
    completedSkills(@Root() u: ProfileRow, @Ctx() ctx: Context): Promise<CompletedSkillType[]> {
      return ctx.loaders.profiles.completed.load(u.id);
    }

    @FieldResolver(() => RatingType, { description: "The stars partners gave after chats." })
    rating(@Root() u: ProfileRow): RatingType {
      return ratingOf(u);
    }

    @FieldResolver(() => ResponseStatsType, {
      description: "Response rate and typical response time to the requests the student received.",
    })
    responseStats(@Root() u: ProfileRow, @Ctx() ctx: Context): Promise<ResponseStatsType> {
      return ctx.loaders.swaps.responseStats.load(u.id);
    }
  }
  return ProfileFieldsResolver;
}

export const UserFieldsResolver = profileFieldsResolver(UserType);
export const MeFieldsResolver = profileFieldsResolver(MeType);

@Resolver(() => CompletedSkillType)
export class CompletedSkillResolver {
  @FieldResolver(() => UserType, { nullable: true, description: "Who taught it." })
  mentor(@Root() c: CompletedSkillType, @Ctx() ctx: Context): Promise<ProfileRow | null> {
    return ctx.loaders.profiles.user.load(c.mentorId);
  }
}
