/**
 * GraphQL object shapes several modules return. Each module still declares its own named
 * type (ChatUser, NotificationUser, ...) by extending these abstract bases, so the schema's
 * type names and descriptions stay the module's; the fields are written once here. No field
 * returns a base itself, so none of them is reachable from a root and none reaches the schema.
 */
import { type ClassType, Field, ID, ObjectType } from "type-graphql";

/** A student as another module's rows show them: the accounts module's UserSummary. */
@ObjectType()
export abstract class UserSummaryFields {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true })
  image: string | null;

  @Field(() => String, { nullable: true })
  gender: string | null;
}

/** Who a row names when that student's account is gone. */
export const formerStudent = (id: string): UserSummaryFields => ({ id, name: "Former student", image: null, gender: null });

/** A skill with its category (one of common/profiles.ts's CATEGORIES). */
@ObjectType()
export abstract class SkillFields {
  @Field(() => String)
  skill: string;

  @Field(() => String)
  category: string;
}

/**
 * A forward page: `items`, then `endCursor` to pass as `after` while `hasMore`.
 * TItem is what the resolvers hand over (a row the item type's field resolvers read).
 */
export function CursorPage<TItem>(itemType: ClassType) {
  @ObjectType()
  abstract class CursorPageFields {
    @Field(() => [itemType])
    items: TItem[];

    @Field(() => String, { nullable: true })
    endCursor: string | null;

    @Field(() => Boolean)
    hasMore: boolean;
  }
  return CursorPageFields;
}
