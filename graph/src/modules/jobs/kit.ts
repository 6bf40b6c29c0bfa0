import type { JobRunner } from "./job-runner.js";

// What this module adds to the kit's services and loaders (kit/context.ts): a resolver or route
// reaches them through its context, and the app's services (services.ts) must provide them.
declare module "../../kit/context.js" {
  interface KitServices {
    /** Scheduled jobs, each run once per period across instances (`runDue`; a timer in production). */
    jobs: JobRunner;
  }
}
