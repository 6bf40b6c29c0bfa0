/**
 * The directory's SQL: feed segments and search walks over `feed_entries` and `search_terms`
 * (profile-index.ts). Every statement is a union of index walks, each a range of one index in
 * the order the page needs, cut at the rows the page can use; nothing aggregates or sorts the
 * students who match.
 *
 * Feed order: (score desc, tier desc, createdAt desc, id desc), where the score is 2 when they know
 * a skill the viewer wants plus 1 when they want a skill the viewer knows, and the tier is how
 * responsive the student is to requests (FEED_TIERS: among equal matches the responsive first).
 * Each score is its own segment, and each walk below is one stream of the walk index read backwards,
 * (tier, createdAt, id) descending, which is exactly the segment's order (the tier sits right after
 * the stream in the index, so no tier costs a walk of its own):
 * - 3: one walk per (wanted, known) pair of the viewer's skills over `p` rows: exactly the
 *   students who both teach and learn, newest first;
 * - 2: one walk per wanted skill over `k` rows, without those who also want what I know;
 * - 1: one walk per known skill over `r` rows, without those who also know what I want;
 * - 0: one walk over `m` rows (every listed student), without anyone of the above.
 * A walk cut at n rows holds every student of the segment's first n (a student ahead of one in
 * a walk is ahead of them in the segment), so merging the walks and dropping repeats gives the
 * page. The rows a walk passes over in segments 2-0 are students of a higher segment, which the
 * viewer's earlier pages already showed: reading the feed costs O(walks x rows shown).
 * A cursor inside a segment reads two ranges of each stream: its own tier from the cursor on,
 * then the lower tiers.
 */

import { sqlDateTime } from "../../db/sql.js";
import { blockListParts, blockProbes } from "../blocks/blocks.service.js";
import { plainLength } from "./search-terms.js";
import { languagesAndCompletedParts } from "./profile-reads.js";
import { budgeted, FILTER_SCAN_BUDGET, filterCheck, use, walkBudget, type WalkFilters } from "./filter-query.js";

/** Position in the feed order. */
export interface CursorKey {
  score: number;
  tier: number;
  createdAt: Date;
  id: string;
}

export interface FeedViewer {
  id: string;
  /** Folded skill keys of the viewer as of `asOf`. */
  known: string[];
  required: string[];

  /**
   * Everyone the viewer blocked or was blocked by (read with the viewer's facts), which the walks
   * leave out by list; null when there are more than BLOCK_LIST_MAX, and the walks probe each row.
   */
  blocked: string[] | null;

  /** The snapshot the feed session reads. */
  asOf: Date;
  sqlite: boolean;
  /** Discovery filters; undefined for the plain feed (whose statements stay as they were). */
  filters?: WalkFilters;
}

/** Valid at the snapshot time. */
const valid = (a: string) => `${a}.validFrom <= :asOf AND (${a}.validTo IS NULL OR ${a}.validTo > :asOf)`;

/**
 * `EXISTS` as a per-row index probe (here on the primary key userId, kind, term, ...). Wrapped
 * because MariaDB (exists_to_in) turns a top-level [NOT] EXISTS into a semi-join that reads the
 * subquery's whole table, which is the cost this file avoids.
 */
const none = (sub: string) => `(CASE WHEN EXISTS (${sub}) THEN 1 ELSE 0 END) = 0`;
/** Neither the viewer nor the student in `column` blocked the other (two point probes per row). */
export const notBlocked = (column: string, sqlite: boolean) => blockProbes(column, sqlite).map(none).join(" AND ");

const hasNo = (sqlite: boolean, kind: "k" | "r", list: string) =>
  none(`SELECT 1 FROM feed_entries x ${use(sqlite, "idx_feed_entries_owner")}
    WHERE x.userId = f.userId AND x.kind = '${kind}' AND x.term IN (:...${list}) AND x.term2 = '' AND ${valid("x")}`);

/** Strictly after (createdAt, id) in newest-first order; the first term bounds the index range. */
const OLDER = `f.userCreatedAt <= :at AND (f.userCreatedAt < :at OR f.userId < :cid)`;

/** The parameter names of a segment's i-th walk (its term and, for a pair, its second term), made once. */
const STREAM_PARAMS: Array<readonly [string, string]> = [];
const streamParams = (i: number) => (STREAM_PARAMS[i] ??= [`t${i}`, `u${i}`]);

/** One statement of several index walks, each already ordered and cut; the caller merges. */
export function unionOfWalks(branches: string[], sqlite: boolean): string {
  if (branches.length === 1) return branches[0];
  // SQLite wants a compound member without ORDER BY/LIMIT; MariaDB keeps them in parentheses.
  return branches.map((b) => (sqlite ? `SELECT * FROM (${b})` : `(${b})`)).join("\nUNION ALL\n");
}

