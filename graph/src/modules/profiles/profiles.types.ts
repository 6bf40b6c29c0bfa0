import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { MAX_LANGUAGES, MAX_SKILLS_PER_LIST } from "../../../../common/profiles.js";
import { Connection, SkillFields } from "../../shared/graphql-types.js";
import { SEARCH_FILTERS, type SearchFilter } from "./feed.service.js";
import type { ProfileRow } from "./profiles.service.js";

@ObjectType("Skill", { description: "A skill with its category (one of the ten of the spec)." })
export class SkillType {
  @Field(() => String)
  category: string;

  @Field(() => String)
  skill: string;
}

@ObjectType("Rating", { description: "Average of the stars partners gave (0 when none yet) and how many gave them." })
export class RatingType {
  @Field(() => Float)
  value: number;

  @Field(() => Int)
  count: number;
}

/** Root of a CompletedSkill: the mentor is resolved from mentorId through a loader. */
@ObjectType("CompletedSkill", { description: "A skill the student finished learning from a mentor." })
export class CompletedSkillType extends SkillFields {
  @Field(() => Date)
  completedAt: Date;

  mentorId: string;
}

/**
 * A student as anyone signed in sees them. Deliberately without email, days or anything
 * else private: this type is what every other user's profile, feed card and search
 * result is made of. languages, skills, completedSkills and rating are field resolvers.
 */
@ObjectType("User", { description: "A student's public profile. Never carries private fields." })
export class UserType {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true, description: "Male or Female; null until the profile is filled." })
  gender: string | null;

  @Field(() => String, { nullable: true, description: "URL of the profile picture." })
  image: string | null;

  @Field(() => Int, { description: "Skill coins asked per course." })
  amount: number;
}

@ObjectType("Me", { description: "The caller's own profile: the public fields plus the private ones." })
export class MeType extends UserType {
  @Field(() => String)
  email: string;

  @Field(() => Int)
  days: number;
}

/** Nodes are profile rows; UserType's field resolvers read them. The feed and search both page it. */
@ObjectType("UserConnection", { description: "A page of students (the feed or a search), in the list's order." })
export class UserConnection extends Connection<ProfileRow>("User", UserType) {}

@InputType("SkillInput")
export class SkillInput {
  @Field(() => String)
  category: string;

  @Field(() => String)
  skill: string;
}

@InputType("ProfileInput", { description: "The whole profile form; every rule of the form is checked again on the server." })
export class ProfileInput {
  @Field(() => String, { nullable: true, description: "Male or Female" })
  gender?: string | null;

  @Field(() => [String], { description: `Languages from the catalog, 1 to ${MAX_LANGUAGES}; repeats count once.` })
  languages: string[];

  @Field(() => [SkillInput], { description: `At most ${MAX_SKILLS_PER_LIST}; a longer list is refused before anything is saved.` })
  skillsKnown: SkillInput[];

  @Field(() => [SkillInput], { description: `1 to ${MAX_SKILLS_PER_LIST}; a longer list is refused before anything is saved.` })
  skillsRequired: SkillInput[];

  @Field(() => Int, { nullable: true, description: "Skill coins per course; 0 when omitted." })
  amount?: number | null;

  @Field(() => Int, { nullable: true })
  days?: number | null;

  @Field(() => String, {
    nullable: true,
    description: "A URL from POST /api/upload/image; omit to keep the current picture (required when there is none).",
  })
  image?: string | null;
}

export const SearchFilterEnum = Object.fromEntries(SEARCH_FILTERS.map((f) => [f, f])) as { [K in SearchFilter]: K };
registerEnumType(SearchFilterEnum, {
  name: "SearchFilter",
  description: "name (default), skillsKnown (shown as Skill), languages (shown as Language)",
});
