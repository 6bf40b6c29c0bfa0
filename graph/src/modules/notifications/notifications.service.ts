import { type Port } from "../../shared/port.js";
import { type EntityManager, In, LessThan } from "typeorm";
import { afterCommit } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { decodeTimeKey, encodeTimeKey } from "../../shared/cursor.js";
import { badInput, forbidden, notFound } from "../../shared/errors.js";
import { formerStudent } from "../../shared/graphql-types.js";
import { newId } from "../../shared/ids.js";
import { type Connection, connection, pageSize } from "../../shared/pagination.js";
import type { UsersService, UserSummary } from "../accounts/users.service.js";
import { INFO_TYPES, Notification, NOTIFICATION_TYPES, type NotificationType } from "./notification.entity.js";
import type { NotificationMailService } from "./notification-mail.service.js";
import type { NotificationEvent } from "./notification-events.js";
import type { PushService } from "./push.service.js";
import type { NotificationView } from "./notifications.types.js";
import { MESSAGE_NOTICE_CHANNEL, type MessageNotice, messageNoticeChannel } from "./message-notice.js";

export interface NotifyInput {
  recipientId: string;
  notifierId: string;
  type: NotificationType;
  message: string;
  preachSkill?: { skill: string; category: string } | null;
  learnSkill?: { skill: string; category: string } | null;
  skillCoins?: number | null;
  refId?: string | null;
}

export const NOTIFICATIONS_PAGE_SIZE = 20;
const CURSOR_KIND = "notifications";

/** A notification's keyset position: (createdAt, id), newest first. */
const notificationCursor = (n: Pick<NotificationView, "createdAt" | "id">) => encodeTimeKey(CURSOR_KIND, { at: n.createdAt, id: n.id });

export class NotificationsService {
  constructor(
    private readonly deps: Deps,
    private readonly users: UsersService,
    /** Throws DETAILS_NOT_FILLED for a user whose profile is incomplete (filled by the profiles module). */
    private readonly profiles: Port<{ assertDetailsFilled(userId: string): Promise<void> }>,
    /** Whether the student has the app open (a realtime socket, on any instance): they get no mail or push for a message. */
    private readonly isOnline: (userId: string) => Promise<boolean>,
    /** Mails the notification per the recipient's settings (instant after commit, or queued for the digest). */
    private readonly mail?: Pick<NotificationMailService, "notified" | "messageSent">,
    /** Pushes the notification to the recipient's devices per their push choices (queued in the same transaction). */
    private readonly push?: Pick<PushService, "notified" | "messageSent">,
  ) {}

  /** Inside `em`'s transaction: every write goes through here. */
  private repo(em: EntityManager) {
    return em.getRepository(Notification);
  }

  /** Reads outside a transaction (lists, counts, export). */
  private reader() {
    return this.deps.dataSource.getRepository(Notification);
  }

  /**
   * Stores a notification for its recipient inside the caller's transaction `em` and, once it
   * has committed, publishes it to the recipient's subscription.
   */
  async notify(input: NotifyInput, em: EntityManager): Promise<Notification> {
    if (!NOTIFICATION_TYPES.includes(input.type)) throw badInput(`Unknown notification type ${input.type}`);
    const row: Notification = this.repo(em).create({
      id: newId(),
      recipientId: input.recipientId,
      notifierId: input.notifierId,
      type: input.type,
      message: input.message.slice(0, 500),
      preachSkill: input.preachSkill?.skill ?? null,
      preachCategory: input.preachSkill?.category ?? null,
      learnSkill: input.learnSkill?.skill ?? null,
      learnCategory: input.learnSkill?.category ?? null,
      skillCoins: input.skillCoins ?? null,
      refId: input.refId ?? null,
      createdAt: this.deps.clock.now(),
    });
    await this.repo(em).insert(row);
    await this.mail?.notified(row, em);
    await this.push?.notified(row, em);
    afterCommit(em, () => {
      void this.publish(row).catch((err) => this.deps.logger.error({ err }, "publishing a notification failed"));
    });
    return row;
  }

  /**
   * Whether a message to the student needs a notice (mail or push) at all, read before the message's
   * transaction: not while they have the app open, the usual case of a conversation, which then writes
   * no outbox item. Delivery reads presence again (they may have closed the app meanwhile).
   */
  async wantsMessageNotice(recipientId: string): Promise<boolean> {
    if (!this.mail && !this.push) return false;
    return !(await this.isOnline(recipientId));
  }

  /**
   * A chat message is being stored (and `wantsMessageNotice` said so): its mail and push are recorded in
   * the message's transaction (one outbox item, delivered once it committed: message-notice.ts), so
   * neither is lost to a stop right after the commit. One notice per message.
   */
  async messageSent(em: EntityManager, m: MessageNotice): Promise<void> {
    if (!this.mail && !this.push) return;
    await this.deps.outbox.enqueue(em, MESSAGE_NOTICE_CHANNEL, m, { key: `message:${m.messageId}` });
  }

