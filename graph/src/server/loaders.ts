import type { Services } from "../services.js";

/**
 * Per-request DataLoaders, one set per GraphQL operation, so a list of N rows
 * resolves its relations in a constant number of queries. Modules add theirs.
 */
export interface Loaders {}

export function createLoaders(_services: Services): Loaders {
  return {};
}
