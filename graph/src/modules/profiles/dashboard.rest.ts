import { requireUser, type KitServices } from "../../kit/context.js";
import { route } from "../../kit/rest-kit.js";
import { ErrorText, OptionalId, Skip } from "../../kit/rest-schemas.js";
import { z } from "../../kit/zod-openapi.js";
import { detailsNotFilled } from "../../shared/errors.js";
import type { FeedPage } from "./feed.service.js";
import { SearchFilter } from "./search-filter.js";
import { SEARCH_LIMIT } from "./search.service.js";
import { FeedItem, OwnUser } from "./profiles.rest-schemas.js";
import { restFeedItem, restOwnUser } from "./rest-shapes.js";
import type { RestRoutes } from "../../kit/rest-routes.js";
import { DirectoryFilterQuery, filtersFromQuery } from "./saved-searches.rest.js";
import { dashboard } from "./dashboard.rest-adapters.js";

const tag = "profiles";
const feedItems = (page: Pick<FeedPage, "users" | "skills">) => page.users.map((u) => restFeedItem(u, page.skills.get(u.id)));

/** GET /dashboard (feed page or just the user) and POST /dashboard/search, spec section 7. */
export function dashboardRest(services: KitServices, r: RestRoutes): void {
  r.get(
    "/dashboard",
    route(
      services,
      {
        tag,
        summary: "The caller's own user and, with `skip`, the next page of the feed",
        description:
          "`skip` = how many feed items the client already shows (0 starts a session; an empty `feed` is the end). Until the caller's profile is filled, `error: 'not filled details'` (200, empty feed) with or without `skip`: the old client goes to /p. A `userId` that names nobody answers 404 (the old client goes to /register); someone else's, 403.",
        auth: "bearer",
        query: z.object({ userId: OptionalId.describe("The caller's id."), skip: Skip, ...DirectoryFilterQuery }),
        response: z.object({
          user: OwnUser,
          error: ErrorText,
          feed: z.array(FeedItem).optional().describe("Only with `skip`."),
          keepLooking: z
            .boolean()
            .optional()
            .describe(
              "Only with filters: true when the page stopped at the bounded stretch of the directory it reads (it may be short or empty); the next `skip` keeps looking.",
            ),
        }),
        responses: { 404: "`userId` names nobody." },
      },
      async (_req, ctx, _res, { query }) => {
        const filters = filtersFromQuery(query);
        const { own, feed, detailsFilled, keepLooking } = await dashboard(services, requireUser(ctx).id, query.userId, query.skip, filters);
        const answer = { user: restOwnUser(own.profile, own.row), error: detailsFilled ? "" : detailsNotFilled().message };
        if (query.skip === undefined) return answer;
        const page = { feed: feed ? feedItems(feed) : [], user: answer.user, error: answer.error };
        return filters ? Object.assign(page, { keepLooking }) : page;
      },
    ),
  );

  r.post(
    "/dashboard/search",
    route(
      services,
      {
        tag,
        summary: "Search other students by name, known skill or language (prefix, case- and accent-insensitive)",
        description: "The discovery filters may be given as query parameters (as on GET /dashboard).",
        auth: "bearer",
        query: z.object(DirectoryFilterQuery),
        body: z.object({
          searchQuery: z.string().max(200).optional().describe("An empty query finds nothing."),
          selectedFilter: z
            .union([z.nativeEnum(SearchFilter), z.literal("")])
            .optional()
            .describe("name (default), skillsKnown or languages."),
        }),
        response: z.object({ feed: z.array(FeedItem) }),
      },
      async (_req, ctx, _res, { body, query }) => {
        const page = await services.search.search(requireUser(ctx).id, body.searchQuery ?? "", body.selectedFilter || SearchFilter.NAME, {
          first: SEARCH_LIMIT,
          filters: filtersFromQuery(query),
        });
        return { feed: feedItems(page) };
      },
    ),
  );
}
