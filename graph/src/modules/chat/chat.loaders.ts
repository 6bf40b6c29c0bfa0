import DataLoader from "dataloader";
import type { KitServices } from "../../kit/context.js";

/** Per-request batching of the chat list's presence: one settings query and one pubsub round trip per page. */
export interface ChatLoaders {
  online: DataLoader<string, boolean>;
}

export function createChatLoaders(services: Pick<KitServices, "chat">): ChatLoaders {
  return {
    online: new DataLoader(async (ids) => {
      const online = await services.chat.presence.onlineAmong(ids);
      return ids.map((id) => online.has(id));
    }),
  };
}