/** The walks of one feed segment (null when the viewer's skills give it none), rows `{ id, createdAt, tier }`. */
export function feedSegmentQuery(
  v: FeedViewer,
  score: number,
  after: CursorKey | null,
  limit: number,
): { sql: string; params: Record<string, unknown>; perWalk: number } | null {
  const params: Record<string, unknown> = { asOf: sqlDateTime(v.asOf), viewer: v.id, known: v.known, required: v.required };
  if (after) Object.assign(params, { at: sqlDateTime(after.createdAt), cid: after.id });
  const f = v.filters;
  // A skill filter the viewer wants to learn: the students of segments 3 and 2 who teach it are
  // exactly that skill's streams (a student who teaches it and another wanted skill is in both).
  const wanted = f?.skill && v.required.includes(f.skill) ? [f.skill] : v.required;
  // Segment 0 (no match either way) walks the most selective filter's stream instead of every
  // listed student: its rows are in the same (tier, createdAt, id) order.
  const rest: { kind: string; term: string; term2: string } = f?.skill
    ? { kind: "k", term: f.skill, term2: "" }
    : f?.language
      ? { kind: "l", term: f.language, term2: "" }
      : f?.category
        ? { kind: "g", term: f.category, term2: "" }
        : { kind: "m", term: "", term2: "" };
  const streams: Array<{ kind: string; term: string; term2: string }> =
    score === 3
      ? wanted.flatMap((term) => v.known.map((term2) => ({ kind: "p", term, term2 })))
      : score === 2
        ? wanted.map((term) => ({ kind: "k", term, term2: "" }))
        : score === 1
          ? v.known.map((term) => ({ kind: "r", term, term2: "" }))
          : [rest];
  if (streams.length === 0) return null;
  const filters: string[] = [];
  if (score === 2 && v.known.length) filters.push(hasNo(v.sqlite, "r", "known"));
  if (score === 1 && v.required.length) filters.push(hasNo(v.sqlite, "k", "required"));
  if (score === 0) {
    if (v.required.length) filters.push(hasNo(v.sqlite, "k", "required"));
    if (v.known.length) filters.push(hasNo(v.sqlite, "r", "known"));
  }
  const hint = use(v.sqlite, "idx_feed_entries_walk");
  // Tiers above the cursor's were shown on earlier pages; the cursor's own continues after it.
  if (after) params.tier = after.tier;
  const from = after ? `AND (f.tier < :tier OR (f.tier = :tier AND ${OLDER}))` : "";
  // Neither the viewer nor anyone blocked either way: by list when the viewer's blocks are few.
  if (v.blocked) params.excluded = [v.id, ...v.blocked];
  const others = v.blocked ? "f.userId NOT IN (:...excluded)" : `f.userId <> :viewer AND ${notBlocked("f.userId", v.sqlite)}`;
  const check = f ? filterCheck(f, "w.id", v.sqlite, valid("$"), params) : null;
  const perWalk = f ? walkBudget(limit, streams.length) : limit;
  const branches = streams.map((s, i) => {
    // The kind is one of four letters and term2 is empty but for pairs: written into the statement.
    // Only the viewer's own terms are parameters, set one by one (a computed-key object per stream
    // merged into the parameters was a tenth of the REST dashboard's own CPU, in V8's slow paths).
    const [t, u] = streamParams(i);
    params[t] = s.term;
    if (s.term2) params[u] = s.term2;
    const walk = `SELECT f.userId AS id, f.userCreatedAt AS createdAt, f.tier AS tier${f ? `, ${i} AS walk` : ""} FROM feed_entries f ${hint}
      WHERE f.kind = '${s.kind}' AND f.term = :${t} AND f.term2 = ${s.term2 ? `:${u}` : "''"} AND ${valid("f")}
        ${from} AND ${others}
        ${filters.map((c) => `AND ${c}`).join(" ")}
      ORDER BY f.tier DESC, f.userCreatedAt DESC, f.userId DESC LIMIT ${perWalk}`;
    return f ? budgeted(walk, check) : walk;
  });
  return { sql: unionOfWalks(branches, v.sqlite), params, perWalk };
}

/**
 * How many blocks (both ways together) the viewer's facts carry. Up to this many, each walk leaves
 * them out by a list (`NOT IN`), free for the rows it reads; past it, each walked row is probed in
 * `blocks` twice, as search does (about a hundredth of a millisecond a probe on MariaDB, and a later
 * page's walks read dozens of rows: a third of its SQL time). Most students block nobody.
 */
