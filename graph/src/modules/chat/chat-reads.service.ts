import { rawQuery } from "../../db/sql.js";
import type { Deps } from "../../shared/deps.js";
import type { ChatListEvents } from "./chat-list-events.js";
import type { ChatRows } from "./chat-parts.js";
import type { ChatListItemView } from "./chat.types.js";
import { sideOf, toListItem } from "./chat-views.js";
import { Chat } from "./chat.entity.js";

/**
 * Read markers and unread counts. Each chat keeps a marker per participant (the seq of the latest
 * message they have seen); sending a message moves the sender's marker too, so every message after a
 * marker is from the partner and a chat's unread count is `messageCount - marker`, read from the
 * chat row itself.
 */
export class ChatReadsService {
  constructor(
    private readonly deps: Deps,
    private readonly chats: Pick<ChatRows, "requireIn">,
    private readonly listEvents: Pick<ChatListEvents, "chatChanged">,
  ) {}

  /**
   * Marks every message of the caller's chat with `otherId` read (the chat page calls it on open and
   * when a message arrives while open); NOT_FOUND for a chat the caller is not in. Tells the caller's
   * other pages the new total when it changed.
   */
  async markRead(me: string, otherId: unknown): Promise<ChatListItemView> {
    const { fresh, changed } = await this.deps.tx(async (em) => {
      const chat = await this.chats.requireIn(em, me, otherId);
      const side = sideOf(chat, me)!;
      const column = side === "requester" ? "requesterReadSeq" : "receiverReadSeq";
      const res = await em
        .createQueryBuilder()
        .update(Chat)
        .set({ [column]: () => "messageCount", [side === "requester" ? "requesterReadAt" : "receiverReadAt"]: this.deps.clock.now() })
        .where(`id = :id AND ${column} < messageCount`, { id: chat.id })
        .execute();
      return { fresh: await em.getRepository(Chat).findOneOrFail({ where: { id: chat.id } }), changed: Boolean(res.affected) };
    });
    if (changed) {
      this.publishTotal(me);
      // The reader's other tabs and devices clear the chat's badge too.
      void this.listEvents.chatChanged(fresh, [me]);
    }
    return toListItem(fresh, me);
  }

  /** How many messages from partners the student has not read, over all their chats. */
  async total(me: string): Promise<number> {
    const [row] = await rawQuery<{ n: number | string | null }>(
      this.deps.dataSource,
      `SELECT SUM(CASE WHEN c.requesterId = :me THEN c.messageCount - c.requesterReadSeq ELSE c.messageCount - c.receiverReadSeq END) AS n
         FROM chats c WHERE c.userLowId = :me OR c.userHighId = :me`,
      { me },
    );
    return Number(row?.n ?? 0);
  }

  /**
   * Publishes the student's new total (after a commit) when they have a page listening for it: the
   * total is read for no one else. A failure only costs a live update.
   */
  publishTotal(userId: string): void {
    void (async () => {
      if (!(await this.deps.pubsub.hasListeners("UNREAD_CHANGED", userId))) return;
      this.deps.pubsub.publish("UNREAD_CHANGED", userId, { userId, count: await this.total(userId) });
    })().catch((err) => this.deps.logger.error({ err }, "publishing an unread count failed"));
  }
}
