import DataLoader from "dataloader";
import type { Services } from "../../services.js";
import type { UserSummary } from "../accounts/users.service.js";

/** Per-request batching for chat lists: N rows resolve their partners in one query. */
export interface ChatLoaders {
  userSummary: DataLoader<string, UserSummary | null>;
}

export function createChatLoaders(services: Services): ChatLoaders {
  return {
    userSummary: new DataLoader(async (ids) => {
      const m = await services.users.summaries(ids);
      return ids.map((id) => m.get(id) ?? null);
    }),
  };
}
