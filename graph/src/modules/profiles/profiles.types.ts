import { Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { Gender, MAX_AMOUNT, MAX_DAYS, MAX_LANGUAGES, MAX_SKILL_LENGTH, MAX_SKILLS_PER_LIST } from "../../../../common/profiles.js";
import { registerValueEnum } from "../../shared/graphql-enums.js";
import { Connection, SkillFields } from "../../shared/graphql-types.js";
import { SearchFilter } from "./search-filter.js";
import type { ProfileRow } from "./profiles.service.js";

@ObjectType("Skill", { simpleResolvers: true, description: "A skill with its category (one of the ten of the spec)." })
export class SkillType {
  @Field(() => String, { description: "One of the ten categories of the catalog." })
  category: string;

  @Field(() => String, { description: "The skill's name as the student typed it." })
  skill: string;
}

@ObjectType("Rating", {
  simpleResolvers: true,
  description: "Average of the stars partners gave (0 when none yet) and how many gave them.",
})
export class RatingType {
  @Field(() => Float, { description: "Average stars, 0 to 5 (0 when nobody has rated yet)." })
  value: number;

  @Field(() => Int, { description: "How many ratings the average is made of." })
  count: number;
}

/** Root of a CompletedSkill: the mentor is resolved from mentorId through a loader. */
@ObjectType("CompletedSkill", { simpleResolvers: true, description: "A skill the student finished learning from a mentor." })
export class CompletedSkillType extends SkillFields {
  @Field(() => Date, { description: "When the chat it was learned in was completed." })
  completedAt: Date;

  mentorId: string;
}

/**
 * A student as anyone signed in sees them. Deliberately without email, days or anything
 * else private: this type is what every other user's profile, feed card and search
 * result is made of. languages, skills, completedSkills and rating are field resolvers.
 */
@ObjectType("User", { simpleResolvers: true, description: "A student's public profile. Never carries private fields." })
export class UserType {
  @Field(() => ID, { description: "The student's user id (the /profile/{id} page, swapForm/payForm userId, chat chatWith)." })
  id: string;

  @Field(() => String, { description: "The username, unique regardless of case." })
  name: string;

  @Field(() => Gender, { nullable: true, description: "Null until the profile is filled." })
  gender: Gender | null;

  @Field(() => String, { nullable: true, description: "URL of the profile picture." })
  image: string | null;

  @Field(() => Int, { description: "Skill coins asked per course." })
  amount: number;
}

@ObjectType("Me", { simpleResolvers: true, description: "The caller's own profile: the public fields plus the private ones." })
export class MeType extends UserType {
  @Field(() => String, { description: "The caller's college address (private: only on Me)." })
  email: string;

  @Field(() => Int, { description: "Days per course the student offers (private: only on Me); 0 when not given." })
  days: number;
}

/** Nodes are profile rows; UserType's field resolvers read them. The feed and search both page it. */
@ObjectType("UserConnection", { simpleResolvers: true, description: "A page of students (the feed or a search), in the list's order." })
export class UserConnection extends Connection<ProfileRow>("User", UserType) {}

@InputType("SkillInput", { description: "A skill of the profile form: a name and its category." })
export class SkillInput {
  @Field(() => String, { description: "One of the ten categories of the catalog; BAD_USER_INPUT otherwise." })
  category: string;

  @Field(() => String, { description: `Required, at most ${MAX_SKILL_LENGTH} characters.` })
  skill: string;
}

@InputType("ProfileInput", { description: "The whole profile form; every rule of the form is checked again on the server." })
export class ProfileInput {
  @Field(() => Gender, { nullable: true, description: "Required: BAD_USER_INPUT 'Please Select your gender' when missing." })
  gender?: Gender | null;

  @Field(() => [String], { description: `Languages from the catalog, 1 to ${MAX_LANGUAGES}; repeats count once.` })
  languages: string[];

  @Field(() => [SkillInput], { description: `At most ${MAX_SKILLS_PER_LIST}; a longer list is refused before anything is saved.` })
  skillsKnown: SkillInput[];

  @Field(() => [SkillInput], { description: `1 to ${MAX_SKILLS_PER_LIST}; a longer list is refused before anything is saved.` })
  skillsRequired: SkillInput[];

  @Field(() => Int, { nullable: true, description: `Skill coins per course, 0 to ${MAX_AMOUNT}; 0 when omitted.` })
  amount?: number | null;

  @Field(() => Int, { nullable: true, description: `Days per course, 0 to ${MAX_DAYS}; 0 when omitted.` })
  days?: number | null;

  @Field(() => String, {
    nullable: true,
    description: "A URL from POST /api/upload/image; omit to keep the current picture (required when there is none).",
  })
  image?: string | null;
}

registerValueEnum(SearchFilter, "SearchFilter", "What searchUsers matches the query against.", {
  NAME: "Any word of the username (the default; shown as Name).",
  SKILLS_KNOWN: "Any word of a skill the student knows (shown as Skill).",
  LANGUAGES: "A language the student speaks (shown as Language).",
});
