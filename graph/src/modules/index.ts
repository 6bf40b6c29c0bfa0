import type { Router } from "express";
import type { Services } from "../services.js";
import { User } from "./accounts/user.entity.js";
import { Block } from "./blocks/block.entity.js";
import { Notification } from "./notifications/notification.entity.js";
import { NotificationsResolver } from "./notifications/notifications.resolver.js";
import { notificationsRest } from "./notifications/notifications.rest.js";
import { SystemResolver } from "./system/system.resolver.js";


/**
 * The module registry: every entity, resolver and REST router the app has.
 * A module adds its own line here; nothing else needs to know about it.
 */
export const allEntities: Function[] = [User, Block, Notification];

export const allResolvers: [Function, ...Function[]] = [SystemResolver, NotificationsResolver];

export const allRestRouters: Array<(services: Services) => Router> = [notificationsRest];
