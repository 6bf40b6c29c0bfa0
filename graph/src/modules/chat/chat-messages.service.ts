import { type EntityManager, LessThan, MoreThan } from "typeorm";
import { entityInsert, isSqlite, rawQuery } from "../../db/sql.js";
import { afterCommit } from "../../db/transaction.js";
import { decodeCursor, encodeCursor } from "../../shared/cursor.js";
import type { AuthUser } from "../../kit/context.js";
import type { Deps } from "../../shared/deps.js";
import { badInput } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import { backwardPage, type Connection, forwardPage, pageSize } from "../../shared/pagination.js";
import { Chat } from "./chat.entity.js";
import { cleanMessageBody, DEFAULT_PAGE_SIZE, MAX_REST_MESSAGES } from "./chat.rules.js";
import type { ChatListEvents } from "./chat-list-events.js";
import type { ChatCollaborators, ChatRows } from "./chat-parts.js";
import type { ChatReadsService } from "./chat-reads.service.js";
import type { ChatMessageView } from "./chat.types.js";
import { messageEvent, toMessageView } from "./chat-views.js";
import { ChatMessage } from "./message.entity.js";

const PREVIEW_CHARS = 140;

/** Sending and paging a chat's messages. */
export class ChatMessagesService {
  constructor(
    private readonly deps: Deps,
    private readonly c: Pick<ChatCollaborators, "users" | "rateLimits" | "notifications">,
    private readonly chats: Pick<ChatRows, "require" | "stateError">,
    private readonly reads: Pick<ChatReadsService, "publishTotal">,
    private readonly listEvents: Pick<ChatListEvents, "chatChanged">,
  ) {}

  /** Message reads outside a transaction go through the pool. */
  private pool() {
    return this.deps.dataSource.getRepository(ChatMessage);
  }

  /**
   * Stores a message from the caller to the partner and, once committed, publishes it to
   * both participants. Only while the chat is in progress; rate-limited per sender.
   */
  async send(caller: AuthUser, otherId: unknown, rawBody: unknown, rawClientId?: unknown): Promise<ChatMessageView> {
    const me = caller.id;
    const body = cleanMessageBody(rawBody);
    const clientId = typeof rawClientId === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(rawClientId) ? rawClientId : null;
    // Checked before the limit so a stranger's attempts on a chat they are not in cost no database
    // writes; the chat, the sender's verified address and whether the partner (the recipient) needs a
    // mail or push for it are read at once (one wait).
    const [found, verified, notice] = await Promise.allSettled([
      this.chats.require(me, otherId),
      this.c.users.assertVerified(caller),
      typeof otherId === "string" ? this.c.notifications.wantsMessageNotice(otherId) : Promise.resolve(true),
    ]);
    if (found.status === "rejected") throw found.reason;
    const known = found.value;
    if (known.status !== "in_progress") throw this.chats.stateError(known);
    if (verified.status === "rejected") throw verified.reason;
    // Presence unknown (Redis down): record the notice, as delivery will ask again.
    const wantsNotice = notice.status === "rejected" || notice.value;
    // A message our side fails to store (the database down) gives its point back (spend).
    const view = await this.c.rateLimits.spend([["chat_message", me]], () =>
      this.deps.tx(async (em) => {
        const now = this.deps.clock.now();
        const preview = [...body].slice(0, PREVIEW_CHARS).join("");
        const seq = await this.nextSeq(em, known, me, preview, now);
        if (seq === null) throw this.chats.stateError(await em.getRepository(Chat).findOneOrFail({ where: { id: known.id } }));
        const row = em.getRepository(ChatMessage).create({
          id: newId(),
          chatId: known.id,
          seq,
          senderId: me,
          receiverId: known.requesterId === me ? known.receiverId : known.requesterId,
          body,
          createdAt: now,
        });
        // Every message: a plain INSERT, without a query builder made for it.
        await entityInsert(em, ChatMessage, row);
        const v = toMessageView(row, clientId);
        // Its mail and push: recorded with the message, sent once it committed (none while the partner has the app open).
        if (wantsNotice) await this.c.notifications.messageSent(em, { messageId: row.id, senderId: me, recipientId: row.receiverId, body });
        afterCommit(em, () => {
          this.deps.pubsub.publish("MESSAGE_ADDED", known.id, {
            participantIds: [known.requesterId, known.receiverId],
            payload: messageEvent(v),
          });
          this.reads.publishTotal(row.receiverId);
          // The list row after this message, as the update above left it; the partner's marker as read before (no read after commit).
          void this.listEvents.chatChanged({
            ...known,
            status: "in_progress",
            lastActivityAt: now,
            lastMessagePreview: preview,
            lastMessageSenderId: me,
            messageCount: seq,
            ...(known.requesterId === me ? { requesterReadSeq: seq } : { receiverReadSeq: seq }),
          });
        });
        return v;
      }),
    );
    return view;
  }

