import type { EntityManager } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import { PresenceSetting } from "./presence-setting.entity.js";

/** How long a student still shows online after their last socket closed: a reload or a network blip reconnects within it. */
export const PRESENCE_GRACE_MS = 30_000;
/** How often an instance looks for students whose grace period ended, to tell their partners they went offline. */
export const PRESENCE_SWEEP_MS = 5_000;

/**
 * Who is online: a student with at least one open graphql-ws connection on any instance. Every
 * signed-in socket listens to its student's SESSION_REVOKED topic (server/ws.ts), so the pubsub
 * layer already knows (this instance's listeners; with Redis, `PUBSUB NUMSUB` across instances).
 * When the last socket of a student closes on an instance, the time is noted (in Redis when
 * configured) and they stay online for PRESENCE_GRACE_MS by the injected clock.
 */
export class ChatPresenceService {
  /** Students whose last socket on this instance closed, and when (clock ms): offline for their partners once the grace ends. */
  private readonly leaving = new Map<string, number>();
  private sweeper: ReturnType<typeof setInterval> | null = null;

  /** `announce` tells a student's partners with an open chat list that they went online or offline (ChatListEvents). */
  constructor(
    private readonly deps: Deps,
    private readonly announce: (userId: string, online: boolean) => void = () => {},
  ) {}

  /** Settings read outside a transaction go through the pool. */
  private pool() {
    return this.deps.dataSource.getRepository(PresenceSetting);
  }

  /**
   * Called by the socket door when a signed-in socket opens, before it starts listening. The
   * student's first socket on this instance tells their partners they are online, unless they
   * still showed online (a reload or a blip within the grace period, here or on another instance)
   * or hide their status. Another instance may hold a socket of theirs already: the partners then
   * hear "online" once more, which changes nothing.
   */
  socketOpened(userId: string): void {
    const wasLeaving = this.leaving.delete(userId);
    if (wasLeaving || this.deps.pubsub.listenerCount(`SESSION_REVOKED:${userId}`) > 0) return;
    void (async () => {
      const [visible, left] = await Promise.all([this.isVisible(userId), this.deps.pubsub.lastLeft("SESSION_REVOKED", [userId])]);
      const at = left.get(userId);
      if (!visible || (at && this.deps.clock.now().getTime() - at.getTime() < PRESENCE_GRACE_MS)) return;
      this.announce(userId, true);
    })().catch((err) => this.deps.logger.error({ err }, "announcing presence failed"));
  }

  /** Called by the socket door when one of the student's sockets closed. */
  socketClosed(userId: string): void {
    if (this.deps.pubsub.listenerCount(`SESSION_REVOKED:${userId}`) > 0) return;
    const now = this.deps.clock.now();
    this.deps.pubsub.noteLeft("SESSION_REVOKED", userId, now);
    this.leaving.set(userId, now.getTime());
    // Ticks only while someone is leaving; reads the injected clock, so tests call sweep() after moving it.
    if (!this.sweeper) {
      this.sweeper = setInterval(() => void this.sweep(), PRESENCE_SWEEP_MS);
      this.sweeper.unref();
    }
  }

  /**
   * Tells the partners of every student whose grace period ended that they went offline, unless they
   * came back meanwhile (on any instance) or hide their status (their partners never saw them online).
   */
  async sweep(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const due = [...this.leaving].filter(([, at]) => now - at >= PRESENCE_GRACE_MS).map(([id]) => id);
    for (const id of due) this.leaving.delete(id);
    if (!this.leaving.size && this.sweeper) {
      clearInterval(this.sweeper);
      this.sweeper = null;
    }
    if (!due.length) return;
    try {
      const [hidden, online] = await Promise.all([this.hiddenAmong(due), this.onlineAmong(due)]);
      for (const id of due) if (!hidden.has(id) && !online.has(id)) this.announce(id, false);
    } catch (err) {
      this.deps.logger.error({ err }, "announcing presence failed");
    }
  }

  /** Stops the sweeper (the app closing). */
  close(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    this.leaving.clear();
  }

  /** Of `ids`, the students who are online (connected now or within the grace period) and let it show. */
  async onlineAmong(ids: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(ids)];
    if (!unique.length) return new Set();
    const hidden = await this.hiddenAmong(unique);
    const candidates = unique.filter((id) => !hidden.has(id));
    if (!candidates.length) return new Set();
    const connected = await this.deps.pubsub.listenersAmong("SESSION_REVOKED", candidates);
    const rest = candidates.filter((id) => !connected.has(id));
    if (rest.length) {
      const left = await this.deps.pubsub.lastLeft("SESSION_REVOKED", rest);
      const now = this.deps.clock.now().getTime();
      for (const [id, at] of left) if (now - at.getTime() < PRESENCE_GRACE_MS) connected.add(id);
    }
    return connected;
  }

  private async hiddenAmong(ids: string[]): Promise<Set<string>> {
    const rows = await this.pool()
      .createQueryBuilder("p")
      .select("p.userId", "userId")
      .where("p.userId IN (:...ids) AND p.onlineVisible = :visible", { ids, visible: false })
      .getRawMany<{ userId: string }>();
    return new Set(rows.map((r) => r.userId));
  }

  /** Whether the student lets their chat partners see them online (true unless they turned it off). */
  async isVisible(userId: string): Promise<boolean> {
    const row = await this.pool().findOne({ where: { userId } });
    return row?.onlineVisible ?? true;
  }

  /** Shows or hides the student's online status from their chat partners. */
  async setVisible(userId: string, visible: boolean): Promise<boolean> {
    const was = await this.deps.tx(async (em) => {
      const repo = em.getRepository(PresenceSetting);
      const row = await repo.findOne({ where: { userId } });
      await repo.upsert({ userId, onlineVisible: visible === true, updatedAt: this.deps.clock.now() }, ["userId"]);
      return row?.onlineVisible ?? true;
    });
    // Partners with a list open see the change: hidden reads as offline, shown again as online if connected.
    if (was !== (visible === true)) {
      if (visible === true) {
        if ((await this.onlineAmong([userId])).has(userId)) this.announce(userId, true);
      } else this.announce(userId, false);
    }
    return visible === true;
  }

  /** For the data export. */
  async exportFor(userId: string): Promise<{ onlineStatusVisible: boolean }> {
    return { onlineStatusVisible: await this.isVisible(userId) };
  }

  /** Account deletion. */
  async forget(em: EntityManager, userId: string): Promise<void> {
    await em.getRepository(PresenceSetting).delete({ userId });
  }
}