export const BLOCK_LIST_MAX = 100;

/**
 * The viewer's own facts as of the snapshot (read through the primary key): their skill keys, the
 * `m` row that says they were listed (profile filled) then, so one statement also answers the
 * "details filled" gate, and (kind `b`, term the other student's id) whom they blocked and who
 * blocked them, as they stand now, up to BLOCK_LIST_MAX + 1 each way. `withOwnProfile`: also their
 * languages and completed skills (kinds `l` and `c`, columns as languagesAndCompletedParts'), one
 * round trip fewer for the REST dashboard, which shows the caller's profile with every page.
 */
export function viewerFactsQuery(sqlite: boolean, withOwnProfile = false): string {
  // With the viewer's languages and completed skills (the REST dashboard shows their profile beside
  // the page): the facts' rows get the same seven columns, NULL where a fact has nothing.
  const more = withOwnProfile ? ", NULL AS b, NULL AS mentorId, NULL AS completedAt, NULL AS pos, NULL AS cid" : "";
  return (viewerFacts[(sqlite ? 1 : 0) + (withOwnProfile ? 2 : 0)] ??= unionOfWalks(
    [
      `SELECT f.kind AS kind, f.term AS term${more} FROM feed_entries f WHERE f.userId = :viewer AND f.kind IN ('m', 'k', 'r') AND ${valid("f")}`,
      ...blockListParts(sqlite, more, BLOCK_LIST_MAX + 1),
      ...(withOwnProfile ? languagesAndCompletedParts("viewer") : []),
    ],
    sqlite,
  ));
}
const viewerFacts: Array<string | undefined> = [];

export interface SearchKey {
  term: string;
  sortKey: string;
  id: string;
}

/**
 * One page of a prefix search: terms of `field` starting with `prefix`, in index order (term,
 * then name, then id), each student at the first of their matching terms only. A row whose term
 * shares less than the query's length with the student's other terms (`sharedPrefix`, read from
 * the walk's index) is their only match and is kept without the probe for an earlier one: both
 * databases evaluate OR from the left and stop at the first true operand. On a 51-row page of
 * "pyth" that probe was about half of the walk's time.
 */
export function searchQuery(opts: {
  sqlite: boolean;
  field: "n" | "s" | "l";
  prefix: string;
  viewer: string;
  after: SearchKey | null;
  limit: number;
  /** Discovery filters: the walk is cut at FILTER_SCAN_BUDGET examined rows, each answered with `ok`. */
  filters?: WalkFilters;
}): { sql: string; params: Record<string, unknown> } {
  const escaped = opts.prefix.replace(/[!%_]/g, (c) => `!${c}`);
  const params: Record<string, unknown> = {
    field: opts.field,
    viewer: opts.viewer,
    lo: opts.prefix,
    hi: `${opts.prefix}\u{10FFFF}`,
    like: `${escaped}%`,
    plain: plainLength(opts.prefix),
  };
  // MariaDB compares in the column's collation, where a LIKE prefix is the index range.
  const starts = (col: string) => (opts.sqlite ? `${col} >= :lo AND ${col} < :hi` : `${col} LIKE :like ESCAPE '!'`);
  let keyset = "";
  if (opts.after) {
    Object.assign(params, { at: opts.after.term, ak: opts.after.sortKey, aid: opts.after.id });
    keyset = `AND s.term >= :at AND (s.term > :at OR s.sortKey > :ak OR (s.sortKey = :ak AND s.userId > :aid))`;
  }
  const hint = use(opts.sqlite, "idx_search_terms_walk");
  // SQLite already probes through the primary key (userId, field, term); MariaDB is told to.
  const probeHint = opts.sqlite ? "" : "FORCE INDEX (PRIMARY)";
  const walk = `SELECT s.userId AS id, s.term AS term, s.sortKey AS sortKey FROM search_terms s ${hint}
      WHERE s.field = :field AND ${starts("s.term")} ${keyset} AND s.userId <> :viewer AND ${notBlocked("s.userId", opts.sqlite)}
        AND (s.sharedPrefix < :plain OR ${none(`SELECT 1 FROM search_terms x ${probeHint} WHERE x.userId = s.userId AND x.field = :field AND ${starts("x.term")} AND x.term < s.term`)})
      ORDER BY s.term, s.sortKey, s.userId LIMIT ${opts.filters ? Math.max(opts.limit, FILTER_SCAN_BUDGET) : opts.limit}`;
  if (!opts.filters) return { sql: walk, params };
  // Search reads students as they are now: their current rows.
  return { sql: budgeted(walk, filterCheck(opts.filters, "w.id", opts.sqlite, "$.validTo IS NULL", params)), params };
}
