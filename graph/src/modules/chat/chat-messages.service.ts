import { type EntityManager, LessThan } from "typeorm";
import { afterCommit } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { newId } from "../../shared/ids.js";
import { Chat } from "./chat.entity.js";
import { cleanMessageBody, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_REST_MESSAGES } from "./chat.rules.js";
import type { ChatCollaborators, ChatService } from "./chat.service.js";
import type { ChatMessagePage, ChatMessageView } from "./chat.types.js";
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
      const v = toMessageView(row, clientId);
      afterCommit(em, () => {
        this.deps.pubsub.publish("MESSAGE_ADDED", chat.id, { participantIds: [chat.requesterId, chat.receiverId], payload: messageEvent(v) });
        this.c.notifications.messageSent({ senderId: me, recipientId: row.receiverId, body });
      });
      return v;
    });
    return view;
  }

  /** Up to `last` messages before `before` (a seq), oldest first; the newest page without `before`. */
  async page(chatId: string, opts: { before?: number | null; last?: number | null } = {}, max = MAX_PAGE_SIZE): Promise<ChatMessagePage> {
    const take = Math.min(Math.max(1, Math.floor(opts.last ?? DEFAULT_PAGE_SIZE)), max);
    const before = opts.before ?? null;
    const rows = await this.repo().find({
      where: before !== null ? { chatId, seq: LessThan(before) } : { chatId },
      order: { seq: "DESC" },
      take: take + 1,
    });
    const hasOlder = rows.length > take;
    return { nodes: rows.slice(0, take).reverse().map((r) => toMessageView(r)), hasOlder };
  }

  /** The old client's chat payload: the newest messages (at most MAX_REST_MESSAGES), oldest first. */
  async latest(chatId: string): Promise<ChatMessageView[]> {
    return (await this.page(chatId, { last: MAX_REST_MESSAGES }, MAX_REST_MESSAGES)).nodes;
  }
}
