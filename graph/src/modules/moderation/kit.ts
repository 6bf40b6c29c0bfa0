import type { ModerationService } from "./moderation.service.js";

// What this module adds to the kit's services and loaders (kit/context.ts): a resolver or route
// reaches them through its context, and the app's services (services.ts) must provide them.
declare module "../../kit/context.js" {
  interface KitServices {
    /** Operators only: the report queue, counts, audit log and actions (warn, suspend, hide a post). */
    moderation: ModerationService;
  }
}
