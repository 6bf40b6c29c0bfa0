import type { ChatOpenService } from "./chat-open.service.js";
import type { ChatLoaders } from "./chat.loaders.js";
import type { ChatService } from "./chat.service.js";

// What this module adds to the kit's services and loaders (kit/context.ts): a resolver or route
// reaches them through its context, and the app's services (services.ts) must provide them.
declare module "../../kit/context.js" {
  interface KitServices {
    chatOpen: ChatOpenService;
    /** Chat: list, read, meeting link; `messages` (send, pages); `lifecycle` (rate, finish, report). */
    chat: ChatService;
  }
  interface KitLoaders {
    chat: ChatLoaders;
  }
}
