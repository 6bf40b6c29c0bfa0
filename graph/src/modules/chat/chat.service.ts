import { type DataSource, type EntityManager, In } from "typeorm";
import { entityQuery, lockRow, rawQuery, readDate } from "../../db/sql.js";
import { afterCommit } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { conflict, notFound } from "../../shared/errors.js";
import { Chat, pairOf } from "./chat.entity.js";
import { ChatReport, type ReportResolution } from "./chat-report.entity.js";
import type { ChatCollaborators, ChatRows } from "./chat-parts.js";
import "./chat-changes.js";

/** The rows other modules (moderation) read through this service. */
export type { Chat, ChatReport, ReportResolution };
/** What chat is built on (declared in chat-parts.ts, a leaf its parts share). */
export type { ChatCollaborators, ChatLedger, ChatProfiles } from "./chat-parts.js";
import { ChatMessage } from "./message.entity.js";
import { decodeTimeKey, encodeTimeKey, type TimeKey } from "../../shared/cursor.js";
import { type Connection, forwardPage, pageSize } from "../../shared/pagination.js";
import { CHAT_LIST_PAGE_SIZE, CHAT_MESSAGES, normalizeMeetingLink } from "./chat.rules.js";
import type { ChatListItemView, ChatView } from "./chat.types.js";
import { chatStateEvent, type ListItemSource, listItemOf, toChatView } from "./chat-views.js";
import { ChatLifecycleService } from "./chat-lifecycle.service.js";
import { ChatMessagesService } from "./chat-messages.service.js";
import { ChatModerationReads } from "./chat-moderation.service.js";
import { ChatPresenceService } from "./chat-presence.service.js";
import { ChatReadsService } from "./chat-reads.service.js";
import { ChatListEvents } from "./chat-list-events.js";
import { ChatTypingService } from "./chat-typing.service.js";

/**
 * A chat between two students: reading it, its list and its meeting link. Messages live in
 * `messages`, rating/finishing/reporting in `lifecycle`. A chat is always addressed by the
 * caller (from the token) and the partner's id, so nobody can name a chat they are not in.
 */
type ListRow = ListItemSource & { lastActivityAt: unknown };

const LIST_CURSOR = "chats";

/** A list item's cursor in its student's chat list (keyset on the latest activity, then the id). */
export const chatListCursor = (item: Pick<ChatListItemView, "lastMessageAt" | "id">) =>
  encodeTimeKey(LIST_CURSOR, { at: item.lastMessageAt, id: item.id });

export class ChatService implements ChatRows {
  readonly messages: ChatMessagesService;
  readonly lifecycle: ChatLifecycleService;
  readonly reads: ChatReadsService;
  readonly presence: ChatPresenceService;
  /** Live changes of students' chat lists (messages, new chats, reads, status, partners' presence). */
  readonly listEvents: ChatListEvents;
  /** "Typing" signals between the two members of a chat. */
  readonly typing: ChatTypingService;
  /** Reports and counts for operators (the moderation module). */
  readonly moderation: ChatModerationReads;

  constructor(
    private readonly deps: Deps,
    private readonly c: ChatCollaborators,
  ) {
    // Parts get what they need here (this facade as ChatRows, their siblings), never by importing it.
    this.presence = new ChatPresenceService(deps, (userId, online) => void this.listEvents.presenceChanged(userId, online));
    this.listEvents = new ChatListEvents(deps, c, () => this.presence);
    this.reads = new ChatReadsService(deps, this, this.listEvents);
    this.messages = new ChatMessagesService(deps, c, this, this.reads, this.listEvents);
    this.lifecycle = new ChatLifecycleService(deps, c, this);
    this.typing = new ChatTypingService(deps, c, this);
    this.moderation = new ChatModerationReads(deps);
  }

  private repo(em: EntityManager) {
    return em.getRepository(Chat);
  }

  ended(em: EntityManager, chat: Chat, actorId: string): Promise<void> {
    return this.deps.changes.tell("chatEnded", em, chat, actorId);
  }

  /** Holds the chat's row until `em`'s transaction ends (limits counted over a chat's rows, e.g. open lesson proposals). */
  async lock(chatId: string, em: EntityManager): Promise<void> {
    await lockRow(em, Chat, chatId);
  }

