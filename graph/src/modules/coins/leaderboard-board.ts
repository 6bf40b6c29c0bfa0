/**
 * One leaderboard view as a ranked list in memory (a "board"), and what pages read from it:
 * the ranking's order and ties, keyset cursors, the window around a student. Plain functions;
 * LeaderboardService builds, caches and drops boards.
 */
import { createHash } from "node:crypto";
import { CATEGORIES } from "../../../../common/profiles.js";
import { FILTER_MESSAGES } from "../../../../common/discovery.js";
import { LEADERBOARD_MESSAGES as M, LEADERBOARD_PERIODS, type LeaderboardPeriod, periodRange } from "../../../../common/leaderboard.js";
import { decodeCursor, encodeCursor } from "../../shared/cursor.js";
import { badInput } from "../../shared/errors.js";

/** Which students a view ranks and by what: a category of skills they teach, a period (all time by default). */
export interface LeaderboardViewSpec {
  /** One of the profile categories: only students who teach a skill in it. Null or absent: everyone. */
  category?: string | null;
  period?: LeaderboardPeriod | null;
}

/** A view as resolved at a time: the period's bounds [from, to) in UTC (null for all time). */
export interface ResolvedView {
  /** `category|period`: names the view in cursors, caches and live events. */
  key: string;
  category: string | null;
  period: LeaderboardPeriod;
  from: Date | null;
  to: Date | null;
}

/** A student's place in a view, as the service answers it. */
export interface LeaderboardViewRow {
  /** 1 + the number of students strictly ahead: equal keys share a rank (1, 2, 2, 4). */
  rank: number;
  userId: string;
  name: string;
  /** All-time average rating (0 when unrated), its count and the coin balance, in every view. */
  rating: number;
  ratingCount: number;
  skillCoins: number;
  /** Period views only (null in all-time views): average of the ratings received in the period (0 with none). */
  periodRating: number | null;
  /** Period views only: ratings received in the period. */
  periodRatingCount: number | null;
  /** Period views only: lessons held in the period (scheduled, not cancelled, ended in the period). */
  periodLessons: number | null;
}

/** A ranked student without a name (boards keep no names; pages fetch them). */
export type BoardEntry = Omit<LeaderboardViewRow, "name"> & {
  /** What the view sorts by, each descending; then userId ascending. */
  keys: readonly [number, number, number];
};

export interface Board {
  view: ResolvedView;
  entries: BoardEntry[];
  /** userId -> the student's row in `entries` (`positionOf` finds its place: a patch moves rows without touching this). */
  index: Map<string, BoardEntry>;
  /** Changes exactly when a rank, key, rating or balance of any entry does. */
  version: string;
  /** The sums of the rows' hashes the version is made from (patchBoard updates them). */
  sums: readonly [number, number];
  lastModified: Date;
}

/** Resolves and checks a view: BAD_USER_INPUT names the wrong field. */
export function resolveView(spec: LeaderboardViewSpec, now: Date): ResolvedView {
  const category = spec.category === undefined || spec.category === null || spec.category === "" ? null : spec.category;
  if (category !== null && !(CATEGORIES as readonly string[]).includes(category)) {
    throw badInput(FILTER_MESSAGES.category, { field: "category" });
  }
  const period = spec.period ?? "all_time";
  if (!LEADERBOARD_PERIODS.includes(period)) throw badInput(M.period, { field: "period" });
  const range = periodRange(period, now);
  return { key: `${category ?? ""}|${period}`, category, period, from: range?.from ?? null, to: range?.to ?? null };
}

