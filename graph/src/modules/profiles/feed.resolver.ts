import { Arg, Authorized, Ctx, Int, Query, Resolver } from "type-graphql";
import { type Context, requireUser } from "../../server/context.js";
import { FEED_PAGE_SIZE, type FeedPage, SEARCH_PAGE_SIZE, SearchFilter } from "./feed.service.js";
import { FeedPageType, SearchPageType } from "./profiles.types.js";

/** The page already read its cards' skills: the field resolvers find them in the request's loader. */
function primeCards(ctx: Context, page: FeedPage): void {
  for (const [id, skills] of page.skills) ctx.loaders.profiles.skills.prime(id, skills);
}

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
    @Arg("after", () => String, { nullable: true, description: "endCursor of the previous page; omit for the first page. BAD_USER_INPUT for a cursor that is not one." })
    after: string | null,
    @Ctx() ctx: Context,
  ): Promise<FeedPageType> {
    const page = await ctx.services.feed.page(requireUser(ctx).id, { first, after });
    primeCards(ctx, page);
    return { items: page.users, endCursor: page.endCursor, hasMore: page.hasNextPage };
  }

  @Authorized()
  @Query(() => SearchPageType, {
    description:
      "Prefix search among other students with filled profiles: any word of the name, a known skill or a language " +
      "starts with the query (case and accents ignored). The exact word ranks first, then its completions, then by name. " +
      "An empty query finds nobody.",
  })
  async searchUsers(
    @Arg("query", () => String, { description: "What a word should start with; case and accents are ignored." }) query: string,
    @Arg("filter", () => SearchFilter, { defaultValue: SearchFilter.NAME, description: "Which field the query matches." }) filter: SearchFilter,
    @Arg("first", () => Int, { defaultValue: SEARCH_PAGE_SIZE, description: "Page size, at most 50." }) first: number,
    @Arg("after", () => String, { nullable: true, description: "endCursor of the previous page of the same search." }) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<SearchPageType> {
    const page = await ctx.services.feed.search(requireUser(ctx).id, query, filter, { first, after });
    primeCards(ctx, page);
    return { items: page.users, endCursor: page.endCursor, hasMore: page.hasNextPage };
  }
}
