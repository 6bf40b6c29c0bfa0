import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import { decodeTimeKey, encodeTimeKey } from "../../shared/cursor.js";
import { AFTER_ARG, firstArg, formerStudent } from "../../shared/graphql-types.js";
import { pageSize, slicePage } from "../../shared/pagination.js";
import { DEFAULT_PAGE_SIZE } from "./implement-posts.service.js";
import { applicationKey } from "./implements.loaders.js";
import {
  CreateImplementPostInput,
  ImplementApplicationConnection,
  ImplementApplicationType,
  ImplementPostConnection,
  ImplementPostType,
  ImplementUser,
} from "./implements.types.js";

const APPLICANTS_PAGE_SIZE = 50;
const APPLICANTS_CURSOR = "implement-applicants";

@Resolver(() => ImplementPostType)
export class ImplementPostsResolver {
  @Authorized()
  @Query(() => ImplementPostConnection, {
    description: "Others' problems for the caller: visible, not theirs, not from an owner who rejected them; newest first.",
  })
  implementPosts(
    @Arg("first", () => Int, firstArg(DEFAULT_PAGE_SIZE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<ImplementPostConnection> {
    return ctx.services.implementPosts.listForViewer(requireUser(ctx).id, { first, after });
  }

  @Authorized()
  @Query(() => ImplementPostConnection, { description: "The caller's own posts (Your Problems), hidden ones included; newest first." })
  myImplementPosts(
    @Arg("first", () => Int, firstArg(DEFAULT_PAGE_SIZE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<ImplementPostConnection> {
    return ctx.services.implementPosts.listMine(requireUser(ctx).id, { first, after });
  }

  @Authorized()
  @Query(() => ImplementPostType, {
    description: "One post. NOT_FOUND when it does not exist, is hidden, or its owner rejected the caller (the owner always sees it).",
  })
  implementPost(@Arg("id", () => ID, { description: "The post's id." }) id: string, @Ctx() ctx: Context): Promise<ImplementPostType> {
    return ctx.services.implementPosts.getForViewer(requireUser(ctx).id, id);
  }

  @Authorized()
  @Mutation(() => ImplementPostType, { description: "Posts a problem (visible). BAD_USER_INPUT with the field's message." })
  createImplementPost(
    @Arg("input", () => CreateImplementPostInput, { description: "The title and description; BAD_USER_INPUT with the field's message." })
    input: CreateImplementPostInput,
    @Ctx() ctx: Context,
  ): Promise<ImplementPostType> {
    return ctx.services.implementPosts.create(requireUser(ctx).id, input);
  }

  @Authorized()
  @Mutation(() => ImplementPostType, { description: "Hide Post / Show Post. Owner only (FORBIDDEN otherwise)." })
  setImplementPostVisibility(
    @Arg("postId", () => ID, { description: "One of the caller's posts (FORBIDDEN for someone else's, NOT_FOUND when unknown)." })
    postId: string,
    @Arg("visible", () => Boolean, { description: "True shows it to others, false hides it; FORBIDDEN to show a post an operator hid." })
    visible: boolean,
    @Ctx() ctx: Context,
  ): Promise<ImplementPostType> {
    return ctx.services.implementPosts.setVisibility(requireUser(ctx).id, postId, visible);
  }

  @FieldResolver(() => ImplementUser, { description: "The post's owner." })
  async owner(@Root() post: ImplementPostType, @Ctx() ctx: Context): Promise<ImplementUser> {
    return (await ctx.loaders.users.summary.load(post.ownerId)) ?? formerStudent(post.ownerId);
  }

  @FieldResolver(() => Boolean, { description: "True when the caller posted it." })
  isMine(@Root() post: ImplementPostType, @Ctx() ctx: Context): boolean {
    return ctx.user?.id === post.ownerId;
  }

  @FieldResolver(() => ImplementApplicationConnection, {
    description:
      "The owner sees every applicant, in the order they asked; anyone else only their own application. " +
      "Read for all posts of a page at once (one statement), then paged per post.",
  })
  async applicants(
    @Root() post: ImplementPostType,
    @Ctx() ctx: Context,
    @Arg("first", () => Int, firstArg(APPLICANTS_PAGE_SIZE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
  ): Promise<ImplementApplicationConnection> {
    const size = pageSize("first", first, APPLICANTS_PAGE_SIZE);
    const from = after ? decodeTimeKey(APPLICANTS_CURSOR, after) : null;
    const rows = await ctx.loaders.implements.visibleApplicants.load({ viewerId: requireUser(ctx).id, post });
    // Rows are in (createdAt, id) order: the first one past the cursor's key starts the page.
    const past = (a: ImplementApplicationType) =>
      !!from && (a.createdAt.getTime() > from.at.getTime() || (a.createdAt.getTime() === from.at.getTime() && a.id > from.id));
    return slicePage(rows, size, from, past, (a) => encodeTimeKey(APPLICANTS_CURSOR, { at: a.createdAt, id: a.id }));
  }

  @FieldResolver(() => ImplementApplicationType, { nullable: true, description: "The caller's own request to join, if any." })
  myApplication(@Root() post: ImplementPostType, @Ctx() ctx: Context): Promise<ImplementApplicationType | null> {
    return ctx.loaders.implements.application.load(applicationKey(requireUser(ctx).id, post.id));
  }
}
