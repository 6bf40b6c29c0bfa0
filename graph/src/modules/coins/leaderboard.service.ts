import { createHash } from "node:crypto";
import type { DataSource, EntityManager } from "typeorm";
import { LEADERBOARD_AROUND_DEFAULT, LEADERBOARD_MESSAGES, LEADERBOARD_PAGE_MAX } from "../../../../common/leaderboard.js";
import { afterCommit } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import type { Topics } from "../../shared/pubsub.js";
import { badInput } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import { decodeCursor, encodeCursor } from "../../shared/cursor.js";
import { pageSize } from "../../shared/pagination.js";
import { rankedStudents, rankedStudentsByIds, rankingQuery } from "../accounts/user-reads.js";
import type { UsersService } from "../accounts/users.service.js";
import { LeaderboardLive } from "./leaderboard-live.js";
import {
  type Board,
  type BoardEntry,
  cursorOf,
  decodeViewCursor,
  type LeaderboardViewRow,
  type LeaderboardViewSpec,
  patchBoard,
  positionAfter,
  positionOf,
  rankBoard,
  type ResolvedView,
  resolveView,
  windowAround,
} from "./leaderboard-board.js";

export type { LeaderboardViewRow, LeaderboardViewSpec, ResolvedView } from "./leaderboard-board.js";
export type { LeaderboardChangeEvent } from "./leaderboard-live.js";

export const LEADERBOARD_MAX = 100;
/** How long a shared cache (a CDN, a browser) may reuse a public read of the leaderboard before revalidating: REST and GraphQL GET. */
export const LEADERBOARD_MAX_AGE_SECONDS = 10;
/** A safety net only (e.g. events lost while Redis was unreachable): every change drops or patches the cache at once (see `changed`). */
const CACHE_MAX_AGE_MS = 30_000;
/** A change naming more students than this drops every cached view instead of patching them. */
export const LEADERBOARD_PATCH_MAX = 100;
/** A cached value not read through this many changes is dropped rather than patched later. */
const MAX_PENDING_PATCHES = 64;

export interface LeaderboardRowView {
  rank: number;
  userId: string;
  name: string;
  rating: number;
  ratingCount: number;
  skillCoins: number;
}

/**
 * What the views read from the modules that own the facts (wired in services.ts: the coins module
 * is below chat, lessons and profiles, so it names only what it needs).
 */
export interface LeaderboardSources {
  /** Listed students who teach a skill of `category` (profiles). */
  teachersOf(category: string): Promise<readonly string[]>;
  /** Ratings received per student, given in [from, to): stars summed and counted (chat). `ids`: only theirs. */
  ratingsReceived(from: Date, to: Date, ids?: readonly string[]): Promise<ReadonlyArray<{ userId: string; stars: number; count: number }>>;
  /** Lessons held per student that ended in [from, to) and by `now` (lessons). `ids`: only theirs. */
  lessonsHeld(from: Date, to: Date, now: Date, ids?: readonly string[]): Promise<ReadonlyArray<{ userId: string; count: number }>>;
  /** The categories each of `ids` teaches, as `teachersOf` counts them (absent: none) (profiles). */
  categoriesTaughtBy(ids: readonly string[]): Promise<ReadonlyMap<string, readonly string[]>>;
}

const noSources: LeaderboardSources = {
  teachersOf: async () => [],
  ratingsReceived: async () => [],
  lessonsHeld: async () => [],
  categoriesTaughtBy: async () => new Map(),
};

/** A student's ratings received and lessons held in a period. */
interface PeriodFact {
  stars: number;
  ratings: number;
  lessons: number;
}

/** What a patch re-read of some students: their all-time rows now (absent: not listed) and the categories they teach. */
interface PatchFacts {
  rows: Map<string, BoardEntry>;
  taught: ReadonlyMap<string, readonly string[]>;
  /** Per cached period (`periodKey`): their facts in it (absent: nothing in the period). */
  periods: ReadonlyMap<string, ReadonlyMap<string, PeriodFact>>;
}

