/**
 * GraphQL object shapes several modules return. Each module still declares its own named
 * type (ChatUser, NotificationUser, ...) by extending these abstract bases, so the schema's
 * type names and descriptions stay the module's; the fields are written once here. No field
 * returns a base itself, so none of them is reachable from a root and none reaches the schema.
 */
import { type ClassType, Directive, Field, ID, ObjectType } from "type-graphql";
import { type Connection as ConnectionShape, type Edge, MAX_PAGE_SIZE, type PageInfo } from "./pagination.js";
import { Gender } from "../../../common/profiles.js";
import { registerValueEnum } from "./graphql-enums.js";

registerValueEnum(Gender, "Gender", "A student's gender as their profile states it.", {
  MALE: "Male.",
  FEMALE: "Female.",
});

/** A student as another module's rows show them: the accounts module's UserSummary. */
@ObjectType({ simpleResolvers: true })
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
@ObjectType({ simpleResolvers: true })
export abstract class SkillFields {
  @Field(() => String, { description: "The skill's name as the student typed it (at most 60 characters)." })
  skill: string;

  @Field(() => String, { description: "One of the ten categories of the catalog (common/profiles.ts)." })
  category: string;
}

// A page's wrappers are as cacheable as the connection that holds them (Apollo's cache control:
// they take its maxAge, and limit nothing of their own).
@Directive("@cacheControl(inheritMaxAge: true)")
@ObjectType("PageInfo", { simpleResolvers: true, description: "Where a page of a connection lies in its list (Relay's PageInfo)." })
export class PageInfoType implements PageInfo {
  @Field(() => Boolean, { description: "More items follow endCursor: pass it as `after` (with the same other arguments) for them." })
  hasNextPage: boolean;

  @Field(() => Boolean, { description: "More items precede startCursor: pass it as `before` (where the list takes `last`) for them." })
  hasPreviousPage: boolean;

  @Field(() => String, { nullable: true, description: "The first edge's cursor; null on an empty page." })
  startCursor: string | null;

  @Field(() => String, { nullable: true, description: "The last edge's cursor; null on an empty page." })
  endCursor: string | null;
}

/**
 * The connection of a list of `nodeName` (e.g. "Notification"): registers `${nodeName}Edge` and
 * returns the abstract `{ edges, pageInfo }` a module extends as `@ObjectType("${nodeName}Connection")`
 * (adding `totalCount` where it has one for free). TNode is what the resolvers hand over (a row
 * the node type's field resolvers read). One connection type per node type: two lists of the
 * same node (feed and search) share it.
 */
export function Connection<TNode>(nodeName: string, nodeType: ClassType) {
  @Directive("@cacheControl(inheritMaxAge: true)")
  @ObjectType(`${nodeName}Edge`, { simpleResolvers: true, description: `One ${nodeName} of a page, with the cursor that points at it.` })
  class EdgeType implements Edge<TNode> {
    @Field(() => nodeType, { description: "The item." })
    node: TNode;

    @Field(() => String, { description: "Opaque: pass it as `after` (or `before`) to page on from this item." })
    cursor: string;
  }

  @ObjectType({ simpleResolvers: true })
  abstract class ConnectionFields implements ConnectionShape<TNode> {
    @Field(() => [EdgeType], { description: "The page's items in the list's order." })
    edges: Edge<TNode>[];

    @Field(() => PageInfoType, { description: "Cursors and whether more items lie on either side." })
    pageInfo: PageInfo;
  }
  return ConnectionFields;
}

/** The documented page-size rule every `first`/`last` argument states. */
export const sizeRule = (max = MAX_PAGE_SIZE) =>
  `1 to ${max}; 0, a negative number or more than ${max} is refused with BAD_USER_INPUT (never clamped)`;

/** Options of a list's `first` argument: its default and the documented maximum. */
export const firstArg = (defaultFirst: number, max = MAX_PAGE_SIZE) => ({
  defaultValue: defaultFirst,
  description: `How many items to return from the start (or after \`after\`): ${sizeRule(max)}. Default ${defaultFirst}.`,
});

/** Options of a list's `last` argument (lists read backwards, e.g. chat messages). */
export const lastArg = (description: string, max = MAX_PAGE_SIZE) => ({
  nullable: true,
  description: `${description} ${sizeRule(max)}.`,
});

export const AFTER_ARG = {
  nullable: true,
  description: "A cursor from the previous page (its pageInfo.endCursor): the page starts after it. Omit for the first page.",
} as const;

export const BEFORE_ARG = {
  nullable: true,
  description: "A cursor (pageInfo.startCursor of the page shown): the page ends before it, for scrolling back.",
} as const;
