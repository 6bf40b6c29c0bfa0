import type { DataSource } from "typeorm";
import type { Config } from "./config.js";
import { createTx, type Tx } from "./db/transaction.js";
import { AuthService } from "./modules/accounts/auth.service.js";
import { BlocksService } from "./modules/blocks/blocks.service.js";
import { UsersService } from "./modules/accounts/users.service.js";
import { NotificationsService } from "./modules/notifications/notifications.service.js";
import { User } from "./modules/accounts/user.entity.js";
import type { Clock } from "./shared/clock.js";
import type { Logger } from "./shared/logger.js";
import type { AppPubSub } from "./shared/pubsub.js";
import { TokenService } from "./shared/tokens.js";

/** What every service may depend on. Adapters (mail, storage, payments) are added by their modules. */
export interface Deps {
  config: Config;
  dataSource: DataSource;
  tx: Tx;
  clock: Clock;
  pubsub: AppPubSub;
  logger: Logger;
}

export interface Services {
  deps: Deps;
  auth: AuthService;
  blocks: BlocksService;
  users: UsersService;
  notifications: NotificationsService;
}

/** The composition root: builds each service once, wiring the ones it calls. */
export function createServices(input: Omit<Deps, "tx">): Services {
  const deps: Deps = { ...input, tx: createTx(input.dataSource) };
  const ds = deps.dataSource;
  const auth = new AuthService(ds.getRepository(User), new TokenService(deps.config.jwtSecret, deps.clock));
  const blocks = new BlocksService(deps);
  const users = new UsersService(ds.getRepository(User));
  const notifications = new NotificationsService(deps, users, async () => {});
  return { deps, auth, blocks, users, notifications };
}
