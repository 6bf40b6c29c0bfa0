/**
 * Live boards (Subscription.leaderboardChanged): per view, one watcher shared by every subscriber
 * on this instance. A change of the ranking (LEADERBOARD_CHANGED, from any instance) makes each
 * watched view read its top again, at most once per LEADERBOARD_LIVE_INTERVAL_MS: the first change
 * after a quiet second is read at once, later ones together when the second is over. What differs
 * from the previous read goes to every subscriber of the view as one event; a read that finds no
 * difference sends nothing.
 */
import { LEADERBOARD_LIVE_INTERVAL_MS, LEADERBOARD_LIVE_ROWS } from "../../../../common/leaderboard.js";
import type { Deps } from "../../shared/deps.js";
import { type LeaderboardViewRow, type LeaderboardViewSpec, type ResolvedView, resolveView } from "./leaderboard-board.js";

export interface LeaderboardChangeEvent {
  view: ResolvedView;
  at: Date;
  watched: number;
  /** Rows that entered the top or changed, in their new order, with the rank each had before (null: entered). */
  moved: Array<{ row: LeaderboardViewRow; previousRank: number | null }>;
  /** Students who left the top, with the rank they had. */
  left: Array<{ userId: string; previousRank: number }>;
}

/** Reads a view's top rows (LeaderboardService.view). */
type ReadTop = (spec: LeaderboardViewSpec, first: number) => Promise<{ view: ResolvedView; rows: LeaderboardViewRow[] }>;

interface Subscriber {
  push(event: LeaderboardChangeEvent): void;
  end(): void;
}

interface Watch {
  spec: LeaderboardViewSpec;
  subscribers: Set<Subscriber>;
  /** The rows of the last read, by student. */
  previous: Map<string, LeaderboardViewRow>;
  /** The first read (no event): later reads are compared with it. */
  ready: Promise<void>;
  lastRun: number;
  timer: NodeJS.Timeout | null;
  running: boolean;
  /** A change arrived during a read: read again when it is over (after the interval). */
  again: boolean;
  /** Period views: lessons end as time passes, with no event; read again now and then while watched. */
  tick: NodeJS.Timeout | null;
}

const PERIOD_TICK_MS = 30_000;

const sameRow = (a: LeaderboardViewRow, b: LeaderboardViewRow) =>
  a.rank === b.rank &&
  a.name === b.name &&
  a.rating === b.rating &&
  a.ratingCount === b.ratingCount &&
  a.skillCoins === b.skillCoins &&
  a.periodRating === b.periodRating &&
  a.periodRatingCount === b.periodRatingCount &&
  a.periodLessons === b.periodLessons;

/** What changed from `before` to `rows` (both the watched top of one view). */
export function diffTop(before: ReadonlyMap<string, LeaderboardViewRow>, rows: readonly LeaderboardViewRow[]) {
  const moved: LeaderboardChangeEvent["moved"] = [];
  const now = new Set<string>();
  for (const row of rows) {
    now.add(row.userId);
    const was = before.get(row.userId);
    if (!was || !sameRow(was, row)) moved.push({ row, previousRank: was?.rank ?? null });
  }
  const left: LeaderboardChangeEvent["left"] = [];
  for (const [userId, was] of before) if (!now.has(userId)) left.push({ userId, previousRank: was.rank });
  left.sort((a, b) => a.previousRank - b.previousRank || (a.userId < b.userId ? -1 : 1));
  return { moved, left };
}

export class LeaderboardLive {
  private readonly watches = new Map<string, Watch>();

  constructor(
    private readonly deps: Pick<Deps, "clock" | "logger">,
    private readonly readTop: ReadTop,
  ) {}

  /** Views watched on this instance (tests, metrics). */
  watchedViews(): number {
    return this.watches.size;
  }

  /** Once the view is watched here and its first read is done: from then on a change is reported (tests); null when nobody watches it. */
  watching(spec: LeaderboardViewSpec): Promise<void> | null {
    return this.watches.get(resolveView(spec, this.deps.clock.now()).key)?.ready ?? null;
  }

