import type { PrivacyService } from "./privacy.service.js";

// What this module adds to the kit's services and loaders (kit/context.ts): a resolver or route
// reaches them through its context, and the app's services (services.ts) must provide them.
declare module "../../kit/context.js" {
  interface KitServices {
    /** A student's own data: JSON export and account deletion. */
    privacy: PrivacyService;
  }
}
