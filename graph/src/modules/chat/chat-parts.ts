import type { EntityManager } from "typeorm";
import type { AppError } from "../../shared/errors.js";
import type { RateLimits } from "../../shared/rate-limit.js";
import type { UsersService } from "../accounts/users.service.js";
import type { BlocksService } from "../blocks/blocks.service.js";
import type { NotificationsService } from "../notifications/notifications.service.js";
import type { Chat } from "./chat.entity.js";

/** What chat needs from the coins ledger (CoinsService fits): always inside the chat's transaction. */
export interface ChatLedger {
  reward(userId: string, coins: number, reason: string, refKey: string, em: EntityManager): Promise<unknown>;
  release(refKey: string, em: EntityManager): Promise<{ coins: number }>;
  refund(refKey: string, em: EntityManager): Promise<{ coins: number }>;
}

/** What chat needs from profiles (ProfilesService fits). */
export interface ChatProfiles {
  addCompletedSkill(em: EntityManager, input: { learnerId: string; mentorId: string; skill: string; category: string }): Promise<void>;
  /** Throws DETAILS_NOT_FILLED ('not filled details') for a user whose profile is incomplete. */
  assertDetailsFilled(userId: string): Promise<void>;
  /** Brings the student's directory rows to their account (a new rating: the rating filter reads it). */
  reindex(em: EntityManager, userId: string): Promise<void>;
}

/** The services chat is built on, handed in by the composition root. */
export interface ChatCollaborators {
  users: UsersService;
  blocks: BlocksService;
  notifications: NotificationsService;
  rateLimits: RateLimits;
  ledger: ChatLedger;
  profiles: ChatProfiles;
}

/**
 * What chat's parts (messages, lifecycle, reads, typing) need of a chat row; ChatService fits and
 * hands itself to them, so no part imports it.
 */
export interface ChatRows {
  /** The caller's chat with `otherId` read through the pool (outside any transaction), or NOT_FOUND. */
  require(me: string, otherId: unknown): Promise<Chat>;
  /** The same, read inside `em`'s transaction. */
  requireIn(em: EntityManager, me: string, otherId: unknown): Promise<Chat>;
  /** CONFLICT for a chat that is no longer in progress. */
  stateError(chat: Pick<Chat, "status">): AppError;
  /** Tells both participants' open pages what changed, once committed. */
  publishState(chat: Chat): void;
  /** The chat has just ended inside `em` by `actorId`'s action: tells the modules above (`chatEnded`, chat-changes.ts). */
  ended(em: EntityManager, chat: Chat, actorId: string): Promise<void>;
}