  /** The chat between the caller and `otherId`, or NOT_FOUND 'Chat not found': read through the pool, outside any transaction. */
  require(me: string, otherId: unknown): Promise<Chat> {
    return this.requireFrom(this.deps.dataSource, me, otherId);
  }

  /** The same, read inside `em`'s transaction (it may lock or change the chat next). */
  requireIn(em: EntityManager, me: string, otherId: unknown): Promise<Chat> {
    return this.requireFrom(em, me, otherId);
  }

  private async requireFrom(reader: DataSource | EntityManager, me: string, otherId: unknown): Promise<Chat> {
    if (typeof otherId !== "string" || !otherId || otherId === me || otherId.length > 36) throw notFound(CHAT_MESSAGES.chatNotFound);
    // Every message and every subscription starts here: plain SQL through the pair's unique index.
    const pair = pairOf(me, otherId);
    const [chat] = await entityQuery(reader, Chat, "SELECT * FROM chats WHERE userLowId = :low AND userHighId = :high", {
      low: pair.userLowId,
      high: pair.userHighId,
    });
    if (!chat) throw notFound(CHAT_MESSAGES.chatNotFound);
    return chat;
  }

  /** CONFLICT for a chat that is no longer in progress. */
  stateError(chat: Pick<Chat, "status">) {
    if (chat.status === "suspended") return conflict(CHAT_MESSAGES.chatSuspended);
    return conflict(chat.status === "closed" ? CHAT_MESSAGES.chatClosed : CHAT_MESSAGES.chatCompleted);
  }

  /**
   * Closes every chat in progress of a student who leaves (account deleted, or suspended by an
   * operator), inside `em`: coins held for a paid lesson go back to the learner through the
   * ledger, nobody is rewarded; both pages hear of it once committed. Returns the coins refunded.
   */
  async closeAllOf(em: EntityManager, userId: string): Promise<{ chats: number; refundedCoins: number }> {
    const open = await this.repo(em).find({
      where: [
        { userLowId: userId, status: "in_progress" },
        { userHighId: userId, status: "in_progress" },
      ],
    });
    const now = this.deps.clock.now();
    let refundedCoins = 0;
    let chats = 0;
    for (const chat of open) {
      const res = await em
        .createQueryBuilder()
        .update(Chat)
        .set({ status: "closed", endedAt: now })
        .where("id = :id AND status = :status", { id: chat.id, status: "in_progress" })
        .execute();
      if (!res.affected) continue;
      chats++;
      await this.ended(em, chat, userId);
      if (chat.escrowRef && chat.coins > 0) refundedCoins += (await this.c.ledger.refund(chat.escrowRef, em)).coins;
      const fresh = await this.repo(em).findOneOrFail({ where: { id: chat.id } });
      afterCommit(em, () => this.publishState(fresh));
    }
    return { chats, refundedCoins };
  }

  /** Chats by id, read by `reader`: the pool (`deps.dataSource`) or the caller's transaction. */
  chatsByIds(ids: readonly string[], reader: DataSource | EntityManager): Promise<Chat[]> {
    return ids.length ? reader.getRepository(Chat).find({ where: { id: In([...new Set(ids)]) } }) : Promise.resolve([]);
  }

  /** A student's chats (any state) with every message, and the reports they made: for their data export. */
  async exportFor(userId: string): Promise<{ chats: Array<Chat & { messages: ChatMessage[] }>; reportsMade: ChatReport[] }> {
    const m = this.deps.dataSource.manager;
    const chats = await m.getRepository(Chat).find({ where: [{ userLowId: userId }, { userHighId: userId }], order: { startDate: "ASC" } });
    const messages = chats.length
      ? await m.getRepository(ChatMessage).find({ where: { chatId: In(chats.map((c) => c.id)) }, order: { chatId: "ASC", seq: "ASC" } })
      : [];
    const byChat = new Map<string, ChatMessage[]>();
    for (const msg of messages) byChat.set(msg.chatId, [...(byChat.get(msg.chatId) ?? []), msg]);
    const reportsMade = await m.getRepository(ChatReport).find({ where: { reporterId: userId }, order: { createdAt: "ASC" } });
    return { chats: chats.map((c) => ({ ...c, messages: byChat.get(c.id) ?? [] })), reportsMade };
  }