  /** The outbox channel delivering those notices (registered in services.ts). */
  messageNoticeChannel() {
    const senders = [this.mail, this.push].flatMap((s) => (s ? [(m: MessageNotice) => s.messageSent(m)] : []));
    return messageNoticeChannel(senders);
  }

  private async publish(row: Notification): Promise<void> {
    const [view] = await this.views([row]);
    const payload: NotificationEvent = { ...view, createdAt: view.createdAt.toISOString() };
    this.deps.pubsub.publish("NOTIFICATION_ADDED", row.recipientId, { recipientId: row.recipientId, notificationId: row.id, payload });
  }

  /** Removes the notifications about one request (it was accepted, rejected or withdrawn). */
  async removeByRef(refId: string, em: EntityManager): Promise<void> {
    await this.repo(em).delete({ refId });
  }

  /** A deleted student's notifications: those addressed to them and those they caused (their name is in the text). */
  async deleteAllOf(em: EntityManager, userId: string): Promise<void> {
    await this.repo(em).delete({ recipientId: userId });
    await this.repo(em).delete({ notifierId: userId });
  }

  /** Every notification addressed to the student, oldest first: for their data export. */
  exportFor(userId: string): Promise<Notification[]> {
    return this.reader().find({ where: { recipientId: userId }, order: { createdAt: "ASC", id: "ASC" } });
  }

  /** The recipient's notifications, newest first, keyset-paged on (createdAt, id), each with its notifier; only once their profile is filled (DETAILS_NOT_FILLED sends the others to /p first). */
  async page(userId: string, opts: { first?: number | null; after?: string | null } = {}): Promise<Connection<NotificationView>> {
    await this.profiles.get().assertDetailsFilled(userId);
    const first = pageSize("first", opts.first, NOTIFICATIONS_PAGE_SIZE);
    const after = opts.after ? decodeTimeKey(CURSOR_KIND, opts.after) : null;
    const mine = { recipientId: userId };
    const rows = await this.reader().find({
      where: after
        ? [
            { ...mine, createdAt: LessThan(after.at) },
            { ...mine, createdAt: after.at, id: LessThan(after.id) },
          ]
        : mine,
      order: { createdAt: "DESC", id: "DESC" },
      take: first + 1,
    });
    const views = await this.views(rows.slice(0, first));
    return connection(views, (v) => notificationCursor(v), { hasNextPage: rows.length > first, hasPreviousPage: after !== null });
  }

  async countFor(userId: string): Promise<number> {
    return this.reader().count({ where: { recipientId: userId } });
  }

  /**
   * Ok on informational notifications, the caller's only: one by `id` (NOT_FOUND unless it is the
   * caller's), or every one from `notifierId` of `type`. A notification that needs an answer is
   * FORBIDDEN either way. Returns how many were removed.
   */
  async dismiss(userId: string, which: { id: string } | { notifierId: string; type: string }): Promise<number> {
    const refuse = () => forbidden("Accept or reject this request instead");
    if ("id" in which) {
      const row = await this.reader().findOne({ where: { id: which.id } });
      if (!row || row.recipientId !== userId) throw notFound("Notification not found");
      if (!INFO_TYPES.has(row.type)) throw refuse();
      await this.deps.tx((em) => this.repo(em).delete({ id: which.id, recipientId: userId }));
      return 1;
    }
    const type = which.type as NotificationType;
    if (!INFO_TYPES.has(type)) throw refuse();
    const res = await this.deps.tx((em) => this.repo(em).delete({ recipientId: userId, notifierId: which.notifierId, type }));
    return res.affected ?? 0;
  }

  async views(rows: Notification[]): Promise<NotificationView[]> {
    const users = await this.users.summaries(rows.map((r) => r.notifierId));
    return rows.map((r) => toView(r, users.get(r.notifierId)));
  }

  async byIds(ids: string[]): Promise<Notification[]> {
    return ids.length ? this.reader().find({ where: { id: In(ids) } }) : [];
  }
}

function toView(r: Notification, notifier: UserSummary | undefined): NotificationView {
  return {
    id: r.id,
    type: r.type,
    message: r.message,
    preachSkill: r.preachSkill ? { skill: r.preachSkill, category: r.preachCategory ?? "Other" } : null,
    learnSkill: r.learnSkill ? { skill: r.learnSkill, category: r.learnCategory ?? "Other" } : null,
    skillCoins: r.skillCoins,
    refId: r.refId,
    dismissible: INFO_TYPES.has(r.type),
    notifier: notifier ?? formerStudent(r.notifierId),
    createdAt: r.createdAt,
  };
}
