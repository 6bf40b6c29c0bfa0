import type { EntityManager } from "typeorm";
import { HOUR } from "../../shared/clock.js";
import type { Deps } from "../../shared/deps.js";
import { rawQuery } from "../../db/sql.js";
import { RESPONSE_BUCKETS, ResponseStats } from "./response-stats.entity.js";

declare module "../../shared/changes.js" {
  interface ChangeEvents {
    /** The student's responsiveness tier changed in `em`: their feed rows move to it (profiles.service.ts). */
    responseTierChanged: [em: EntityManager, userId: string];
  }
}

/** What a profile shows about how its student answers requests. */
export interface ResponseStatsView {
  /** Requests the student received that are settled (answered or expired). */
  received: number;
  /** Of those, the ones the student accepted or rejected before they expired. */
  answered: number;
  /** answered / received; null while nothing was received. */
  responseRate: number | null;
  /** The median answer took at most this many hours (upper bound of its bucket); null until one is answered. */
  typicalResponseHours: number | null;
}

/** The columns a view is computed from. */
type StatsRow = Pick<ResponseStats, "userId" | "received" | "answered" | (typeof RESPONSE_BUCKETS)[number][0]>;

export const NO_RESPONSE_STATS: ResponseStatsView = { received: 0, answered: 0, responseRate: null, typicalResponseHours: null };

/** Settled requests before the feed tells responsive students apart; fewer leave a student neutral. */
export const TIER_MIN_RECEIVED = 3;

/**
 * The feed's responsiveness tier (profiles' FEED_TIERS): 2 answers at least 80% of requests,
 * typically within two days; 0 answers fewer than half; 1 otherwise, and for anyone with fewer
 * than TIER_MIN_RECEIVED settled requests (newcomers are neither pushed up nor down).
 */
export function responsivenessTier(s: ResponseStatsView): number {
  if (s.received < TIER_MIN_RECEIVED || s.responseRate === null) return 1;
  if (s.responseRate >= 0.8 && s.typicalResponseHours !== null && s.typicalResponseHours <= 48) return 2;
  return s.responseRate < 0.5 ? 0 : 1;
}

/**
 * Response rate and typical response time per student, maintained by the transactions that settle
 * a request (accept, reject, expire) with atomic increments of one row: reading a profile costs
 * one primary-key read, never a scan of the student's request history.
 */
export class ResponseStatsService {
  constructor(private readonly deps: Deps) {}

  /** The student's feed tier, read inside `em` (the transaction that is changing it). */
  async tierOf(em: EntityManager, userId: string): Promise<number> {
    const row = await this.repo(em).findOne({ where: { userId } });
    return responsivenessTier(row ? this.view(row) : NO_RESPONSE_STATS);
  }

  /** Tiers of many students (the directory's rebuild). */
  async tiersOf(userIds: string[]): Promise<Map<string, number>> {
    const views = await this.ofMany(userIds);
    return new Map([...views].map(([id, v]) => [id, responsivenessTier(v)]));
  }

  /** Inside `em`'s transaction: every write, and the reads of a unit of work. */
  private repo(em: EntityManager) {
    return em.getRepository(ResponseStats);
  }

  /** The receiver answered a request sent at `sentAt` (inside the answer's transaction). */
  recordAnswer(em: EntityManager, userId: string, sentAt: Date, answeredAt: Date): Promise<void> {
    const hours = Math.max(0, answeredAt.getTime() - sentAt.getTime()) / HOUR;
    const [column] = RESPONSE_BUCKETS.find(([, bound]) => bound === null || hours <= bound)!;
    return this.bump(em, userId, { answered: () => "answered + 1", [column]: () => `${column} + 1` });
  }

  /** A request the student received expired unanswered (inside the expiry's transaction). */
  recordExpired(em: EntityManager, userId: string): Promise<void> {
    return this.bump(em, userId, {});
  }

  private async bump(em: EntityManager, userId: string, more: Record<string, () => string>): Promise<void> {
    const now = this.deps.clock.now();
    const before = await this.tierOf(em, userId);
    const zeros = Object.fromEntries(RESPONSE_BUCKETS.map(([c]) => [c, 0]));
    // The row may not exist yet; of two first answers at once, one inserts and the other's insert is ignored.
    await em
      .createQueryBuilder()
      .insert()
      .into(ResponseStats)
      .values({ userId, received: 0, answered: 0, ...zeros, updatedAt: now })
      .orIgnore()
      .execute();
    await em
      .createQueryBuilder()
      .update(ResponseStats)
      .set({ received: () => "received + 1", ...more, updatedAt: now })
      .where("userId = :userId", { userId })
      .execute();
    // Rare (a tier boundary crossed): the feed rows move to the new tier in this transaction (ProfilesService listens).
    if ((await this.tierOf(em, userId)) !== before) await this.deps.changes.tell("responseTierChanged", em, userId);
  }

  async of(userId: string): Promise<ResponseStatsView> {
    return (await this.ofMany([userId])).get(userId) ?? NO_RESPONSE_STATS;
  }

  /** One read for many students (the GraphQL loader). */
  async ofMany(userIds: readonly string[]): Promise<Map<string, ResponseStatsView>> {
    if (!userIds.length) return new Map();
    // A profile page reads this on every view: plain SQL through the primary key, no query builder.
    const rows = await rawQuery<StatsRow>(
      this.deps.dataSource,
      `SELECT userId, received, answered, ${RESPONSE_BUCKETS.map(([column]) => column).join(", ")} FROM response_stats WHERE userId IN (:...ids)`,
      { ids: [...new Set(userIds)] },
    );
    return new Map(rows.map((r) => [r.userId, this.view(r)]));
  }

  private view(r: StatsRow): ResponseStatsView {
    if (r.received === 0) return NO_RESPONSE_STATS;
    let typical: number | null = null;
    if (r.answered > 0) {
      const middle = Math.ceil(r.answered / 2);
      let seen = 0;
      for (const [column, bound] of RESPONSE_BUCKETS) {
        seen += r[column] as number;
        if (seen >= middle) {
          // The open bucket ends where requests expire (answers cannot come later).
          typical = bound ?? Math.max(96, this.deps.config.requestExpiryDays * 24);
          break;
        }
      }
    }
    return { received: r.received, answered: r.answered, responseRate: r.answered / r.received, typicalResponseHours: typical };
  }

  /** The student's row, for their data export (null when they never settled a request). */
  exportFor(userId: string): Promise<ResponseStats | null> {
    return this.deps.dataSource.getRepository(ResponseStats).findOne({ where: { userId } });
  }

  /** Account deletion. */
  async eraseAllOf(em: EntityManager, userId: string): Promise<void> {
    await this.repo(em).delete({ userId });
  }
}
