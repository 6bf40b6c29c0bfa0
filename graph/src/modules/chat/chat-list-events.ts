import { rawQuery } from "../../db/sql.js";
import type { Deps } from "../../shared/deps.js";
import type { UsersService } from "../accounts/users.service.js";
import type { BlocksService } from "../blocks/blocks.service.js";
import type { Chat } from "./chat.entity.js";
import type { ChatListRowEvent } from "./chat-events.js";
import type { ChatPresenceService } from "./chat-presence.service.js";
import type { ListItemSource } from "./chat-views.js";

/** At most this many of a student's partners (the most recently active) hear of their presence. */
export const MAX_PRESENCE_FANOUT = 500;

/** A chat's list columns, as the list row and the live event carry them. */
export type ListRowState = ListItemSource & Pick<Chat, "lastActivityAt">;

/**
 * Publishes the changes of students' chat lists (`CHAT_LIST_CHANGED`, addressed to each student):
 * only to students with a list open (one listener check for the pair or the partners), each event
 * complete (the chat's list columns, both summaries, who showed online), read once per change
 * whatever the number of subscribers. Called after commit; a failure costs a live update only (the
 * promises never reject; callers do not wait for them, tests may).
 */
export class ChatListEvents {
  constructor(
    private readonly deps: Deps,
    private readonly c: { users: UsersService; blocks: BlocksService },
    private readonly presence: () => ChatPresenceService,
  ) {}

  /** `chat` changed (a message, opened, read, finished, reported): tells `recipients` (both participants by default). */
  chatChanged(chat: ListRowState, recipients?: readonly string[]): Promise<void> {
    return this.publishChat(chat, recipients ?? [chat.requesterId, chat.receiverId]).catch((err) =>
      this.deps.logger.error({ err }, "publishing a chat list change failed"),
    );
  }

  private async publishChat(chat: ListRowState, recipients: readonly string[]): Promise<void> {
    const listening = await this.deps.pubsub.listenersAmong("CHAT_LIST_CHANGED", recipients);
    if (!listening.size) return;
    const pair = [chat.requesterId, chat.receiverId];
    // A pair in a chat in progress cannot be blocked (a report ends the chat and blocks both ways).
    const blocked = chat.status !== "in_progress" && (await this.c.blocks.isBlockedEither(pair[0]!, pair[1]!));
    const [users, online] = await Promise.all([
      this.c.users.summaries(pair),
      blocked ? Promise.resolve(new Set<string>()) : this.presence().onlineAmong(pair),
    ]);
    const event = { item: { chat: rowEvent(chat), users: [...users.values()], online: [...online] } };
    for (const id of listening) this.deps.pubsub.publish("CHAT_LIST_CHANGED", id, event);
  }

  /**
   * `userId` went online or offline (or showed or hid it): tells their chat partners who have a list
   * open, except those blocked either way. The caller has already applied the privacy choice.
   */
  presenceChanged(userId: string, online: boolean): Promise<void> {
    return this.publishPresence(userId, online).catch((err) => this.deps.logger.error({ err }, "publishing a presence change failed"));
  }

  private async publishPresence(userId: string, online: boolean): Promise<void> {
    const partners = await this.partnersOf(userId);
    if (!partners.length) return;
    const listening = await this.deps.pubsub.listenersAmong("CHAT_LIST_CHANGED", partners);
    if (!listening.size) return;
    const [hidden, users] = await Promise.all([this.c.blocks.hiddenFrom(userId), this.c.users.summaries([userId])]);
    const summary = users.get(userId);
    if (!summary) return;
    const blocked = new Set(hidden);
    for (const id of listening) {
      if (!blocked.has(id)) this.deps.pubsub.publish("CHAT_LIST_CHANGED", id, { partner: { ...summary, online } });
    }
  }

  /** Everyone the student has a chat with (any state: the list shows them all), the most recently active first, bounded. */
  private async partnersOf(userId: string): Promise<string[]> {
    const rows = await rawQuery<{ id: string }>(
      this.deps.dataSource,
      `SELECT CASE WHEN c.userLowId = :me THEN c.userHighId ELSE c.userLowId END AS id
         FROM chats c WHERE c.userLowId = :me OR c.userHighId = :me
        ORDER BY c.lastActivityAt DESC LIMIT ${MAX_PRESENCE_FANOUT}`,
      { me: userId },
    );
    return rows.map((r) => r.id);
  }
}

function rowEvent(chat: ListRowState): ChatListRowEvent {
  return {
    id: chat.id,
    requesterId: chat.requesterId,
    receiverId: chat.receiverId,
    status: chat.status,
    lastActivityAt: chat.lastActivityAt.toISOString(),
    lastMessagePreview: chat.lastMessagePreview,
    lastMessageSenderId: chat.lastMessageSenderId,
    messageCount: Number(chat.messageCount),
    requesterReadSeq: Number(chat.requesterReadSeq),
    receiverReadSeq: Number(chat.receiverReadSeq),
  };
}
