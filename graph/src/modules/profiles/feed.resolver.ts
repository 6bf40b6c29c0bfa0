import { Arg, Authorized, Ctx, Int, Query, Resolver } from "type-graphql";
import { type Context, requireUser } from "../../server/context.js";
import { FEED_PAGE_SIZE, type SearchFilter } from "./feed.service.js";
import type { ProfileRow } from "./profiles.service.js";
import { FeedPageType, SearchFilterEnum, UserType } from "./profiles.types.js";

@Resolver()
export class FeedResolver {
  @Authorized()
  @Query(() => FeedPageType, {
    description:
      "Other students, best matches first (they know what I want to learn and want what I know), then newest. " +
      "Fails with DETAILS_NOT_FILLED until the caller's profile is filled.",
  })
  async feed(
    @Arg("first", () => Int, { defaultValue: FEED_PAGE_SIZE, description: "Page size, at most 50." }) first: number,
    @Arg("after", () => String, { nullable: true }) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<FeedPageType> {
    const page = await ctx.services.feed.page(requireUser(ctx).id, { first, after });
    return { items: page.users, endCursor: page.endCursor, hasMore: page.hasNextPage };
  }

  @Authorized()
  @Query(() => [UserType], { description: "Case-insensitive search among other students; an empty query finds nobody." })
  searchUsers(
    @Arg("query", () => String) query: string,
    @Arg("filter", () => SearchFilterEnum, { defaultValue: "name" }) filter: SearchFilter,
    @Ctx() ctx: Context,
  ): Promise<ProfileRow[]> {
    return ctx.services.feed.search(requireUser(ctx).id, query, filter);
  }
}
