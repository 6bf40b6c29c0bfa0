import type { ImplementApplicantsService } from "./implement-applicants.service.js";
import type { ImplementPostsService } from "./implement-posts.service.js";
import type { ImplementsLoaders } from "./implements.loaders.js";

// What this module adds to the kit's services and loaders (kit/context.ts): a resolver or route
// reaches them through its context, and the app's services (services.ts) must provide them.
declare module "../../kit/context.js" {
  interface KitServices {
    /** Implements: posts (create, list, details, visibility). */
    implementPosts: ImplementPostsService;
    /** Implements: join and the owner's decisions (accept notifies and opens the chat). */
    implementApplicants: ImplementApplicantsService;
  }
  interface KitLoaders {
    implements: ImplementsLoaders;
  }
}
