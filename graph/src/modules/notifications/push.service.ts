import { createHash } from "node:crypto";
import type { EntityManager } from "typeorm";
import {
  defaultPush,
  isPushKind,
  MAX_PUSH_DEVICES,
  PUSH_KINDS,
  PUSH_MESSAGES as M,
  type PushKind,
} from "../../../../common/notifications.js";
import type { Deps } from "../../shared/deps.js";
import { badInput, conflict, notFound } from "../../shared/errors.js";
import { decodeTimeKey, encodeTimeKey } from "../../shared/cursor.js";
import { newId } from "../../shared/ids.js";
import { type Connection, pageSize, slicePage } from "../../shared/pagination.js";
import type { UsersService } from "../accounts/users.service.js";
import type { Notification } from "./notification.entity.js";
import type { MessageNotice } from "./message-notice.js";
import { MAIL_KIND_OF } from "./notification-kinds.js";
import { PUSH_CHANNEL, PushChannel, type PushJob } from "./push-channel.js";
import { cleanSubscription, deviceLabel, MAX_ENDPOINT, type PushSubscriptionInput } from "./push-endpoint.js";
import { type LessonPushEvent, lessonPush, messagePush, notificationPush, type PushMessage } from "./push-messages.js";
import { NotificationPushSetting } from "./push-setting.entity.js";
import { PushSubscription } from "./push-subscription.entity.js";

export interface PushSettingView {
  kind: PushKind;
  enabled: boolean;
}

/** A device as its owner sees it: the endpoint lets the page tell which one is the browser it runs in. */
export interface PushDeviceView {
  id: string;
  label: string;
  endpoint: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const DEVICES_CURSOR = "push-devices";
const hashOf = (endpoint: string) => createHash("sha256").update(endpoint).digest("hex");

/**
 * Web Push: the devices (browsers) each student turned push on for, their per-kind choices, and the
 * pushes themselves. Every event that mails (or queues a digest line) also pushes, at the same
 * point: a notification in its transaction, a chat message to a recipient with no open socket
 * after its commit, lesson proposals, answers and reminders. Each push to each device is one item
 * of the outbox (written in the event's transaction), delivered by `PushChannel`. Nothing is pushed
 * to a student who may not be reached (unverified, suspended, deleted).
 */
export class PushService {
  /** The outbox's "push" channel (registered on `deps.outbox` here). */
  readonly channel: PushChannel;

  constructor(
    private readonly deps: Deps,
    private readonly c: {
      users: Pick<UsersService, "summaries" | "summariesIn" | "mailRecipients" | "mailRecipientsIn" | "lock">;
      /** Whether the student has the app open (a live realtime connection on any instance). */
      isOnline: (userId: string) => Promise<boolean>;
    },
  ) {
    this.channel = new PushChannel(deps, c.users);
    deps.outbox.register(this.channel);
  }

  /** The VAPID public key browsers subscribe with (`applicationServerKey`), base64url. */
  publicKey(): string {
    return this.deps.config.push.publicKey;
  }

  /** On `db`: a transaction's manager (every write), or `this.pool` for a read outside one. */
  private devices(db: EntityManager) {
    return db.getRepository(PushSubscription);
  }

  private settings(db: EntityManager) {
    return db.getRepository(NotificationPushSetting);
  }

  /** The pool's manager: named where a read runs outside any transaction. */
  private get pool(): EntityManager {
    return this.deps.dataSource.manager;
  }

  // ---- devices -------------------------------------------------------------------------------