/** Patches not yet applied to a cached value, merged: the last word on each student wins. */
interface MergedPatch {
  ids: Set<string>;
  rows: Map<string, BoardEntry>;
  taught: Map<string, Set<string>>;
  /** Per period read with the patches: each named student's facts (absent: none in the period). */
  periods: Map<string, Map<string, PeriodFact>>;
}

interface Memo {
  generation: number;
  expires: number;
  value: Promise<unknown>;
  /** How a change naming students is applied to the value; without it, such a change drops the value. */
  patch?: (value: unknown, p: MergedPatch) => unknown;
  /** Changes since the value was read (or last patched), applied on the next read. */
  pending: Array<{ ids: readonly string[]; facts: Promise<PatchFacts> }>;
  /** The period whose facts `patch` needs (periodKey), if any. */
  period?: { from: Date; to: Date };
}

/** One page of a view. */
export interface LeaderboardViewQuery extends LeaderboardViewSpec {
  /** A student id: the page is that student's row in the middle of `first` rows (default 11: 5 above, 5 below). */
  around?: string | null;
  /** Rows per page, 1..100 (default 100; 11 with `around`). */
  first?: number | null;
  /** A cursor of this view: the page starts after that row's position. Not with `around`. */
  after?: string | null;
}

/** Why `around` found no row: not a listed student at all, or listed but not ranked in this view. */
export type LeaderboardAroundReason = "NOT_LISTED" | "NOT_IN_VIEW";

export interface LeaderboardViewPage {
  view: ResolvedView;
  rows: LeaderboardViewRow[];
  /** The cursor of a row of this page (pass as `after` to read on from it). */
  cursorOf(row: LeaderboardViewRow): string;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  /** With `around`: the student asked about, their rank, or why they have none (and no rows). */
  around: { userId: string; rank: number | null; reason: LeaderboardAroundReason | null; message: string | null } | null;
  /** Changes whenever any row of the view does (not only this page's). */
  version: string;
  /** When the view last changed, as far as this instance has seen. */
  lastModified: Date;
}

/** Period views also count lessons, which end as time passes without an event: read again at least this often. */
const PERIOD_MAX_AGE_MS = 30_000;

/** The top rows as of `lastModified`, with a validator that changes exactly when they do. */
export interface LeaderboardSnapshot {
  rows: LeaderboardRowView[];
  /** Hash of the rows: the REST ETag. */
  version: string;
  /** When the rows last changed (as far as this instance has seen). */
  lastModified: Date;
  /** Whether more listed students rank below these rows. */
  more: boolean;
  /**
   * How many of the rows are the view's own first rows: all of them, unless the last ones tie with a
   * student below the top, where the index walk took an arbitrary part of the tie (the views list ties
   * by userId).
   */
  settled: number;
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
 *
 * Views (`view`): a category of skills taught, a period (ISO week or calendar month, UTC), both, or
 * neither, paged by keyset cursors or centred on one student. Each view is a board: the whole
 * ranking of the view in memory. The default view's board is built on first read from one walk of
 * every listed student; every other board from it and the category's teachers or the period's
 * ratings and lessons. A page is then a slice of a board plus one read of the page's names (cached
 * until the next change). At most 33 views exist (10 categories or none, 3 periods). While the
 * default board is cached, the top (the snapshot) is its first rows.
 *
 * A change that names the students it touched (at most LEADERBOARD_PATCH_MAX; the event carries
 * them to every instance) patches instead of dropping: one read of those students' rows and
 * categories and, per cached period, their ratings and lessons in it (two statements over their
 * own chats and lessons); then the teachers, the periods' facts and every board are updated in
 * place on their next read (patchBoard: each row moved over the rows between its old and new
 * place). A change naming none drops everything. Lessons end as time passes without an event, so
 * period facts are read whole again every PERIOD_MAX_AGE_MS; every value at least every
 * CACHE_MAX_AGE_MS (a safety net for lost events).
 */
export class LeaderboardService {
  private cached: { snapshot: Promise<LeaderboardSnapshot>; at: number } | null = null;
  private last: LeaderboardSnapshot | null = null;
  private readonly subscription: AsyncIterator<Topics["LEADERBOARD_CHANGED"]>;
  /** Set once this instance's own probe event came back: from then on no change can pass it by. */
  private live = false;
  private readonly probeId = newId();
  private lastProbe = 0;

