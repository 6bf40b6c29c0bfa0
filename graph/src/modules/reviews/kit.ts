import type { ReviewsService } from "./reviews.service.js";

// What this module adds to the kit's services and loaders (kit/context.ts): a resolver or route
// reaches them through its context, and the app's services (services.ts) must provide them.
declare module "../../kit/context.js" {
  interface KitServices {
    /** Written reviews after a finished chat: double-blind, answered and reported by their subject (`reports`, also the operators' queue). */
    reviews: ReviewsService;
  }
}
