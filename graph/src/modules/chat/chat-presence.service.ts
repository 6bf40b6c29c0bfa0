import type { EntityManager } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import { PresenceSetting } from "./presence-setting.entity.js";

/** How long a student still shows online after their last socket closed: a reload or a network blip reconnects within it. */
export const PRESENCE_GRACE_MS = 30_000;

/**
 * Who is online: a student with at least one open graphql-ws connection on any instance. Every
 * signed-in socket listens to its student's SESSION_REVOKED topic (server/ws.ts), so the pubsub
 * layer already knows (this instance's listeners; with Redis, `PUBSUB NUMSUB` across instances).
 * When the last socket of a student closes on an instance, the time is noted (in Redis when
 * configured) and they stay online for PRESENCE_GRACE_MS by the injected clock.
 */
export class ChatPresenceService {
  constructor(private readonly deps: Deps) {}

  private repo(em?: EntityManager) {
    return (em ?? this.deps.dataSource.manager).getRepository(PresenceSetting);
  }

  /** Called by the socket door when one of the student's sockets closed. */
  socketClosed(userId: string): void {
    if (this.deps.pubsub.listenerCount(`SESSION_REVOKED:${userId}`) > 0) return;
    this.deps.pubsub.noteLeft("SESSION_REVOKED", userId, this.deps.clock.now());
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
    const rows = await this.repo()
      .createQueryBuilder("p")
      .select("p.userId", "userId")
      .where("p.userId IN (:...ids) AND p.onlineVisible = :visible", { ids, visible: false })
      .getRawMany<{ userId: string }>();
    return new Set(rows.map((r) => r.userId));
  }

  /** Whether the student lets their chat partners see them online (true unless they turned it off). */
  async isVisible(userId: string): Promise<boolean> {
    const row = await this.repo().findOne({ where: { userId } });
    return row?.onlineVisible ?? true;
  }

  /** Shows or hides the student's online status from their chat partners. */
  async setVisible(userId: string, visible: boolean): Promise<boolean> {
    await this.repo().upsert({ userId, onlineVisible: visible === true, updatedAt: this.deps.clock.now() }, ["userId"]);
    return visible === true;
  }

  /** For the data export. */
  async exportFor(userId: string): Promise<{ onlineStatusVisible: boolean }> {
    return { onlineStatusVisible: await this.isVisible(userId) };
  }

  /** Account deletion. */
  async forget(em: EntityManager, userId: string): Promise<void> {
    await this.repo(em).delete({ userId });
  }
}