  /** Advances on every change: a cached value of an older generation is stale. */
  private generation = 0;
  private readonly memo = new Map<string, Memo>();
  /** Advances on every change, patched or not: names read before it may be stale. */
  private changeCount = 0;
  /** Each view's last version and since when, so Last-Modified survives a rebuild that changed nothing. */
  private readonly versions = new Map<string, Pick<Board, "version" | "lastModified">>();
  private readonly names = new Map<string, string>();
  /** Live boards: what changed in a view's top, at most once a second per view (leaderboard-live.ts). */
  readonly changes: LeaderboardLive;

  constructor(
    private readonly deps: Deps,
    private readonly users: Pick<UsersService, "summaries">,
    private readonly sources: LeaderboardSources = noSources,
  ) {
    this.changes = new LeaderboardLive(deps, (spec, first) => this.view({ ...spec, first }));
    this.subscription = deps.pubsub.subscribe("LEADERBOARD_CHANGED")[Symbol.asyncIterator]();
    void this.listen();
  }

  private async listen(): Promise<void> {
    try {
      for (;;) {
        const next = await this.subscription.next();
        if (next.done) return;
        const event = next.value;
        if (event.probe === this.probeId) this.live = true;
        else if (!event.probe) {
          // This instance applied its own changes at commit already.
          if (event.from !== this.probeId) {
            const ids = event.userIds;
            if (Array.isArray(ids) && ids.length <= LEADERBOARD_PATCH_MAX && ids.every((id) => typeof id === "string")) {
              if (ids.length) this.patch(ids);
            } else this.invalidate();
          }
          this.changes.changed();
        }
      }
    } catch (err) {
      this.deps.logger.error({ err }, "leaderboard invalidation stopped");
    }
  }

  /** Stops listening (the app's shutdown). */
  async close(): Promise<void> {
    this.changes.close();
    await this.subscription.return?.();
  }

  /**
   * Call inside the transaction that may move the ranking; fires once it commits. `userIds`: the
   * only students whose ranking values, visibility, name or categories taught it may have changed
   * (none: nothing to do); their rows are patched. Without them every cached view is dropped.
   */
  changed(em: EntityManager, userIds?: readonly string[]): void {
    const ids = userIds === undefined ? undefined : [...new Set(userIds)];
    if (ids && ids.length === 0) return;
    afterCommit(em, () => this.apply(ids));
  }

  /**
   * A change made outside the app's transactions (a script, a test's direct write), applied now, here
   * and on every instance: `userIds`' rows are patched, or without them every cached view is dropped.
   */
  changedOutside(userIds?: readonly string[]): void {
    this.apply(userIds === undefined ? undefined : [...new Set(userIds)]);
  }

  private apply(ids: string[] | undefined): void {
    const patch = ids !== undefined && ids.length <= LEADERBOARD_PATCH_MAX;
    if (patch) this.patch(ids);
    else this.invalidate();
    void this.deps.pubsub.publish("LEADERBOARD_CHANGED", {
      at: this.deps.clock.now().toISOString(),
      from: this.probeId,
      ...(patch ? { userIds: ids } : {}),
    });
  }

  private invalidate(): void {
    this.cached = null;
    this.generation++;
    this.changeCount++;
    this.memo.clear();
    this.names.clear();
  }

  /**
   * The rows of `ids` changed (committed): re-reads them once, for every cached value that can be
   * patched (applied on its next read, after the value itself if it is still being built: a build
   * that started before the change is patched once it ends); drops the others.
   */
  private patch(ids: readonly string[]): void {
    this.cached = null;
    this.changeCount++;
    for (const id of ids) this.names.delete(id);
    const now = this.deps.clock.now().getTime();
    const kept: Memo[] = [];
    const periods = new Map<string, { from: Date; to: Date }>();
    for (const [key, entry] of this.memo) {
      // Expired (rebuilt on its next read anyway) or long unread: patches need not pile up.
      if (!entry.patch || now >= entry.expires || entry.pending.length >= MAX_PENDING_PATCHES) {
        this.memo.delete(key);
        continue;
      }
      kept.push(entry);
      if (entry.period) periods.set(periodKey(entry.period), entry.period);
    }
    if (!kept.length) return;
    const facts = this.readPatch(ids, [...periods.values()]);
    for (const entry of kept) entry.pending.push({ ids, facts });
  }

