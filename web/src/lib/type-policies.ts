import type { TypePolicies } from "@apollo/client";

/**
 * Cache identity and field merging, one entry per type that needs more than the default
 * (`__typename` + `id`). Features add their types here, e.g. paginated feeds:
 *
 *   Query: { fields: { feed: { keyArgs: ["filter"], merge: (existing = [], incoming) => [...existing, ...incoming] } } }
 */
export const typePolicies: TypePolicies = {
  // A singleton: one health object regardless of id.
  Health: { keyFields: [] },
  // One per user, keyed by the player (the signed-in user).
  SnakeHighScore: { keyFields: ["userId"] },
};
