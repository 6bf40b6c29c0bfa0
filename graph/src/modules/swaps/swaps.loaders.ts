import DataLoader from "dataloader";
import type { KitServices } from "../../kit/context.js";
import { NO_RESPONSE_STATS, type ResponseStatsView } from "../profiles/response-stats.service.js";

/** Per-request batching of what profiles show from the swaps module. */
export interface SwapsLoaders {
  responseStats: DataLoader<string, ResponseStatsView>;
}

export function createSwapsLoaders(services: Pick<KitServices, "responseStats">): SwapsLoaders {
  return {
    responseStats: new DataLoader(async (ids) => {
      const m = await services.responseStats.ofMany(ids);
      return ids.map((id) => m.get(id) ?? NO_RESPONSE_STATS);
    }),
  };
}
