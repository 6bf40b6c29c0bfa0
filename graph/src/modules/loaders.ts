import { createProfileLoaders, type ProfileLoaders } from "./profiles/profiles.loaders.js";
import { createImplementsLoaders, type ImplementsLoaders } from "./implements/implements.loaders.js";
import { createUsersLoaders, type UsersLoaders } from "./accounts/users.loaders.js";
import { createSwapsLoaders, type SwapsLoaders } from "./swaps/swaps.loaders.js";
import { type ChatLoaders, createChatLoaders } from "./chat/chat.loaders.js";
import type { KitLoaders, KitServices } from "../kit/context.js";

/**
 * The module registry's loaders (re-exported by modules/index.ts, the one place the doors take
 * modules from): per-request DataLoaders, one set per GraphQL operation, so a list of N rows
 * resolves its relations in a constant number of queries. Modules add theirs.
 * Each module's set is made on first use: a subscription lives as long as its socket and
 * most operations touch one module or none, so thousands of open sockets hold no loaders.
 * A class, not an object literal with getters: the getters live once on the prototype, where a
 * literal made five closures and a dictionary-mode object for every request and every socket
 * (about 800 bytes each, 8 MB at 5,000 sockets).
 */
export class Loaders implements KitLoaders {
  #profiles: ProfileLoaders | undefined;
  #implements: ImplementsLoaders | undefined;
  #users: UsersLoaders | undefined;
  #swaps: SwapsLoaders | undefined;
  #chat: ChatLoaders | undefined;
  constructor(private readonly services: KitServices) {}
  get profiles(): ProfileLoaders {
    return (this.#profiles ??= createProfileLoaders(this.services));
  }
  get implements(): ImplementsLoaders {
    return (this.#implements ??= createImplementsLoaders(this.services));
  }
  get users(): UsersLoaders {
    return (this.#users ??= createUsersLoaders(this.services));
  }
  get swaps(): SwapsLoaders {
    return (this.#swaps ??= createSwapsLoaders(this.services));
  }
  get chat(): ChatLoaders {
    return (this.#chat ??= createChatLoaders(this.services));
  }
}

/** Each group is made on first use: most requests (every REST call, most operations) need one or none. */
export function createLoaders(services: KitServices): Loaders {
  return new Loaders(services);
}
