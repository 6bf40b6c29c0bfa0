import { Ctx, FieldResolver, Resolver, Root } from "type-graphql";
import type { Context } from "../../kit/context.js";
import { ResponseStatsType } from "./response-stats.types.js";
import { ratingOf } from "./profile-views.js";
import { cardSkills, type ProfileRow } from "./profiles.service.js";
import { CompletedSkillType, MeType, RatingType, SkillType, UserType } from "./profiles.types.js";

type ClassOf<T> = new (...args: never[]) => T;

/** The relations of a profile, all through the request's loaders (no query per row) or read with the row itself. */
function profileFieldsResolver(of: ClassOf<UserType>) {
  @Resolver(() => of)
  class ProfileFieldsResolver {
    @FieldResolver(() => [String], { description: "Languages the student speaks, in their order." })
    languages(@Root() u: ProfileRow, @Ctx() ctx: Context): Promise<string[]> {
      return ctx.loaders.profiles.languages.load(u.id);
    }

    @FieldResolver(() => [SkillType], { description: "Skills the student can teach, in their order (at most 20)." })
    skillsKnown(@Root() u: ProfileRow, @Ctx() ctx: Context): SkillType[] | Promise<SkillType[]> {
      return cardSkills(u)?.known ?? ctx.loaders.profiles.skills.load(u.id).then((s) => s.known);
    }

    @FieldResolver(() => [SkillType], { description: "Skills the student wants to learn, in their order (at most 20)." })
    skillsRequired(@Root() u: ProfileRow, @Ctx() ctx: Context): SkillType[] | Promise<SkillType[]> {
      return cardSkills(u)?.required ?? ctx.loaders.profiles.skills.load(u.id).then((s) => s.required);
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
