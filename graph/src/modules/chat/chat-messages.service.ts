import { type EntityManager, LessThan, MoreThan } from "typeorm";
import { afterCommit } from "../../db/transaction.js";
import { decodeCursor, encodeCursor } from "../../shared/cursor.js";
import type { Deps } from "../../shared/deps.js";
import { badInput } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import { backwardPage, type Connection, forwardPage, pageSize } from "../../shared/pagination.js";
import { Chat } from "./chat.entity.js";
import { cleanMessageBody, DEFAULT_PAGE_SIZE, MAX_REST_MESSAGES } from "./chat.rules.js";
import type { ChatCollaborators, ChatService } from "./chat.service.js";
import type { ChatMessageView } from "./chat.types.js";
import { messageEvent, toMessageView } from "./chat-views.js";
import { ChatMessage } from "./message.entity.js";

const PREVIEW_CHARS = 140;

/** Sending and paging a chat's messages. */
export class ChatMessagesService {
  constructor(
    private readonly deps: Deps,
    private readonly c: ChatCollaborators,
    private readonly chats: ChatService,
  ) {}

  private repo(em?: EntityManager) {
    return (em ?? this.deps.dataSource.manager).getRepository(ChatMessage);
  }

  /**
   * Stores a message from the caller to the partner and, once committed, publishes it to
   * both participants. Only while the chat is in progress; rate-limited per sender.
   */
  async send(me: string, otherId: unknown, rawBody: unknown, rawClientId?: unknown): Promise<ChatMessageView> {
    const body = cleanMessageBody(rawBody);
    const clientId = typeof rawClientId === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(rawClientId) ? rawClientId : null;
    // Checked before the limit so a stranger's attempts on a chat they are not in cost no database writes.
    const known = await this.chats.require(me, otherId);
    if (known.status !== "in_progress") throw this.chats.stateError(known);
    await this.c.users.assertVerified(me);
    await this.c.rateLimits.consume(["chat_message", me]);
    const view = await this.deps.tx(async (em) => {
      const now = this.deps.clock.now();
      // Numbering through the chat row serialises a chat's messages and refuses a chat that was
      // reported or finished meanwhile (the status condition), in the same statement.
      const res = await em
        .createQueryBuilder()
        .update(Chat)
        .set({
          messageCount: () => "messageCount + 1",
          lastActivityAt: now,
          lastMessagePreview: [...body].slice(0, PREVIEW_CHARS).join(""),
          lastMessageSenderId: me,
        })
        .where("id = :id AND status = :status", { id: known.id, status: "in_progress" })
        .execute();
      const chat = await this.chats.repo(em).findOneOrFail({ where: { id: known.id } });
      if (!res.affected) throw this.chats.stateError(chat);
      const row = this.repo(em).create({
        id: newId(),
        chatId: chat.id,
        seq: chat.messageCount,
        senderId: me,
        receiverId: chat.requesterId === me ? chat.receiverId : chat.requesterId,
        body,
        createdAt: now,
      });
      await this.repo(em).insert(row);
      // Sending marks everything before it read for the sender (a separate statement: MySQL's SET
      // would read the incremented messageCount, SQLite's the old one).
      const marker = chat.requesterId === me ? "requesterReadSeq" : "receiverReadSeq";
      await em
        .createQueryBuilder()
        .update(Chat)
        .set({ [marker]: chat.messageCount })
        .where(`id = :id AND ${marker} < :seq`, { id: chat.id, seq: chat.messageCount })
        .execute();
      const v = toMessageView(row, clientId);
      afterCommit(em, () => {
        this.deps.pubsub.publish("MESSAGE_ADDED", chat.id, {
          participantIds: [chat.requesterId, chat.receiverId],
          payload: messageEvent(v),
        });
        this.c.notifications.messageSent({ senderId: me, recipientId: row.receiverId, body });
        this.chats.reads.publishTotal(row.receiverId);
      });
      return v;
    });
    return view;
  }

  /**
   * A page of a chat's messages, oldest first, keyset-paged on seq. Backwards (`last`, `before`:
   * the newest `last` without `before`, scrolling up with it) unless `first`/`after` are given
   * (the messages after a seq, e.g. to catch up). Both directions at once are refused.
   */
  async page(
    chatId: string,
    opts: { first?: number | null; after?: string | null; last?: number | null; before?: string | null } = {},
  ): Promise<Connection<ChatMessageView>> {
    const forward = opts.first != null || opts.after != null;
    if (forward && (opts.last != null || opts.before != null)) throw badInput("Page with first/after or with last/before, not both");
    const repo = this.repo();
    if (forward) {
      const first = pageSize("first", opts.first, DEFAULT_PAGE_SIZE);
      const after = opts.after ? decodeSeq(opts.after) : null;
      const rows = await repo.find({
        where: after !== null ? { chatId, seq: MoreThan(after) } : { chatId },
        order: { seq: "ASC" },
        take: first + 1,
      });
      return forwardPage(rows, first, after, seqCursor, (r) => toMessageView(r));
    }
    const last = pageSize("last", opts.last, DEFAULT_PAGE_SIZE);
    const before = opts.before ? decodeSeq(opts.before) : null;
    const rows = await repo.find({
      where: before !== null ? { chatId, seq: LessThan(before) } : { chatId },
      order: { seq: "DESC" },
      take: last + 1,
    });
    return backwardPage(rows, last, before, seqCursor, (r) => toMessageView(r));
  }

  /** The newest `count` messages, oldest first: the old client's chat payload and the moderators' evidence. */
  async latest(chatId: string, count = MAX_REST_MESSAGES): Promise<ChatMessageView[]> {
    const rows = await this.repo().find({ where: { chatId }, order: { seq: "DESC" }, take: count });
    return rows.reverse().map((r) => toMessageView(r));
  }
}

const MESSAGES_CURSOR = "messages";

/** A message's cursor (its seq in the chat); the ChatMessage type's `seq` is the same position. */
export const seqCursor = (m: { seq: number }) => encodeCursor(MESSAGES_CURSOR, [m.seq]);

function decodeSeq(cursor: string): number {
  return decodeCursor(MESSAGES_CURSOR, cursor, ([seq]) => (Number.isSafeInteger(seq) ? (seq as number) : undefined));
}