  /** The rows of `ids` now, the categories they teach and their facts in each of `periods`. */
  private readPatch(ids: readonly string[], periods: ReadonlyArray<{ from: Date; to: Date }>): Promise<PatchFacts> {
    const facts = Promise.all([
      rankedStudentsByIds(this.deps.dataSource, ids),
      this.sources.categoriesTaughtBy(ids),
      Promise.all(periods.map(async (period) => [periodKey(period), await this.readPeriodFacts(period, ids)] as const)),
    ]).then(([raw, taught, periodFacts]) => ({
      rows: new Map(raw.map((r) => [r.id, allTimeEntry(r)])),
      taught,
      periods: new Map(periodFacts),
    }));
    // Whatever was to be patched can no longer be trusted.
    facts.catch((err: unknown) => {
      this.deps.logger.warn({ err }, "leaderboard patch failed: dropping every view");
      this.invalidate();
    });
    return facts;
  }

  /** Whether this instance may cache: its subscription is known to be live (else it sends a probe). */
  private cacheable(): boolean {
    if (this.live) return true;
    // At most one probe a second; a read meanwhile goes to the database.
    if (Date.now() - this.lastProbe > 1000) {
      this.lastProbe = Date.now();
      void this.deps.pubsub.publish("LEADERBOARD_CHANGED", { at: this.deps.clock.now().toISOString(), probe: this.probeId });
    }
    return this.live;
  }

