import type { LessonsService } from "./lessons.service.js";

// What this module adds to the kit's services and loaders (kit/context.ts): a resolver or route
// reaches them through its context, and the app's services (services.ts) must provide them.
declare module "../../kit/context.js" {
  interface KitServices {
    /** Lessons planned in a chat: proposals, accepted slots with calendar invitations, reminders. */
    lessons: LessonsService;
  }
}
