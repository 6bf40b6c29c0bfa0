import DataLoader from "dataloader";
import type { KitServices } from "../../kit/context.js";
import type { UserSummary } from "./users.service.js";

/** Per-request batching of the students other modules' rows name (chat partners, post owners, applicants). */
export interface UsersLoaders {
  summary: DataLoader<string, UserSummary | null>;
}

export function createUsersLoaders(services: Pick<KitServices, "users">): UsersLoaders {
  return {
    summary: new DataLoader(async (ids) => {
      const m = await services.users.summaries(ids);
      return ids.map((id) => m.get(id) ?? null);
    }),
  };
}
