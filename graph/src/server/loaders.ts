import { createProfileLoaders, type ProfileLoaders } from "../modules/profiles/profiles.loaders.js";
import { createImplementsLoaders, type ImplementsLoaders } from "../modules/implements/implements.loaders.js";
import { createUsersLoaders, type UsersLoaders } from "../modules/accounts/users.loaders.js";
import type { Services } from "../services.js";

/**
 * Per-request DataLoaders, one set per GraphQL operation, so a list of N rows
 * resolves its relations in a constant number of queries. Modules add theirs.
 */
export interface Loaders {
  profiles: ProfileLoaders;
  implements: ImplementsLoaders;
  users: UsersLoaders;
}

export function createLoaders(services: Services): Loaders {
  return { profiles: createProfileLoaders(services), implements: createImplementsLoaders(services), users: createUsersLoaders(services) };
}
