import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import type { DirectoryFilters } from "../../../../common/discovery.js";
import { type Context, requireUser } from "../../kit/context.js";
import { type DirectoryFiltersValue, SavedSearchInput, SavedSearchType } from "./discovery.types.js";
import { plain } from "./feed.resolver.js";
import type { SavedSearchView } from "./saved-searches.service.js";

const filtersValue = (f: DirectoryFilters): DirectoryFiltersValue => ({
  category: f.category ?? null,
  skill: f.skill ?? null,
  language: f.language ?? null,
  minRating: f.minRating ?? null,
  maxCoins: f.maxCoins ?? null,
  onlineNow: f.onlineNow === true,
  hasTaught: f.hasTaught === true,
});

const toType = (v: SavedSearchView): SavedSearchType => ({ ...v, filters: filtersValue(v.filters) });

@Resolver()
export class SavedSearchesResolver {
  @Authorized()
  @Query(() => [SavedSearchType], { description: "The caller's saved searches, oldest first." })
  async savedSearches(@Ctx() ctx: Context): Promise<SavedSearchType[]> {
    return (await ctx.services.savedSearches.list(requireUser(ctx).id)).map(toType);
  }

  @Authorized()
  @Mutation(() => SavedSearchType, {
    description:
      "Saves a search (a name, and a search text and/or filters). At most 5 per student (CONFLICT past it). With alerts on, " +
      "the caller is told about students who newly match it, at most once a day, through their notification settings.",
  })
  async saveSearch(
    @Arg("input", () => SavedSearchInput, { description: "The name, search text and filters to save." }) input: SavedSearchInput,
    @Ctx() ctx: Context,
  ): Promise<SavedSearchType> {
    const view = await ctx.services.savedSearches.create(requireUser(ctx).id, {
      name: input.name,
      query: input.query ?? "",
      field: input.field ?? undefined,
      filters: plain(input.filters),
      alertsOn: input.alertsOn ?? true,
    });
    return toType(view);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: "Deletes one of the caller's saved searches (NOT_FOUND for anyone else's)." })
  async deleteSavedSearch(
    @Arg("id", () => ID, { description: "One of the caller's saved searches." }) id: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    await ctx.services.savedSearches.remove(requireUser(ctx).id, id);
    return true;
  }

  @Authorized()
  @Mutation(() => SavedSearchType, { description: "Turns a saved search's alerts on or off (on again: about changes from now on)." })
  async setSavedSearchAlerts(
    @Arg("id", () => ID, { description: "One of the caller's saved searches." }) id: string,
    @Arg("on", () => Boolean, { description: "Whether to announce new matches (false stops the alerts)." }) on: boolean,
    @Ctx() ctx: Context,
  ): Promise<SavedSearchType> {
    return toType(await ctx.services.savedSearches.setAlerts(requireUser(ctx).id, id, on));
  }
}