  assertDetailsFilled(userId: string): Promise<void> {
    return this.c.profiles.assertDetailsFilled(userId);
  }

  /**
   * The caller's chats, latest activity first, keyset-paged on (lastActivityAt, id): a chat that
   * becomes active meanwhile moves to the top (where the client's live updates put it) and is
   * never served twice.
   */
  async listPage(me: string, opts: { first?: number | null; after?: string | null } = {}): Promise<Connection<ChatListItemView>> {
    const first = pageSize("first", opts.first, CHAT_LIST_PAGE_SIZE);
    const after = opts.after ? decodeTimeKey(LIST_CURSOR, opts.after) : null;
    const [rows] = await Promise.all([this.listRows(me, first + 1, after), this.assertDetailsFilled(me)]);
    return forwardPage(rows, first, after, chatListCursor);
  }

  private async listRows(me: string, take: number, after: TimeKey | null): Promise<ChatListItemView[]> {
    // Raw SQL with only the list's columns: every chat page load reads this.
    const rows = await rawQuery<ListRow>(
      this.deps.dataSource,
      `SELECT c.id AS id, c.requesterId AS requesterId, c.receiverId AS receiverId, c.status AS status, c.lastActivityAt AS lastActivityAt,
              c.lastMessagePreview AS lastMessagePreview, c.lastMessageSenderId AS lastMessageSenderId,
              c.messageCount AS messageCount, c.requesterReadSeq AS requesterReadSeq, c.receiverReadSeq AS receiverReadSeq
         FROM chats c WHERE (c.userLowId = :me OR c.userHighId = :me)${after ? " AND (c.lastActivityAt < :at OR (c.lastActivityAt = :at AND c.id < :cid))" : ""}
        ORDER BY c.lastActivityAt DESC, c.id DESC LIMIT ${Math.floor(take)}`,
      { me, ...(after ? { at: after.at, cid: after.id } : {}) },
    );
    // The date is passed beside the row, not spread into a copy of it (30 a page) nor written into it.
    return rows.map((r) => listItemOf(r, me, readDate(r.lastActivityAt)));
  }

  /** The caller's chat with `otherId`: DETAILS_NOT_FILLED until the caller's profile is filled, then NOT_FOUND 'Chat not found' when there is none. */
  async view(me: string, otherId: unknown): Promise<ChatView> {
    await this.assertDetailsFilled(me);
    const chat = await this.require(me, otherId);
    return toChatView(chat, me, this.deps.clock.now());
  }

  /** Stores an http(s) link (or clears it with an empty one) for both participants. */
  async setMeetingLink(me: string, otherId: unknown, rawLink: unknown): Promise<ChatView> {
    const link = normalizeMeetingLink(rawLink);
    const chat = await this.deps.tx(async (em) => {
      const chat = await this.requireIn(em, me, otherId);
      if (chat.status !== "in_progress") throw this.stateError(chat);
      const res = await em
        .createQueryBuilder()
        .update(Chat)
        .set({ meetingLink: link })
        .where("id = :id AND status = :status", { id: chat.id, status: "in_progress" })
        .execute();
      const fresh = await this.repo(em).findOneOrFail({ where: { id: chat.id } });
      if (!res.affected) throw this.stateError(fresh);
      afterCommit(em, () => this.publishState(fresh));
      return fresh;
    });
    return toChatView(chat, me, this.deps.clock.now());
  }

  /** Tells both participants' open pages what changed (link, finish, report), once committed. */
  publishState(chat: Chat): void {
    void this.announce(chat);
  }

  /** What publishState does, to await (it never throws: a failure is logged). */
  async announce(chat: Chat): Promise<void> {
    await Promise.all([
      this.listEvents.chatChanged(chat),
      (async () => {
        const users = await this.c.users.summaries([chat.requesterId, chat.receiverId]);
        this.deps.pubsub.publish("CHAT_UPDATED", chat.id, {
          participantIds: [chat.requesterId, chat.receiverId],
          payload: chatStateEvent(chat, [...users.values()]),
        });
      })().catch((err) => this.deps.logger.error({ err }, "publishing a chat update failed")),
    ]);
  }
}
