import type { FeedService } from "./feed.service.js";
import type { ProfileLoaders } from "./profiles.loaders.js";
import type { ProfilesService } from "./profiles.service.js";
import type { SavedSearchesService } from "./saved-searches.service.js";
import type { ResponseStatsService } from "./response-stats.service.js";
import type { SearchService } from "./search.service.js";

// What this module adds to the kit's services and loaders (kit/context.ts): a resolver or route
// reaches them through its context, and the app's services (services.ts) must provide them.
declare module "../../kit/context.js" {
  interface KitServices {
    /** Profiles: edit, public profile, skills, details-filled check, completed skills. */
    profiles: ProfilesService;
    /** Dashboard feed. */
    feed: FeedService;
    /** Finding students by name, known skill or language. */
    search: SearchService;
    /** Saved searches and their alerts for new matches. */
    savedSearches: SavedSearchesService;
    /** Response rate and typical response time per student (kept by the swaps module's answers and expiries; the feed's tier). */
    responseStats: ResponseStatsService;
  }
  interface KitLoaders {
    profiles: ProfileLoaders;
  }
}
