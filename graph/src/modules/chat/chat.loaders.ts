import DataLoader from "dataloader";
import type { Services } from "../../services.js";

/** Per-request batching of the chat list's presence: one settings query and one pubsub round trip per page. */
export interface ChatLoaders {
  online: DataLoader<string, boolean>;
}

export function createChatLoaders(services: Services): ChatLoaders {
  return {
    online: new DataLoader(async (ids) => {
      const online = await services.chat.presence.onlineAmong(ids);
      return ids.map((id) => online.has(id));
    }),
  };
}
