import { type Port } from "../../shared/port.js";
import { type EntityManager, In, LessThanOrEqual } from "typeorm";
import {
  DEFAULT_MAIL_MODES,
  isMailKind,
  isMailMode,
  MAIL_KINDS,
  MAIL_SETTINGS_MESSAGES as M,
  type MailKind,
  type MailMode,
} from "../../../../common/notifications.js";
import { DAY, HOUR } from "../../shared/clock.js";
import type { Deps } from "../../shared/deps.js";
import { badInput } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import type { UsersService } from "../accounts/users.service.js";
import type { JobRunner } from "../jobs/job-runner.js";
import { NotificationDigestItem } from "./digest-item.entity.js";
import { NotificationMailSetting } from "./mail-setting.entity.js";
import type { Notification } from "./notification.entity.js";
import type { MessageNotice } from "./message-notice.js";
import { MAIL_KIND_OF } from "./notification-kinds.js";
import { DIGEST_MAX_LINES, digestMail, instantMail, type MailLine } from "./notification-mails.js";
import { savedSearchOf, savedSearchScope, type UnsubscribeScope, UnsubscribeTokens } from "./unsubscribe-token.js";

export interface MailSettingView {
  kind: MailKind;
  mode: MailMode;
}

export const DIGEST_JOB = "notification-digest";
const USERS_PER_BATCH = 200;
const PREVIEW_CHARS = 120;

/**
 * Notifications by mail, per the student's settings (off / instant / daily digest per kind). An
 * instant mail is queued in the outbox in the notification's transaction (sent by the outbox worker
 * after it commits); a digest line is queued in that transaction and mailed by the daily
 * `notification-digest` job, which runs once across instances. Nothing is mailed to a student whose address is unverified, who is
 * suspended or whose account is deleted. Every mail carries a one-click unsubscribe link.
 */
export class NotificationMailService {
  readonly tokens: UnsubscribeTokens;

  constructor(
    private readonly deps: Deps,
    private readonly c: {
      users: Pick<UsersService, "mailRecipientsIn" | "standingOf" | "summaries" | "summariesIn">;
      /** Whether the student has the app open (a live realtime connection on any instance). */
      isOnline: (userId: string) => Promise<boolean>;
      /** Turns off one saved search's alerts (filled by the profiles module's saved searches): its mails' one-click unsubscribe. */
      savedSearches: Port<{
        alertsOff(userId: string, searchId: string): Promise<void>;
        alertsOn(userId: string, searchId: string): Promise<boolean>;
      }>;
    },
  ) {
    this.tokens = new UnsubscribeTokens(deps.config.jwtSecret);
  }

  /** Registers the daily digest with the job runner. */
  schedule(jobs: JobRunner): void {
    jobs.register({
      name: DIGEST_JOB,
      every: DAY,
      offset: this.deps.config.mailDigestHour * HOUR,
      run: async (now) => void (await this.sendDigests(now)),
    });
  }

  /** On `db`: a transaction's manager (every write), or `this.pool` for a read outside one. */
  private settings(db: EntityManager) {
    return db.getRepository(NotificationMailSetting);
  }

  private items(db: EntityManager) {
    return db.getRepository(NotificationDigestItem);
  }

  /** The pool's manager: named where a read runs outside any transaction. */
  private get pool(): EntityManager {
    return this.deps.dataSource.manager;
  }

  // ---- settings ------------------------------------------------------------------------------

  /** Every kind with the student's mode (their choice, or the default). */
  settingsOf(userId: string): Promise<MailSettingView[]> {
    return this.settingsOn(this.pool, userId);
  }

  private async settingsOn(db: EntityManager, userId: string): Promise<MailSettingView[]> {
    const rows = await this.settings(db).find({ where: { userId } });
    const chosen = new Map(rows.map((r) => [r.kind, r.mode]));
    return MAIL_KINDS.map((kind) => ({ kind, mode: chosen.get(kind) ?? DEFAULT_MAIL_MODES[kind] }));
  }

  modeOf(userId: string, kind: MailKind): Promise<MailMode> {
    return this.modeOn(this.pool, userId, kind);
  }

  private async modeOn(db: EntityManager, userId: string, kind: MailKind): Promise<MailMode> {
    const row = await this.settings(db).findOne({ where: { userId, kind } });
    return row?.mode ?? DEFAULT_MAIL_MODES[kind];
  }

  /** Changes some kinds' modes (the others keep theirs); refuses unknown kinds or modes and changes nothing then. */
  async update(userId: string, changes: ReadonlyArray<{ kind: unknown; mode: unknown }>): Promise<MailSettingView[]> {
    if (!Array.isArray(changes) || changes.length > MAIL_KINDS.length * 2) throw badInput(M.badKind);
    for (const c of changes) {
      if (!isMailKind(c?.kind)) throw badInput(M.badKind, { field: "kind" });
      if (!isMailMode(c?.mode)) throw badInput(M.badMode, { field: "mode" });
    }
    await this.deps.tx(async (em) => {
      for (const c of changes as Array<{ kind: MailKind; mode: MailMode }>) await this.write(em, userId, c.kind, c.mode);
    });
    return this.settingsOf(userId);
  }