  /**
   * Numbers the next message through the chat row, in one statement that also refuses a chat
   * reported or finished meanwhile (the status condition; null then), serialises a chat's
   * messages (the row lock), updates the list's preview and marks everything up to the new
   * message read for the sender. The new count comes back with the update itself: RETURNING on
   * SQLite, LAST_INSERT_ID(expr) on MySQL/MariaDB (the connection's last insert id, answered in
   * the update's OK packet), so no read follows. The read marker is assigned before the counter
   * and from `messageCount + 1`: right whether the database evaluates assignments left to right
   * (MySQL) or all from the old row (SQLite, MariaDB's SIMULTANEOUS_ASSIGNMENT).
   */
  private async nextSeq(em: EntityManager, chat: Chat, me: string, preview: string, now: Date): Promise<number | null> {
    const marker = chat.requesterId === me ? "requesterReadSeq" : "receiverReadSeq";
    const sqlite = isSqlite(em);
    const sql = `UPDATE chats SET ${marker} = CASE WHEN ${marker} < messageCount + 1 THEN messageCount + 1 ELSE ${marker} END,
        messageCount = ${sqlite ? "messageCount + 1" : "LAST_INSERT_ID(messageCount + 1)"},
        lastActivityAt = :now, lastMessagePreview = :preview, lastMessageSenderId = :me
      WHERE id = :id AND status = 'in_progress'${sqlite ? " RETURNING messageCount" : ""}`;
    const res = (await rawQuery(em, sql, { now, preview, me, id: chat.id })) as unknown;
    if (sqlite) {
      const [row] = res as Array<{ messageCount: number }>;
      return row ? Number(row.messageCount) : null;
    }
    const ok = res as { affectedRows: number; insertId: number | string };
    return ok.affectedRows ? Number(ok.insertId) : null;
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
    const repo = this.pool();
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

  /**
   * The first `count` messages after `afterSeq`, oldest first: what a subscriber that last saw `afterSeq`
   * missed (messageAdded's catch-up; read through the pool, after it started listening).
   */
  async after(chatId: string, afterSeq: number, count: number): Promise<ChatMessageView[]> {
    const rows = await this.pool().find({ where: { chatId, seq: MoreThan(afterSeq) }, order: { seq: "ASC" }, take: count });
    return rows.map((r) => toMessageView(r));
  }

  /** The newest `count` messages, oldest first: the old client's chat payload and the moderators' evidence. */
  async latest(chatId: string, count = MAX_REST_MESSAGES): Promise<ChatMessageView[]> {
    const rows = await this.pool().find({ where: { chatId }, order: { seq: "DESC" }, take: count });
    return rows.reverse().map((r) => toMessageView(r));
  }
}

const MESSAGES_CURSOR = "messages";

/** A message's cursor (its seq in the chat); the ChatMessage type's `seq` is the same position. */
export const seqCursor = (m: { seq: number }) => encodeCursor(MESSAGES_CURSOR, [m.seq]);

function decodeSeq(cursor: string): number {
  return decodeCursor(MESSAGES_CURSOR, cursor, ([seq]) => (Number.isSafeInteger(seq) ? (seq as number) : undefined));
}