/** Position order: keys descending, then userId ascending. Negative when `a` comes first. */
export function compareEntries(a: Pick<BoardEntry, "keys" | "userId">, b: Pick<BoardEntry, "keys" | "userId">): number {
  for (let i = 0; i < 3; i++) {
    if (a.keys[i] !== b.keys[i]) return b.keys[i] - a.keys[i];
  }
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

const sameKeys = (a: BoardEntry, b: BoardEntry) => a.keys[0] === b.keys[0] && a.keys[1] === b.keys[1] && a.keys[2] === b.keys[2];

/**
 * A 64-bit hash (two 32-bit halves) of what a row shows besides its rank (cyrb53's mixing). A
 * board's version is made from the sum of its rows' hashes, so a patch updates it from the rows it
 * removes and adds alone. Ranks need not be hashed: they follow from the set of rows' keys, so equal
 * sets of rows have equal ranks and any rank moves only with some row's keys, which are hashed.
 */
function rowHash(e: BoardEntry): [number, number] {
  const s = `${e.userId},${e.rating},${e.ratingCount},${e.skillCoins},${e.periodRating},${e.periodRatingCount},${e.periodLessons},${e.keys[0]},${e.keys[1]},${e.keys[2]}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1 >>> 0, h2 >>> 0];
}

/** The version of a board of `length` rows whose row hashes sum to `sums`: the same on every instance for the same rows. */
const versionOf = (length: number, sums: readonly [number, number]) =>
  createHash("sha256").update(`${length}:${sums[0]}:${sums[1]}`).digest("base64url").slice(0, 27);

/** Sorts `entries` in place, numbers their ranks and hashes them: a board. */
export function rankBoard(
  view: ResolvedView,
  entries: BoardEntry[],
  previous: Pick<Board, "version" | "lastModified"> | null,
  now: Date,
): Board {
  entries.sort(compareEntries);
  const index = new Map<string, BoardEntry>();
  let a = 0;
  let b = 0;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const prev = entries[i - 1];
    e.rank = prev && sameKeys(prev, e) ? prev.rank : i + 1;
    index.set(e.userId, e);
    const [h1, h2] = rowHash(e);
    a = (a + h1) >>> 0;
    b = (b + h2) >>> 0;
  }
  const sums = [a, b] as const;
  const version = versionOf(entries.length, sums);
  // Unchanged rows keep their date, so a validator never claims a change that did not happen.
  const lastModified = previous && previous.version === version ? previous.lastModified : now;
  return { view, entries, index, version, sums, lastModified };
}

/**
 * `board` with the rows of `ids` replaced by `added` (the new rows of those of `ids` the view
 * ranks; any order, rank unset): what `rankBoard` makes of the same rows, without sorting them all.
 * One student at a time: a row that stays in the view moves from its old place to its new one (found
 * by binary search) by shifting only the rows between, and ranks are numbered again from the first
 * of those places until a row past the last has its old rank (the rows beyond are where and as they
 * were), so a change costs about the distance a row moves, not the board's size. A row that enters
 * or leaves the view shifts every row after it: ranks are numbered again to the end.
 * In place: the returned board shares `board`'s rows and index, so a reader takes what it needs
 * from a board before its next await (patches apply between readers, never during one).
 */
export function patchBoard(board: Board, ids: ReadonlySet<string>, added: readonly BoardEntry[], now: Date): Board {
  const { entries, index } = board;
  let [a, b] = board.sums;
  const incoming = new Map(added.map((e) => [e.userId, { ...e, rank: 0 }]));
  for (const id of ids) {
    const at = positionOf(board, id);
    const next = incoming.get(id);
    if (at !== undefined) {
      const [h1, h2] = rowHash(entries[at]);
      a = (a - h1) >>> 0;
      b = (b - h2) >>> 0;
      index.delete(id);
    }
    if (next) {
      const [h1, h2] = rowHash(next);
      a = (a + h1) >>> 0;
      b = (b + h2) >>> 0;
      index.set(id, next);
    }
    if (at !== undefined && next) {
      // Its place among the other rows (the old row, still at `at`, is not one of them).
      let to = positionAfter(entries, next);
      if (at < to) to--;
      if (to > at) entries.copyWithin(at, at + 1, to + 1);
      else if (to < at) entries.copyWithin(to + 1, to, at);
      entries[to] = next;
      renumber(entries, Math.min(at, to), Math.max(at, to));
    } else if (at !== undefined) {
      entries.splice(at, 1);
      renumber(entries, at, entries.length);
    } else if (next) {
      const to = positionAfter(entries, next);
      entries.splice(to, 0, next);
      renumber(entries, to, entries.length);
    }
  }
  const sums = [a, b] as const;
  const version = versionOf(entries.length, sums);
  const lastModified = board.version === version ? board.lastModified : now;
  return { view: board.view, entries, index, version, sums, lastModified };
}

/**
 * Numbers ranks again from `lo`: every place up to `hi`, then on until a row has its rank already
 * (past `hi` every row is at its old place, so from there on each has its old rank too).
 */
function renumber(entries: BoardEntry[], lo: number, hi: number): void {
  for (let i = lo; i < entries.length; i++) {
    const e = entries[i];
    const prev = entries[i - 1];
    const rank = prev && sameKeys(prev, e) ? prev.rank : i + 1;
    if (i > hi && e.rank === rank) break;
    e.rank = rank;
  }
}

const CURSOR_KIND = "leaderboard-view";

/** A row's keyset position in its view: valid for as long as the view exists, whatever moves meanwhile. */
export function cursorOf(view: ResolvedView, e: Pick<BoardEntry, "keys" | "userId">): string {
  return encodeCursor(CURSOR_KIND, [view.key, view.from?.toISOString() ?? null, e.keys[0], e.keys[1], e.keys[2], e.userId]);
}

/** The position a cursor names in `view`; BAD_USER_INPUT for another view's cursor or a period since ended. */
export function decodeViewCursor(view: ResolvedView, cursor: string): Pick<BoardEntry, "keys" | "userId"> {
  const parts = decodeCursor(CURSOR_KIND, cursor, ([key, from, a, b, c, userId]) => {
    const finite = [a, b, c].every((n) => typeof n === "number" && Number.isFinite(n));
    if (typeof key !== "string" || !(from === null || typeof from === "string") || !finite || typeof userId !== "string") return undefined;
    return { key, from, keys: [a, b, c] as [number, number, number], userId };
  });
  if (parts.key !== view.key) throw badInput(M.cursorOtherView, { field: "after" });
  if (parts.from !== (view.from?.toISOString() ?? null)) throw badInput(M.cursorOtherPeriod, { field: "after" });
  return { keys: parts.keys, userId: parts.userId };
}

/** Where `userId`'s row is in `board` (undefined: not ranked in it): a binary search. */
export function positionOf(board: Pick<Board, "entries" | "index">, userId: string): number | undefined {
  const e = board.index.get(userId);
  return e === undefined ? undefined : positionAfter(board.entries, e) - 1;
}

/** The first position in `entries` strictly after `pos` (entries.length when none is). */
export function positionAfter(entries: readonly BoardEntry[], pos: Pick<BoardEntry, "keys" | "userId">): number {
  let lo = 0;
  let hi = entries.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareEntries(entries[mid], pos) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A window of `size` rows with position `at` in the middle (moved inward at either end of the board). */
export function windowAround(length: number, at: number, size: number): { start: number; end: number } {
  const above = Math.floor((size - 1) / 2);
  const end = Math.min(length, Math.max(0, at - above) + size);
  return { start: Math.max(0, end - size), end };
}