  async snapshot(): Promise<LeaderboardSnapshot> {
    if (!this.cacheable()) return this.read();
    const now = this.deps.clock.now().getTime();
    if (this.cached && now - this.cached.at < CACHE_MAX_AGE_MS) return this.cached.snapshot;
    // Where views are read, the default view's board is cached (and patched after a change): the top is its first rows.
    const entry = { snapshot: this.isCached(boardKey(this.allTime())) ? this.topOfBoard() : this.read(), at: now };
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

  /**
   * One page of a view: `first` rows from the top, after a cursor, or around a student. Ranks are
   * the view's own (1, 2, 2, 4; ties listed by userId). All time: average rating, then rating
   * count, then coins. A period: average of the ratings received in it, then their count, then
   * lessons held in it; only students with a rating or a lesson in the period are ranked.
   */
  async view(q: LeaderboardViewQuery = {}): Promise<LeaderboardViewPage> {
    const view = resolveView(q, this.deps.clock.now());
    const around = q.around === undefined || q.around === null || q.around === "" ? null : String(q.around);
    const after = q.after === undefined || q.after === null || q.after === "" ? null : q.after;
    if (around !== null && after !== null) throw badInput(LEADERBOARD_MESSAGES.aroundWithAfter, { field: "around" });
    const first = pageSize("first", q.first, around !== null ? LEADERBOARD_AROUND_DEFAULT : LEADERBOARD_PAGE_MAX, LEADERBOARD_PAGE_MAX);
    const position = after !== null ? await this.positionOf(view, after) : null;
    // The first page of the default view is the cached top (no walk of every student) where the top holds it.
    if (view.key === DEFAULT_VIEW_KEY && around === null && position === null && first <= LEADERBOARD_MAX) {
      const snap = await this.snapshot();
      if (first <= snap.settled) return this.topPage(view, first, snap);
    }

    const board = await this.board(view);
    const { entries } = board;
    let start = 0;
    let end: number;
    let aroundAnswer: LeaderboardViewPage["around"] = null;
    if (around !== null) {
      const at = positionOf(board, around);
      if (at === undefined) {
        const listed = (await this.board(this.allTime())).index.has(around);
        const reason: LeaderboardAroundReason = listed ? "NOT_IN_VIEW" : "NOT_LISTED";
        return {
          ...this.pageOf(board, [], new Map(), false, false),
          around: { userId: around, rank: null, reason, message: listed ? LEADERBOARD_MESSAGES.notInView : LEADERBOARD_MESSAGES.notListed },
        };
      }
      ({ start, end } = windowAround(entries.length, at, first));
      aroundAnswer = { userId: around, rank: entries[at].rank, reason: null, message: null };
    } else {
      start = position ? positionAfter(entries, position) : 0;
      end = Math.min(entries.length, start + first);
    }
    const slice = entries.slice(start, end);
    // Everything is taken from the board before the next await: a patch renumbers its rows in place.
    const plain = slice.map(({ keys: _keys, ...e }) => e);
    const keysOf = new Map(slice.map((e) => [e.userId, { keys: e.keys, userId: e.userId }]));
    const hasNextPage = end < entries.length;
    const names = await this.namesOf(slice.map((e) => e.userId));
    const rows = plain.map((e) => ({ ...e, name: names.get(e.userId) ?? "" }));
    return { ...this.pageOf(board, rows, keysOf, hasNextPage, start > 0 || position !== null), around: aroundAnswer };
  }

  /** Where `after` points: a cursor of this view, or (default view) one of `leaderboard(first)`'s top cursors. */
  private async positionOf(view: ResolvedView, after: string): Promise<Pick<BoardEntry, "keys" | "userId">> {
    const topIndex = view.key === DEFAULT_VIEW_KEY ? topCursorIndex(after) : null;
    if (topIndex === null) return decodeViewCursor(view, after);
    const row = (await this.snapshot()).rows[topIndex - 1];
    if (!row) throw badInput("Invalid cursor", { field: "after" });
    return { keys: allTimeKeys(row), userId: row.userId };
  }

  /** A page of `board`; `keysOf`: each row's keys (taken with the rows: the board may have moved on since). */
  private pageOf(
    board: Board,
    rows: LeaderboardViewRow[],
    keysOf: ReadonlyMap<string, Pick<BoardEntry, "keys" | "userId">>,
    hasNextPage: boolean,
    hasPreviousPage: boolean,
  ): LeaderboardViewPage {
    return {
      view: board.view,
      rows,
      cursorOf: (row) => cursorOf(board.view, keysOf.get(row.userId) ?? { keys: allTimeKeys(row), userId: row.userId }),
      hasNextPage,
      hasPreviousPage,
      around: null,
      version: board.version,
      lastModified: board.lastModified,
    };
  }

  private topPage(view: ResolvedView, first: number, snap: LeaderboardSnapshot): LeaderboardViewPage {
    const rows = snap.rows.slice(0, first).map((r) => ({ ...r, periodRating: null, periodRatingCount: null, periodLessons: null }));
    return {
      view,
      rows,
      cursorOf: (row) => cursorOf(view, { keys: allTimeKeys(row), userId: row.userId }),
      hasNextPage: snap.rows.length > first || snap.more,
      hasPreviousPage: false,
      around: null,
      version: snap.version,
      lastModified: snap.lastModified,
    };
  }

  /**
   * A value cached until the next change or `maxAgeMs` (clock time), shared by concurrent readers.
   * With `patch`, a change naming students updates it (see `patch`) instead of dropping it.
   */
  private cachedValue<T>(
    key: string,
    maxAgeMs: number,
    build: () => Promise<T>,
    patch?: (value: T, p: MergedPatch) => T,
    period?: { from: Date; to: Date },
  ): Promise<T> {
    if (!this.cacheable()) return build();
    const now = this.deps.clock.now().getTime();
    const hit = this.memo.get(key);
    if (hit && hit.generation === this.generation && now < hit.expires) {
      if (hit.pending.length && hit.patch) {
        const pending = hit.pending;
        const apply = hit.patch;
        hit.pending = [];
        hit.value = Promise.all([hit.value, ...pending.map((p) => p.facts)]).then(([value, ...facts]) =>
          apply(value, mergePatches(pending, facts)),
        );
        this.dropOnFailure(key, hit);
      }
      return hit.value as Promise<T>;
    }
    const entry: Memo = {
      generation: this.generation,
      expires: now + maxAgeMs,
      value: build() as Promise<unknown>,
      patch: patch as Memo["patch"],
      pending: [],
      period,
    };
    this.memo.set(key, entry);
    this.dropOnFailure(key, entry);
    return entry.value as Promise<T>;
  }

  /** Whether `key`'s value is cached and current (a read takes it, patched, with no walk). */
  private isCached(key: string): boolean {
    const hit = this.memo.get(key);
    return hit !== undefined && hit.generation === this.generation && this.deps.clock.now().getTime() < hit.expires;
  }

  private dropOnFailure(key: string, entry: Memo): void {
    const value = entry.value;
    value.catch(() => {
      if (this.memo.get(key) === entry && entry.value === value) this.memo.delete(key);
    });
  }

  private teachers(category: string): Promise<Set<string>> {
    return this.cachedValue(
      `teachers|${category}`,
      CACHE_MAX_AGE_MS,
      async () => new Set(await this.sources.teachersOf(category)),
      (teachers, p) => {
        const next = new Set(teachers);
        for (const id of p.ids) {
          if (p.taught.get(id)?.has(category)) next.add(id);
          else next.delete(id);
        }
        return next;
      },
    );
  }

  /**
   * Ratings received and lessons held per student in [from, to): read once, then patched in place
   * with the facts of the students each change names (the board builds that read it do so before
   * their next await).
   */
  private periodFacts(from: Date, to: Date): Promise<Map<string, PeriodFact>> {
    const period = { from, to };
    return this.cachedValue(
      `period|${periodKey(period)}`,
      this.periodMaxAge(to),
      () => this.readPeriodFacts(period),
      (facts, p) => {
        const named = factsOfPeriod(p, period);
        for (const id of p.ids) {
          const f = named.get(id);
          if (f) facts.set(id, f);
          else facts.delete(id);
        }
        return facts;
      },
      period,
    );
  }

  /** The period's facts per student (only `ids`' when given): students with a rating received or a lesson held in it. */
  private async readPeriodFacts({ from, to }: { from: Date; to: Date }, ids?: readonly string[]): Promise<Map<string, PeriodFact>> {
    const [ratings, lessons] = await Promise.all([
      this.sources.ratingsReceived(from, to, ids),
      this.sources.lessonsHeld(from, to, this.deps.clock.now(), ids),
    ]);
    const facts = new Map<string, PeriodFact>();
    const of = (userId: string) => {
      let f = facts.get(userId);
      if (!f) facts.set(userId, (f = { stars: 0, ratings: 0, lessons: 0 }));
      return f;
    };
    for (const r of ratings) {
      const f = of(r.userId);
      f.stars += r.stars;
      f.ratings += r.count;
    }
    for (const l of lessons) of(l.userId).lessons += l.count;
    return facts;
  }

  /** A period's facts are good until the next change, PERIOD_MAX_AGE_MS, or the period's end, whichever comes first. */
  private periodMaxAge(to: Date): number {
    return Math.max(1, Math.min(PERIOD_MAX_AGE_MS, to.getTime() - this.deps.clock.now().getTime()));
  }

  /** The default view (all time, everyone): its board holds every listed student, and the other boards are made from it. */
  private allTime(): ResolvedView {
    return resolveView({}, this.deps.clock.now());
  }

  /** The board of a view (cached like the facts it is made of). */
  board(view: ResolvedView): Promise<Board> {
    const maxAge = view.to ? this.periodMaxAge(view.to) : CACHE_MAX_AGE_MS;
    // Names the board in the cache and its last version (kept across rebuilds).
    const key = boardKey(view);
    const period = view.from && view.to ? { from: view.from, to: view.to } : undefined;
    // Patched with the rows a change names: their all-time rows, categories and (period views) facts in the period.
    const patch = (board: Board, p: MergedPatch) => {
      const facts = period ? factsOfPeriod(p, period) : null;
      const added: BoardEntry[] = [];
      for (const id of p.ids) {
        const row = p.rows.get(id);
        if (!row || (view.category && !p.taught.get(id)?.has(view.category))) continue;
        if (!facts) added.push(row);
        else {
          const f = facts.get(id);
          if (f) added.push(periodEntry(row, f));
        }
      }
      const next = patchBoard(board, p.ids, added, this.deps.clock.now());
      this.versions.set(key, { version: next.version, lastModified: next.lastModified });
      return next;
    };
    return this.cachedValue(
      key,
      maxAge,
      async () => {
        let entries: BoardEntry[];
        if (view.key === DEFAULT_VIEW_KEY) {
          // The walk of every listed student: the other views are made from this board.
          const raw = await rankedStudents(this.deps.dataSource);
          entries = new Array<BoardEntry>(raw.length);
          for (let i = 0; i < raw.length; i++) entries[i] = allTimeEntry(raw[i]);
        } else {
          const [all, teachers, facts] = await Promise.all([
            this.board(this.allTime()),
            view.category ? this.teachers(view.category) : null,
            period ? this.periodFacts(period.from, period.to) : null,
          ]);
          // Copied before the next await: patches change the default board's rows in place.
          entries = [];
          if (!facts) {
            for (const e of all.entries) if (!teachers || teachers.has(e.userId)) entries.push({ ...e });
          } else {
            for (const [userId, f] of facts) {
              const student = all.index.get(userId);
              if (!student || (teachers && !teachers.has(userId))) continue;
              entries.push(periodEntry(student, f));
            }
          }
        }
        const board = rankBoard(view, entries, this.versions.get(key) ?? null, this.deps.clock.now());
        this.versions.set(key, { version: board.version, lastModified: board.lastModified });
        return board;
      },
      patch,
      period,
    );
  }

  /** Names of `ids`, read once per change. */
  private async namesOf(ids: readonly string[]): Promise<Map<string, string>> {
    const missing = ids.filter((id) => !this.names.has(id));
    if (missing.length) {
      const changeCount = this.changeCount;
      const found = await this.users.summaries(missing);
      // A change meanwhile dropped names: these may be from before it.
      if (changeCount === this.changeCount && this.live) for (const [id, u] of found) this.names.set(id, u.name);
      return new Map(ids.map((id) => [id, this.names.get(id) ?? found.get(id)?.name ?? ""]));
    }
    return new Map(ids.map((id) => [id, this.names.get(id)!]));
  }

  private async read(): Promise<LeaderboardSnapshot> {
    // One row past the top says whether a page of the whole top has a next page.
    const read = await leaderboardQuery(this.deps.dataSource, LEADERBOARD_MAX + 1).getRawMany<{
      id: string;
      ratingAvg: number | string;
      ratingCount: number | string;
      skillCoins: number | string;
    }>();
    const more = read.length > LEADERBOARD_MAX;
    const raw = more ? read.slice(0, LEADERBOARD_MAX) : read;
    const below = more ? read[LEADERBOARD_MAX] : null;
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
    const tiedBelow = (r: LeaderboardRowView) =>
      below !== null &&
      r.rating === Number(below.ratingAvg) &&
      r.ratingCount === Number(below.ratingCount) &&
      r.skillCoins === Number(below.skillCoins);
    const firstTied = rows.findIndex(tiedBelow);
    return this.remember(rows, more, firstTied < 0 ? rows.length : firstTied);
  }

  /** The top from the default view's board: its first rows, all of them its own (the board holds every tie whole). */
  private async topOfBoard(): Promise<LeaderboardSnapshot> {
    const board = await this.board(this.allTime());
    // Taken before the next await: a patch changes the board's rows in place.
    const top = board.entries.slice(0, LEADERBOARD_MAX).map((e) => ({
      userId: e.userId,
      rating: e.rating,
      ratingCount: e.ratingCount,
      skillCoins: e.skillCoins,
      rank: e.rank,
    }));
    const more = board.entries.length > LEADERBOARD_MAX;
    const names = await this.namesOf(top.map((r) => r.userId));
    const rows = top.map((r) => ({ ...r, name: names.get(r.userId) ?? "" }));
    return this.remember(rows, more, rows.length);
  }

  /** A snapshot of `rows` (in order, fields as `read` makes them: the version hashes them) kept as the last one. */
  private remember(rows: LeaderboardRowView[], more: boolean, settled: number): LeaderboardSnapshot {
    const version = createHash("sha256").update(JSON.stringify(rows)).digest("base64url").slice(0, 27);
    // Unchanged rows keep their date, so a validator never claims a change that did not happen.
    const lastModified = this.last && this.last.version === version ? this.last.lastModified : this.deps.clock.now();
    this.last = { rows, version, lastModified, more, settled };
    return this.last;
  }
}

const DEFAULT_VIEW_KEY = "|all_time";

/** Where a view's board is cached. */
const boardKey = (view: ResolvedView) => `view|${view.key}|${view.from?.toISOString() ?? ""}`;

/** The cursors `leaderboard(first)` has always written: the row's 1-based place in the top. */
export const topCursor = (place: number) => encodeCursor("leaderboard", [place]);

function topCursorIndex(after: string): number | null {
  try {
    return decodeCursor("leaderboard", after, ([place]) =>
      Number.isSafeInteger(place) && (place as number) >= 1 ? (place as number) : undefined,
    );
  } catch {
    return null;
  }
}

/** A student's row of the all-time ranking, from the walk's columns. */
export function allTimeEntry(r: { id: string; ratingAvg: unknown; ratingCount: unknown; skillCoins: unknown }): BoardEntry {
  const rating = Number(r.ratingAvg);
  const ratingCount = Number(r.ratingCount);
  const skillCoins = Number(r.skillCoins);
  return {
    rank: 0,
    userId: r.id,
    rating,
    ratingCount,
    skillCoins,
    periodRating: null,
    periodRatingCount: null,
    periodLessons: null,
    keys: [rating, ratingCount, skillCoins],
  };
}

/** A student's row in a period view: the all-time row with the period's facts as its keys. */
function periodEntry(student: BoardEntry, f: PeriodFact): BoardEntry {
  const periodRating = f.ratings ? f.stars / f.ratings : 0;
  return { ...student, periodRating, periodRatingCount: f.ratings, periodLessons: f.lessons, keys: [periodRating, f.ratings, f.lessons] };
}

/** Names a period in the caches and patches. */
const periodKey = ({ from, to }: { from: Date; to: Date }) => `${from.toISOString()}|${to.toISOString()}`;

/**
 * The named students' facts in `period` from merged patches. Every patch queued on a value that
 * needs a period read that period (see `patch`); a missing one fails the patch, which drops the value.
 */
function factsOfPeriod(p: MergedPatch, period: { from: Date; to: Date }): Map<string, PeriodFact> {
  const facts = p.periods.get(periodKey(period));
  if (!facts) throw new Error(`leaderboard patch without the facts of period ${periodKey(period)}`);
  return facts;
}

/** Patches in the order they happened, as one: each student's last row, categories and facts in each period. */
function mergePatches(pending: ReadonlyArray<{ ids: readonly string[] }>, facts: readonly PatchFacts[]): MergedPatch {
  const merged: MergedPatch = { ids: new Set(), rows: new Map(), taught: new Map(), periods: new Map() };
  pending.forEach(({ ids }, i) => {
    for (const id of ids) {
      merged.ids.add(id);
      const row = facts[i].rows.get(id);
      if (row) merged.rows.set(id, row);
      else merged.rows.delete(id);
      merged.taught.set(id, new Set(facts[i].taught.get(id) ?? []));
    }
    for (const [key, period] of facts[i].periods) {
      let named = merged.periods.get(key);
      if (!named) merged.periods.set(key, (named = new Map()));
      for (const id of ids) {
        const f = period.get(id);
        if (f) named.set(id, f);
        else named.delete(id);
      }
    }
  });
  // A period some patch did not read cannot be patched (see factsOfPeriod).
  for (const key of [...merged.periods.keys()]) if (!facts.every((f) => f.periods.has(key))) merged.periods.delete(key);
  return merged;
}

const allTimeKeys = (r: Pick<LeaderboardRowView, "rating" | "ratingCount" | "skillCoins">) =>
  [r.rating, r.ratingCount, r.skillCoins] as const;

/** The ranking query (the accounts module's, on its `users` index): exported so a test can EXPLAIN it on both databases. */
export function leaderboardQuery(ds: DataSource, limit: number) {
  return rankingQuery(ds, limit);
}
