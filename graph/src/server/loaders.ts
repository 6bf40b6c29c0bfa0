import { createProfileLoaders, type ProfileLoaders } from "../modules/profiles/profiles.loaders.js";
import { createImplementsLoaders, type ImplementsLoaders } from "../modules/implements/implements.loaders.js";
import { createUsersLoaders, type UsersLoaders } from "../modules/accounts/users.loaders.js";
import { createSwapsLoaders, type SwapsLoaders } from "../modules/swaps/swaps.loaders.js";
import { type ChatLoaders, createChatLoaders } from "../modules/chat/chat.loaders.js";
import type { Services } from "../services.js";

/**
 * Per-request DataLoaders, one set per GraphQL operation, so a list of N rows
 * resolves its relations in a constant number of queries. Modules add theirs.
 * Each module's set is made on first use: a subscription lives as long as its socket and
 * most operations touch one module or none, so thousands of open sockets hold no loaders.
 */
export interface Loaders {
  profiles: ProfileLoaders;
  implements: ImplementsLoaders;
  users: UsersLoaders;
  swaps: SwapsLoaders;
  chat: ChatLoaders;
}

/** Each group is made on first use: most requests (every REST call, most operations) need one or none. */
export function createLoaders(services: Services): Loaders {
  let profiles: ProfileLoaders | undefined;
  let implementsLoaders: ImplementsLoaders | undefined;
  let users: UsersLoaders | undefined;
  let swaps: SwapsLoaders | undefined;
  let chat: ChatLoaders | undefined;
  return {
    get profiles() {
      return (profiles ??= createProfileLoaders(services));
    },
    get implements() {
      return (implementsLoaders ??= createImplementsLoaders(services));
    },
    get users() {
      return (users ??= createUsersLoaders(services));
    },
    get swaps() {
      return (swaps ??= createSwapsLoaders(services));
    },
    get chat() {
      return (chat ??= createChatLoaders(services));
    },
  };
}
