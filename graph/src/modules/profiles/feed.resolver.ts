import { Arg, Authorized, Ctx, Int, Query, Resolver } from "type-graphql";
import { AFTER_ARG, firstArg } from "../../shared/graphql-types.js";
import { connection } from "../../shared/pagination.js";
import { type Context, requireUser } from "../../kit/context.js";
import { FEED_PAGE_SIZE, type FeedPage } from "./feed.service.js";
import { SearchFilter } from "./search-filter.js";
import { SEARCH_PAGE_SIZE } from "./search.service.js";
import { UserConnection } from "./profiles.types.js";
import { DirectoryFiltersInput } from "./discovery.types.js";

/** GraphQL's input object as the service's plain filters (nulls are "not given"). */
export const plain = (f: DirectoryFiltersInput | null | undefined): Record<string, unknown> | null =>
  f ? Object.fromEntries(Object.entries(f).filter(([, v]) => v !== null && v !== undefined)) : null;

/** The page already read its cards' skills: the field resolvers find them in the request's loader. */
function toConnection(ctx: Context, page: FeedPage): UserConnection {
  for (const [id, skills] of page.skills) ctx.loaders.profiles.skills.prime(id, skills);
  const c = connection(page.users, (_, i) => page.cursor(i), page);
  // A filtered page that stopped at its walk's budget continues past its last card.
  if (page.endCursor !== undefined) {
    const { hasNextPage, hasPreviousPage } = c.pageInfo;
    const startCursor = page.users.length ? c.pageInfo.startCursor : null;
    c.pageInfo = { hasNextPage, hasPreviousPage, startCursor, endCursor: page.endCursor };
  }
  return c;
}

const FILTERS_ARG = {
  nullable: true,
  description: "Discovery filters (all optional, combined). The same filters must come with `after`.",
} as const;

@Resolver()
export class FeedResolver {
  @Authorized()
  @Query(() => UserConnection, {
    description:
      "Other students, best matches first (they know what I want to learn and want what I know), then newest. " +
      "Fails with DETAILS_NOT_FILLED until the caller's profile is filled. " +
      "Keyset-paged as of the first page's time: students who register or edit meanwhile cause no duplicates or gaps.",
  })
  async feed(
    @Arg("first", () => Int, firstArg(FEED_PAGE_SIZE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Arg("filters", () => DirectoryFiltersInput, FILTERS_ARG) filters: DirectoryFiltersInput | null,
    @Ctx() ctx: Context,
  ): Promise<UserConnection> {
    return toConnection(ctx, await ctx.services.feed.page(requireUser(ctx).id, { first, after, filters: plain(filters) }));
  }

  @Authorized()
  @Query(() => UserConnection, {
    description:
      "Prefix search among other students with filled profiles: any word of the name, a known skill or a language " +
      "starts with the query (case and accents ignored). The exact word ranks first, then its completions, then by name. " +
      "An empty query finds nobody.",
  })
  async searchUsers(
    @Arg("query", () => String, { description: "What a word should start with; case and accents are ignored." }) query: string,
    @Arg("filter", () => SearchFilter, { defaultValue: SearchFilter.NAME, description: "Which field the query matches." })
    filter: SearchFilter,
    @Arg("first", () => Int, firstArg(SEARCH_PAGE_SIZE)) first: number,
    @Arg("after", () => String, { ...AFTER_ARG, description: `${AFTER_ARG.description} Only a cursor of the same query and filter.` })
    after: string | null,
    @Arg("filters", () => DirectoryFiltersInput, FILTERS_ARG) filters: DirectoryFiltersInput | null,
    @Ctx() ctx: Context,
  ): Promise<UserConnection> {
    return toConnection(
      ctx,
      await ctx.services.search.search(requireUser(ctx).id, query, filter, { first, after, filters: plain(filters) }),
    );
  }
}