  /**
   * Turns push on for the caller's browser (its `PushSubscription`). Subscribing the same browser
   * again refreshes its keys; a browser another student had subscribed (a shared computer) moves to
   * the caller, so pushes follow whoever turned them on last there.
   */
  async subscribe(userId: string, input: PushSubscriptionInput, userAgent?: unknown): Promise<PushDeviceView> {
    const sub = cleanSubscription(input, this.deps.config.push.allowLocalEndpoints);
    const endpointHash = hashOf(sub.endpoint);
    const label = deviceLabel(userAgent);
    const now = this.deps.clock.now();
    const row = await this.deps.tx(async (em) => {
      // The student's row first: two browsers subscribing at once are counted one after the other.
      await this.c.users.lock(userId, em);
      const existing = await this.devices(em).findOne({ where: { endpointHash } });
      if (existing) {
        const changes = {
          userId,
          p256dh: sub.p256dh,
          auth: sub.auth,
          label,
          ...(existing.userId === userId ? {} : { createdAt: now, lastUsedAt: null }),
        };
        await this.devices(em).update({ id: existing.id }, changes);
        return { ...existing, ...changes };
      }
      if ((await this.devices(em).count({ where: { userId } })) >= MAX_PUSH_DEVICES) throw conflict(M.tooManyDevices);
      const fresh: PushSubscription = { id: newId(), userId, endpointHash, ...sub, label, createdAt: now, lastUsedAt: null };
      await this.devices(em).insert(fresh);
      return fresh;
    });
    return toDeviceView(row);
  }

  /** The caller's devices, newest first (at most MAX_PUSH_DEVICES). */
  async devicesOf(userId: string): Promise<PushDeviceView[]> {
    const rows = await this.devices(this.pool).find({
      where: { userId },
      order: { createdAt: "DESC", id: "DESC" },
      take: MAX_PUSH_DEVICES,
    });
    return rows.map(toDeviceView);
  }

  /** The caller's devices as a connection (newest first; the whole list is at most MAX_PUSH_DEVICES). */
  async devicePage(userId: string, opts: { first?: number | null; after?: string | null } = {}): Promise<Connection<PushDeviceView>> {
    const first = pageSize("first", opts.first, MAX_PUSH_DEVICES);
    const from = opts.after ? decodeTimeKey(DEVICES_CURSOR, opts.after) : null;
    const past = (d: PushDeviceView) =>
      !!from && (d.createdAt.getTime() < from.at.getTime() || (d.createdAt.getTime() === from.at.getTime() && d.id < from.id));
    return slicePage(await this.devicesOf(userId), first, from, past, (d) => encodeTimeKey(DEVICES_CURSOR, { at: d.createdAt, id: d.id }));
  }

  /** Turns push off for one of the caller's devices; NOT_FOUND for any other id (someone else's included). */
  async removeDevice(userId: string, id: unknown): Promise<void> {
    if (typeof id !== "string" || id.length > 36) throw notFound(M.deviceNotFound);
    const res = await this.deps.tx((em) => this.devices(em).delete({ id, userId }));
    if (!res.affected) throw notFound(M.deviceNotFound);
  }

  /**
   * Signing out in a browser with push on turns push off there: the caller's device with that
   * endpoint goes (a shared computer must not go on showing the previous student's notifications).
   * Anything else (no such device, another student's, not an endpoint) changes nothing.
   */
  async forgetBrowser(userId: string, endpoint: unknown): Promise<void> {
    if (typeof endpoint !== "string" || !endpoint || endpoint.length > MAX_ENDPOINT) return;
    await this.deps.tx((em) => this.devices(em).delete({ userId, endpointHash: hashOf(endpoint) }));
  }

  // ---- settings ------------------------------------------------------------------------------

  /** Every kind with the student's push choice (theirs, or the default). */
  async settingsOf(userId: string): Promise<PushSettingView[]> {
    const rows = await this.settings(this.pool).find({ where: { userId } });
    const chosen = new Map(rows.map((r) => [r.kind, Boolean(r.enabled)]));
    return PUSH_KINDS.map((kind) => ({ kind, enabled: chosen.get(kind) ?? defaultPush(kind) }));
  }

  private async enabled(userId: string, kind: PushKind, em: EntityManager): Promise<boolean> {
    const row = await this.settings(em).findOne({ where: { userId, kind } });
    return row ? Boolean(row.enabled) : defaultPush(kind);
  }