  private async write(em: EntityManager, userId: string, kind: MailKind, mode: MailMode): Promise<void> {
    const now = this.deps.clock.now();
    const res = await this.settings(em).update({ userId, kind }, { mode, updatedAt: now });
    if (!res.affected) await this.settings(em).insert({ userId, kind, mode, updatedAt: now });
  }

  // ---- unsubscribe ---------------------------------------------------------------------------

  unsubscribeUrl(userId: string, scope: UnsubscribeScope): string {
    return `${this.deps.config.publicUrl}/api/unsubscribe?token=${encodeURIComponent(this.tokens.make(userId, scope))}`;
  }

  /** What a token would turn off (GET shows it before the student confirms), or null when it is not ours. */
  describeToken(token: unknown): { scope: UnsubscribeScope } | null {
    const t = this.tokens.read(token);
    return t ? { scope: t.scope } : null;
  }

  /**
   * Whether what a token names is off already (unsubscribed before, or turned off in the settings):
   * the page a mail's link opens says so instead of asking again. Null for a token that is not ours.
   */
  async alreadyOff(token: unknown): Promise<boolean | null> {
    const t = this.tokens.read(token);
    if (!t) return null;
    const searchId = savedSearchOf(t.scope);
    if (searchId) return !(await this.c.savedSearches.get().alertsOn(t.userId, searchId));
    if (t.scope === "digest") return !(await this.settingsOf(t.userId)).some((s) => s.mode === "digest");
    return (await this.modeOf(t.userId, t.scope as MailKind)) === "off";
  }

  /** One-click unsubscribe: the kind named by the token (or every kind now in the digest) goes off. */
  async unsubscribe(token: unknown): Promise<void> {
    const t = this.tokens.read(token);
    if (!t) throw badInput(M.linkInvalid, { field: "token" });
    const standing = (await this.c.users.standingOf([t.userId])).get(t.userId);
    if (!standing || standing.deletedAt) return; // nothing is mailed to a deleted account anyway
    const searchId = savedSearchOf(t.scope);
    if (searchId) {
      await this.c.savedSearches.get().alertsOff(t.userId, searchId);
      this.deps.logger.info({ userId: t.userId, searchId }, "unsubscribed from a saved search's alerts");
      return;
    }
    await this.deps.tx(async (em) => {
      const kinds =
        t.scope === "digest"
          ? (await this.settingsOn(em, t.userId)).filter((s) => s.mode === "digest").map((s) => s.kind)
          : [t.scope as MailKind];
      for (const kind of kinds) await this.write(em, t.userId, kind, "off");
    });
    this.deps.logger.info({ userId: t.userId, scope: t.scope }, "unsubscribed from notification mails");
  }

  // ---- sending -------------------------------------------------------------------------------

  /** Called by `NotificationsService.notify` inside the notification's transaction. */
  async notified(row: Notification, em: EntityManager): Promise<void> {
    const kind = MAIL_KIND_OF[row.type];
    if (!kind) return;
    const notifier = (await this.c.users.summariesIn(em, [row.notifierId])).get(row.notifierId);
    const name = notifier?.name ?? "Someone";
    const line = row.message.includes(name) ? row.message : `${name}: ${row.message}`;
    if (kind === "savedSearch" && row.refId) {
      // One saved search's alert: its own one-click link (in the digest line too, as the digest's header is the digest's).
      const scope = savedSearchScope(row.refId);
      const stop = ` Stop alerts for this saved search: ${this.unsubscribeUrl(row.recipientId, scope)}`;
      const link = `${this.deps.config.publicUrl}/dashboard?saved=${encodeURIComponent(row.refId)}`;
      return this.route(row.recipientId, row.notifierId, { kind, line: `${line}${stop}`, link, scope }, em);
    }
    const link =
      kind === "finish"
        ? `${this.deps.config.publicUrl}/user/chat/${row.notifierId}`
        : `${this.deps.config.publicUrl}/${row.recipientId}/notifications`;
    return this.route(row.recipientId, row.notifierId, { kind, line, link }, em);
  }

  /**
   * A chat message committed (delivered from its outbox item, message-notice.ts): a recipient without
   * the app open gets it by mail (per their `message` setting), written in a transaction of its own.
   * Presence is read first: a student reading the chat (the usual case) costs no database read.
   */
  async messageSent(m: MessageNotice): Promise<void> {
    if (await this.c.isOnline(m.recipientId)) return;
    if ((await this.modeOf(m.recipientId, "message")) === "off") return;
    const sender = (await this.c.users.summaries([m.senderId])).get(m.senderId);
    const preview = [...m.body].length > PREVIEW_CHARS ? `${[...m.body].slice(0, PREVIEW_CHARS).join("")}...` : m.body;
    const line = `${sender?.name ?? "Someone"} sent you a message: "${preview}"`;
    const item: MailLine = { kind: "message", line, link: `${this.deps.config.publicUrl}/user/chat/${m.senderId}` };
    await this.deps.tx((em) => this.route(m.recipientId, m.senderId, item, em, `message:${m.messageId}`));
  }

