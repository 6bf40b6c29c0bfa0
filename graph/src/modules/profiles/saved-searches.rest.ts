import { CATEGORIES, LANGUAGES } from "../../../../common/profiles.js";
import { MAX_COINS_FILTER, SAVED_SEARCH_MAX } from "../../../../common/discovery.js";
import { requireUser, type KitServices } from "../../kit/context.js";
import { route } from "../../kit/rest-kit.js";
import { z } from "../../kit/zod-openapi.js";
import type { RestRoutes } from "../../kit/rest-routes.js";
import { SearchFilter } from "./search-filter.js";
import type { SavedSearchView } from "./saved-searches.service.js";

const tag = "profiles";

/** The discovery filters as query parameters (GET /dashboard, POST /dashboard/search); the service checks them. */
export const DirectoryFilterQuery = {
  category: z
    .string()
    .optional()
    .describe(`They teach a skill of this category: one of ${CATEGORIES.join(", ")}.`),
  skill: z.string().optional().describe("They teach this skill (the whole skill; case and accents ignored)."),
  language: z
    .string()
    .optional()
    .describe(`They speak this language: one of ${LANGUAGES.join(", ")}.`),
  minRating: z.string().optional().describe("Their rating as the profile shows it is at least this (1 to 5)."),
  maxCoins: z.string().optional().describe(`They ask at most this many skill coins per course (0 to ${MAX_COINS_FILTER}).`),
  onlineNow: z.string().optional().describe("`true`: only students online now (who let it show)."),
  hasTaught: z.string().optional().describe("`true`: only students who taught at least one finished swap."),
};

/** The filters given in a query string (absent ones left out). */
export const filtersFromQuery = (q: Record<string, unknown>): Record<string, unknown> | null => {
  const given = Object.entries(q).filter(([k, v]) => k in DirectoryFilterQuery && v !== undefined && v !== "");
  return given.length ? Object.fromEntries(given) : null;
};

const Filters = z
  .object({
    category: z.string().optional(),
    skill: z.string().optional(),
    language: z.string().optional(),
    minRating: z.number().optional(),
    maxCoins: z.number().int().optional(),
    onlineNow: z.boolean().optional(),
    hasTaught: z.boolean().optional(),
  })
  .openapi("DirectoryFilters");

const SavedSearchRest = z
  .object({
    id: z.string(),
    name: z.string(),
    query: z.string(),
    field: z.nativeEnum(SearchFilter),
    filters: Filters,
    alertsOn: z.boolean(),
    lastAlertAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("SavedSearch");

const toRest = (v: SavedSearchView) => ({
  id: v.id,
  name: v.name,
  query: v.query,
  field: v.field,
  filters: v.filters,
  alertsOn: v.alertsOn,
  lastAlertAt: v.lastAlertAt?.toISOString() ?? null,
  createdAt: v.createdAt.toISOString(),
});

const Id = z.object({ id: z.string().describe("The saved search.") });

/** The caller's saved searches (at most SAVED_SEARCH_MAX) and their alerts. */
export function savedSearchesRest(services: KitServices, r: RestRoutes): void {
  r.get(
    "/saved-searches",
    route(
      services,
      {
        tag,
        summary: "The caller's saved searches, oldest first",
        auth: "bearer",
        response: z.object({ searches: z.array(SavedSearchRest) }),
      },
      async (_req, ctx) => ({ searches: (await services.savedSearches.list(requireUser(ctx).id)).map(toRest) }),
    ),
  );

  r.post(
    "/saved-searches",
    route(
      services,
      {
        tag,
        summary: `Save a search (at most ${SAVED_SEARCH_MAX}); with alerts on, new matches are announced at most once a day`,
        auth: "bearer",
        body: z.object({
          name: z.string().describe("1 to 60 characters."),
          query: z.string().optional().describe("The search text; empty for the filtered feed."),
          field: z.nativeEnum(SearchFilter).optional().describe("Which field the text matches (name by default)."),
          filters: z.record(z.unknown()).optional().describe("The discovery filters, as GET /dashboard takes them."),
          alertsOn: z.boolean().optional().describe("Announce new matches (default true)."),
        }),
        response: SavedSearchRest,
        responses: { 409: `The caller already has ${SAVED_SEARCH_MAX} saved searches.` },
      },
      async (_req, ctx, _res, { body }) => toRest(await services.savedSearches.create(requireUser(ctx).id, body)),
    ),
  );

  r.delete(
    "/saved-searches/:id",
    route(
      services,
      {
        tag,
        summary: "Delete one of the caller's saved searches",
        auth: "bearer",
        params: Id,
        response: z.object({ deleted: z.literal(true) }),
        responses: { 404: "No saved search of the caller has that id." },
      },
      async (_req, ctx, _res, { params }) => {
        await services.savedSearches.remove(requireUser(ctx).id, params.id);
        return { deleted: true as const };
      },
    ),
  );

  r.put(
    "/saved-searches/:id/alerts",
    route(
      services,
      {
        tag,
        summary: "Turn a saved search's alerts on or off",
        auth: "bearer",
        params: Id,
        body: z.object({ on: z.boolean() }),
        response: SavedSearchRest,
        responses: { 404: "No saved search of the caller has that id." },
      },
      async (_req, ctx, _res, { params, body }) => toRest(await services.savedSearches.setAlerts(requireUser(ctx).id, params.id, body.on)),
    ),
  );
}
