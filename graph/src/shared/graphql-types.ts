/**
 * GraphQL object shapes several modules return. Each module still declares its own named
 * type (ChatUser, NotificationUser, ...) by extending these abstract bases, so the schema's
 * type names and descriptions stay the module's; the fields are written once here. No field
 * returns a base itself, so none of them is reachable from a root and none reaches the schema.
 */
import { type ClassType, Field, ID, ObjectType } from "type-graphql";
import { Gender } from "../../../common/profiles.js";
import { registerValueEnum } from "./graphql-enums.js";

registerValueEnum(Gender, "Gender", "A student's gender as their profile states it.", {
  MALE: "Male.",
  FEMALE: "Female.",
});

/** A student as another module's rows show them: the accounts module's UserSummary. */
@ObjectType()
export abstract class UserSummaryFields {
  @Field(() => ID, { description: "The student's user id (pass it as userId/chatWith, or open /profile/{id})." })
  id: string;

  @Field(() => String, { description: "The student's username; 'Former student' once their account is gone." })
  name: string;

  @Field(() => String, { nullable: true, description: "URL of the profile picture; null when there is none (draw the initials)." })
  image: string | null;

  @Field(() => Gender, { nullable: true, description: "Null until the profile is filled, or when the account is gone." })
  gender: Gender | null;
}

/** Who a row names when that student's account is gone. */
export const formerStudent = (id: string): UserSummaryFields => ({ id, name: "Former student", image: null, gender: null });

/** A skill with its category (one of common/profiles.ts's CATEGORIES). */
@ObjectType()
export abstract class SkillFields {
  @Field(() => String, { description: "The skill's name as the student typed it (at most 60 characters)." })
  skill: string;

  @Field(() => String, { description: "One of the ten categories of the catalog (common/profiles.ts)." })
  category: string;
}

/**
 * A forward page: `items`, then `endCursor` to pass as `after` while `hasMore`.
 * TItem is what the resolvers hand over (a row the item type's field resolvers read).
 */
export function CursorPage<TItem>(itemType: ClassType) {
  @ObjectType()
  abstract class CursorPageFields {
    @Field(() => [itemType], { description: "This page's items, in the list's order." })
    items: TItem[];

    @Field(() => String, { nullable: true, description: "Opaque: pass as `after` for the next page; null when the page is empty." })
    endCursor: string | null;

    @Field(() => Boolean, { description: "True when another page follows this one." })
    hasMore: boolean;
  }
  return CursorPageFields;
}
