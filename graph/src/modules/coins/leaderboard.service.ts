import { createHash } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import { afterCommit } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { badInput } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import { rankingQuery } from "../accounts/user-reads.js";
import type { UsersService } from "../accounts/users.service.js";

export const LEADERBOARD_MAX = 100;
/** A safety net only (e.g. events lost while Redis was unreachable): every change drops the cache at once (see `changed`). */
const CACHE_MAX_AGE_MS = 30_000;

export interface LeaderboardRowView {
  rank: number;
  userId: string;
  name: string;
  rating: number;
  ratingCount: number;
  skillCoins: number;
}

/** The top rows as of `lastModified`, with a validator that changes exactly when they do. */
export interface LeaderboardSnapshot {
  rows: LeaderboardRowView[];
  /** Hash of the rows: the REST ETag. */
  version: string;
  /** When the rows last changed (as far as this instance has seen). */
  lastModified: Date;
}

/**
 * Public ranking of visible students (users.visible): rating value, then rating count, then
 * coins; equal triples share a rank (1, 2, 2, 4). The ranking reads only idx_users_leaderboard backwards, `first` entries;
 * names are then fetched by id. Asking for the name in the same query made MariaDB prefer a
 * full scan plus filesort.
 *
 * Every read is served from one cached snapshot per instance. Whatever can move the ranking
 * (a ledger transfer, a rating, a registration) calls `changed` inside its transaction; after the
 * commit that publishes LEADERBOARD_CHANGED, which every instance (through Redis when configured)
 * answers by dropping its snapshot, so the next read sees the committed change. An instance caches
 * only once its subscription is known to be live (its own probe came back through the pubsub):
 * until then a change could be published before it listens, so it reads the database each time.
 */
export class LeaderboardService {
  private cached: { snapshot: Promise<LeaderboardSnapshot>; at: number } | null = null;
  private last: LeaderboardSnapshot | null = null;
  private readonly subscription: AsyncIterator<{ at: string; probe?: string }>;
  /** Set once this instance's own probe event came back: from then on no change can pass it by. */
  private live = false;
  private readonly probeId = newId();
  private lastProbe = 0;

  constructor(
    private readonly deps: Deps,
    private readonly users: UsersService,
  ) {
    this.subscription = deps.pubsub.subscribe("LEADERBOARD_CHANGED")[Symbol.asyncIterator]();
    void this.listen();
  }

  private async listen(): Promise<void> {
    try {
      for (;;) {
        const next = await this.subscription.next();
        if (next.done) return;
        if (next.value.probe === this.probeId) this.live = true;
        else if (!next.value.probe) this.invalidate();
      }
    } catch (err) {
      this.deps.logger.error({ err }, "leaderboard invalidation stopped");
    }
  }

  /** Stops listening (the app's shutdown). */
  async close(): Promise<void> {
    await this.subscription.return?.();
  }

  /** Call inside the transaction that may move the ranking; fires once it commits. */
  changed(em?: EntityManager): void {
    afterCommit(em, () => {
      this.invalidate();
      void this.deps.pubsub.publish("LEADERBOARD_CHANGED", { at: this.deps.clock.now().toISOString() });
    });
  }

  private invalidate(): void {
    this.cached = null;
  }

  async snapshot(): Promise<LeaderboardSnapshot> {
    if (!this.live) {
      // At most one probe a second; a read meanwhile goes to the database.
      if (Date.now() - this.lastProbe > 1000) {
        this.lastProbe = Date.now();
        void this.deps.pubsub.publish("LEADERBOARD_CHANGED", { at: this.deps.clock.now().toISOString(), probe: this.probeId });
      }
      if (!this.live) return this.read();
    }
    const now = this.deps.clock.now().getTime();
    if (this.cached && now - this.cached.at < CACHE_MAX_AGE_MS) return this.cached.snapshot;
    const entry = { snapshot: this.read(), at: now };
    this.cached = entry;
    entry.snapshot.catch(() => {
      if (this.cached === entry) this.cached = null;
    });
    return entry.snapshot;
  }

  async top(first = LEADERBOARD_MAX): Promise<LeaderboardRowView[]> {
    if (!Number.isSafeInteger(first) || first < 1) throw badInput(`first must be between 1 and ${LEADERBOARD_MAX}`);
    const { rows } = await this.snapshot();
    return first >= rows.length ? rows : rows.slice(0, first);
  }

  private async read(): Promise<LeaderboardSnapshot> {
    const raw = await leaderboardQuery(this.deps.dataSource, LEADERBOARD_MAX).getRawMany<{
      id: string;
      ratingAvg: number | string;
      ratingCount: number | string;
      skillCoins: number | string;
    }>();
    const names = await this.users.summaries(raw.map((r) => r.id));
    const rows: LeaderboardRowView[] = [];
    // Students tied on all three keys come in id order: the index walk leaves them in an order
    // that differs between databases (InnoDB: primary key; SQLite: insertion), and a ranking
    // that reshuffles between two reads of the same data is not stable.
    const ranked = raw
      .map((r) => ({ userId: r.id, rating: Number(r.ratingAvg), ratingCount: Number(r.ratingCount), skillCoins: Number(r.skillCoins) }))
      .sort(
        (a, b) =>
          b.rating - a.rating ||
          b.ratingCount - a.ratingCount ||
          b.skillCoins - a.skillCoins ||
          (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
      );
    ranked.forEach((row, i) => {
      const prev = rows[i - 1];
      const tied = prev && prev.rating === row.rating && prev.ratingCount === row.ratingCount && prev.skillCoins === row.skillCoins;
      rows.push({ ...row, rank: tied ? prev.rank : i + 1, name: names.get(row.userId)?.name ?? "" });
    });
    // Tied students (one rank) are listed by user id, so the order is the same on every instance and database.
    rows.sort((a, b) => a.rank - b.rank || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
    const version = createHash("sha256").update(JSON.stringify(rows)).digest("base64url").slice(0, 27);
    // Unchanged rows keep their date, so a validator never claims a change that did not happen.
    const lastModified = this.last && this.last.version === version ? this.last.lastModified : this.deps.clock.now();
    this.last = { rows, version, lastModified };
    return this.last;
  }
}

/** The ranking query (the accounts module's, on its `users` index): exported so a test can EXPLAIN it on both databases. */
export function leaderboardQuery(ds: DataSource, limit: number) {
  return rankingQuery(ds, limit);
}