  /** `key`: the instant mail is recorded once per key (a redelivered message notice). */
  private async route(userId: string, aboutUserId: string, item: MailLine, em: EntityManager, key?: string): Promise<void> {
    const mode = await this.modeOn(em, userId, item.kind);
    if (mode === "off") return;
    if (mode === "digest") {
      await this.items(em).insert({
        id: newId(),
        userId,
        aboutUserId,
        kind: item.kind,
        line: item.line.slice(0, 600),
        link: item.link.slice(0, 300),
        createdAt: this.deps.clock.now(),
      });
      return;
    }
    // In the notification's transaction: a rolled-back notification is never mailed.
    const to = await this.recipient(userId, this.deps.clock.now(), em);
    if (!to) return;
    await this.deps.mail.queue(
      em,
      instantMail(to, item, { settings: this.settingsUrl(), unsubscribe: this.unsubscribeUrl(userId, item.scope ?? item.kind) }),
      key === undefined ? {} : { key },
    );
  }

  /** The address to mail, or null for a student who must not get mail now. */
  private async recipient(userId: string, now: Date, em: EntityManager): Promise<{ name: string; address: string } | null> {
    return (await this.c.users.mailRecipientsIn(em, [userId], now)).get(userId) ?? null;
  }

  private settingsUrl() {
    return `${this.deps.config.publicUrl}/settings/notifications`;
  }

  /**
   * The daily digest: one mail per student with every line queued up to `now`, then those lines
   * are deleted. Lines of a kind the student has since turned off are dropped; a student who may
   * not get mail (unverified, suspended, deleted) loses their lines unsent.
   */
  async sendDigests(now: Date): Promise<number> {
    let sent = 0;
    let after = "";
    for (;;) {
      const users = await this.items(this.pool)
        .createQueryBuilder("i")
        .select("DISTINCT i.userId", "userId")
        .where("i.userId > :after AND i.createdAt <= :now", { after, now })
        .orderBy("i.userId", "ASC")
        .limit(USERS_PER_BATCH)
        .getRawMany<{ userId: string }>();
      if (users.length === 0) return sent;
      for (const { userId } of users) if (await this.sendDigestTo(userId, now)) sent++;
      after = users[users.length - 1].userId;
    }
  }

  /** One student's digest: the mail is queued and its lines deleted in one transaction, so it goes out once. */
  private sendDigestTo(userId: string, now: Date): Promise<boolean> {
    return this.deps.tx(async (em) => {
      const items = this.items(em);
      const rows = await items.find({ where: { userId, createdAt: LessThanOrEqual(now) }, order: { createdAt: "ASC", id: "ASC" } });
      if (rows.length === 0) return false;
      const to = await this.recipient(userId, now, em);
      const modes = new Map((await this.settingsOn(em, userId)).map((s) => [s.kind, s.mode]));
      const wanted = rows.filter((r) => modes.get(r.kind) !== "off");
      if (to && wanted.length > 0) {
        const shown = wanted.slice(0, DIGEST_MAX_LINES);
        await this.deps.mail.queue(
          em,
          digestMail(to, shown, wanted.length - shown.length, {
            settings: this.settingsUrl(),
            unsubscribe: this.unsubscribeUrl(userId, "digest"),
            app: `${this.deps.config.publicUrl}/dashboard`,
          }),
        );
      }
      // Only the lines read above: one queued meanwhile waits for the next digest.
      for (let i = 0; i < rows.length; i += 500) await items.delete({ id: In(rows.slice(i, i + 500).map((r) => r.id)) });
      return Boolean(to && wanted.length > 0);
    });
  }

  /** Lines still waiting for a student's next digest (tests, the export). */
  pendingDigest(userId: string): Promise<NotificationDigestItem[]> {
    return this.items(this.pool).find({ where: { userId }, order: { createdAt: "ASC", id: "ASC" } });
  }

  // ---- a student's own data ------------------------------------------------------------------

  async exportFor(
    userId: string,
  ): Promise<{ settings: MailSettingView[]; pendingDigest: Array<{ kind: MailKind; line: string; createdAt: Date }> }> {
    const pending = await this.pendingDigest(userId);
    return {
      settings: await this.settingsOf(userId),
      pendingDigest: pending.map((p) => ({ kind: p.kind, line: p.line, createdAt: p.createdAt })),
    };
  }

  /** A deleted student's settings and queued lines go, and so do the lines about them in others' digests. */
  async deleteAllOf(em: EntityManager, userId: string): Promise<void> {
    await this.settings(em).delete({ userId });
    await this.items(em).delete({ userId });
    await this.items(em).delete({ aboutUserId: userId });
  }
}
