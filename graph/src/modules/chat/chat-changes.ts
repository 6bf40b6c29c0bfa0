import type { EntityManager } from "typeorm";
import type { Chat } from "./chat.entity.js";

/** What the chat module tells the modules above it (shared/changes.ts). */
declare module "../../shared/changes.js" {
  interface ChangeEvents {
    /**
     * `chat` has just ended in `em` (completed by both finishing, suspended by a report, closed when a student left or
     * was suspended) by `actorId`'s action: what hangs on a chat in progress ends with it, in the same transaction
     * (lessons cancels those still ahead).
     */
    chatEnded: [em: EntityManager, chat: Chat, actorId: string];
  }
}
