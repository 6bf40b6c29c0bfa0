import type { SwapDecisionsService } from "./swap-decisions.service.js";
import type { SwapExpiryService } from "./swap-expiry.service.js";
import type { SwapRequestsService } from "./swap-requests.service.js";
import type { SwapsLoaders } from "./swaps.loaders.js";

// What this module adds to the kit's services and loaders (kit/context.ts): a resolver or route
// reaches them through its context, and the app's services (services.ts) must provide them.
declare module "../../kit/context.js" {
  interface KitServices {
    /** Swap and pay requests: forms, availability, sending. */
    swaps: SwapRequestsService;
    /** Answers to requests: accept, reject, pay (coins into escrow, chat opens). */
    swapDecisions: SwapDecisionsService;
    /** Ends requests left unanswered for REQUEST_EXPIRY_DAYS (a scheduled job). */
    swapExpiry: SwapExpiryService;
  }
  interface KitLoaders {
    swaps: SwapsLoaders;
  }
}