  /** Turns push on or off for some kinds (the others keep theirs); refuses unknown kinds and changes nothing then. */
  async update(userId: string, changes: ReadonlyArray<{ kind: unknown; enabled: unknown }>): Promise<PushSettingView[]> {
    if (!Array.isArray(changes) || changes.length > PUSH_KINDS.length * 2) throw badInput(M.badKind);
    for (const c of changes) {
      if (!isPushKind(c?.kind)) throw badInput(M.badKind, { field: "kind" });
      if (typeof c?.enabled !== "boolean") throw badInput(M.badEnabled, { field: "enabled" });
    }
    const now = this.deps.clock.now();
    await this.deps.tx(async (em) => {
      for (const c of changes as Array<{ kind: PushKind; enabled: boolean }>) {
        const res = await this.settings(em).update({ userId, kind: c.kind }, { enabled: c.enabled, updatedAt: now });
        if (!res.affected) await this.settings(em).insert({ userId, kind: c.kind, enabled: c.enabled, updatedAt: now });
      }
    });
    return this.settingsOf(userId);
  }

  // ---- pushing -------------------------------------------------------------------------------

  /** Called by `NotificationsService.notify` inside the notification's transaction, beside the mail. */
  async notified(row: Notification, em: EntityManager): Promise<void> {
    const kind = MAIL_KIND_OF[row.type];
    if (!kind) return;
    const notifier = (await this.c.users.summariesIn(em, [row.notifierId])).get(row.notifierId);
    await this.push(row.recipientId, kind, notificationPush(row, notifier?.name ?? "Someone"), em);
  }

  /** A chat message committed (delivered from its outbox item, message-notice.ts): a recipient without the app open gets a push (per their `message` choice). */
  async messageSent(m: MessageNotice): Promise<void> {
    if (await this.c.isOnline(m.recipientId)) return;
    const sender = (await this.c.users.summaries([m.senderId])).get(m.senderId);
    await this.deps.tx((em) =>
      this.push(m.recipientId, "message", messagePush(m, sender?.name ?? "Someone"), em, `message:${m.messageId}`),
    );
  }

  /** A lesson was proposed, scheduled, moved, cancelled or is about to start: `to` get a push naming their partner. */
  async lessonNotice(
    em: EntityManager,
    lesson: { id: string; proposerId: string; partnerId: string },
    event: LessonPushEvent,
    to: readonly string[],
  ): Promise<void> {
    const names = await this.c.users.summariesIn(em, [lesson.proposerId, lesson.partnerId]);
    for (const userId of to) {
      const partnerId = userId === lesson.proposerId ? lesson.partnerId : lesson.proposerId;
      await this.push(userId, "lesson", lessonPush(event, lesson.id, partnerId, names.get(partnerId)?.name ?? "your partner"), em);
    }
  }

  /**
   * One outbox item per device of the student, written in the caller's transaction `em`.
   * With `key`, each device's item is recorded once for it (a redelivered message notice).
   */
  private async push(userId: string, kind: PushKind, message: PushMessage, em: EntityManager, key?: string): Promise<void> {
    const devices = await this.devices(em).find({ where: { userId }, select: { id: true }, take: MAX_PUSH_DEVICES });
    if (devices.length === 0) return;
    if (!(await this.enabled(userId, kind, em))) return;
    if (!(await this.c.users.mailRecipientsIn(em, [userId], this.deps.clock.now())).has(userId)) return;
    for (const d of devices) {
      const job: PushJob = { deviceId: d.id, userId, message };
      await this.deps.outbox.enqueue(em, PUSH_CHANNEL, job, key === undefined ? {} : { key: `${key}:${d.id}` });
    }
  }

  // ---- a student's own data ------------------------------------------------------------------

  /** The devices (without their keys: a label, when added and last used) and the per-kind choices. */
  async exportFor(userId: string): Promise<{ devices: Array<Omit<PushDeviceView, "id">>; settings: PushSettingView[] }> {
    const devices = await this.devicesOf(userId);
    return {
      devices: devices.map((d) => ({ label: d.label, endpoint: d.endpoint, createdAt: d.createdAt, lastUsedAt: d.lastUsedAt })),
      settings: await this.settingsOf(userId),
    };
  }

  /** A deleted student's devices and choices go (a push still queued for them finds no device and is dropped). */
  async deleteAllOf(em: EntityManager, userId: string): Promise<void> {
    await this.devices(em).delete({ userId });
    await this.settings(em).delete({ userId });
  }
}

function toDeviceView(r: PushSubscription): PushDeviceView {
  return { id: r.id, label: r.label, endpoint: r.endpoint, createdAt: r.createdAt, lastUsedAt: r.lastUsedAt };
}