  /** The events of one view until the iterator is returned (the subscription ends). BAD_USER_INPUT for a wrong view. */
  subscribe(spec: LeaderboardViewSpec): AsyncIterableIterator<LeaderboardChangeEvent> {
    const view = resolveView(spec, this.deps.clock.now());
    let watch = this.watches.get(view.key);
    if (!watch) {
      const w: Watch = {
        spec: { category: view.category, period: view.period },
        subscribers: new Set(),
        previous: new Map(),
        ready: Promise.resolve(),
        lastRun: 0,
        timer: null,
        running: false,
        again: false,
        tick: null,
      };
      w.ready = this.readTop(w.spec, LEADERBOARD_LIVE_ROWS).then(
        (top) => void (w.previous = new Map(top.rows.map((r) => [r.userId, r]))),
        (err: unknown) => this.deps.logger.warn({ err }, "leaderboard live: first read failed"),
      );
      if (view.period !== "all_time") {
        w.tick = setInterval(() => this.schedule(w), PERIOD_TICK_MS);
        w.tick.unref();
      }
      this.watches.set(view.key, (watch = w));
    }
    return this.queue(view.key, watch);
  }

  /** The ranking may have changed: every watched view reads its top again (throttled). */
  changed(): void {
    for (const watch of this.watches.values()) this.schedule(watch);
  }

  /** Ends every subscription (the app's shutdown). */
  close(): void {
    for (const watch of [...this.watches.values()]) for (const s of [...watch.subscribers]) s.end();
  }

  private schedule(watch: Watch): void {
    if (watch.timer) return;
    if (watch.running) {
      watch.again = true;
      return;
    }
    const wait = watch.lastRun + LEADERBOARD_LIVE_INTERVAL_MS - Date.now();
    if (wait <= 0) {
      void this.run(watch);
      return;
    }
    watch.timer = setTimeout(() => {
      watch.timer = null;
      void this.run(watch);
    }, wait);
    watch.timer.unref();
  }

  private async run(watch: Watch): Promise<void> {
    if (watch.subscribers.size === 0) return;
    watch.running = true;
    watch.lastRun = Date.now();
    try {
      await watch.ready;
      const top = await this.readTop(watch.spec, LEADERBOARD_LIVE_ROWS);
      const { moved, left } = diffTop(watch.previous, top.rows);
      watch.previous = new Map(top.rows.map((r) => [r.userId, r]));
      if (moved.length || left.length) {
        const event: LeaderboardChangeEvent = { view: top.view, at: this.deps.clock.now(), watched: LEADERBOARD_LIVE_ROWS, moved, left };
        for (const s of watch.subscribers) s.push(event);
      }
    } catch (err) {
      this.deps.logger.warn({ err }, "leaderboard live: read failed");
    } finally {
      watch.running = false;
      if (watch.again) {
        watch.again = false;
        this.schedule(watch);
      }
    }
  }

  private stop(key: string, watch: Watch): void {
    if (watch.subscribers.size > 0 || this.watches.get(key) !== watch) return;
    if (watch.timer) clearTimeout(watch.timer);
    if (watch.tick) clearInterval(watch.tick);
    this.watches.delete(key);
  }

  /** One subscriber's events: a queue, and `return()` to leave (graphql-ws calls it when the subscription ends). */
  private queue(key: string, watch: Watch): AsyncIterableIterator<LeaderboardChangeEvent> {
    const items: LeaderboardChangeEvent[] = [];
    const waiting: Array<(r: IteratorResult<LeaderboardChangeEvent>) => void> = [];
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      watch.subscribers.delete(subscriber);
      this.stop(key, watch);
      for (const w of waiting.splice(0)) w({ value: undefined, done: true });
    };
    const subscriber: Subscriber = {
      push: (event) => {
        const w = waiting.shift();
        if (w) w({ value: event, done: false });
        else items.push(event);
      },
      end: finish,
    };
    watch.subscribers.add(subscriber);
    const iterator: AsyncIterableIterator<LeaderboardChangeEvent> = {
      next: () =>
        new Promise((resolve) => {
          const item = items.shift();
          if (item) resolve({ value: item, done: false });
          else if (done) resolve({ value: undefined, done: true });
          else waiting.push(resolve);
        }),
      return: async () => {
        finish();
        return { value: undefined, done: true };
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }
}
