/**
 * The discovery filters in SQL (feed-query.ts walks, search, saved-search alerts): a filtered walk
 * examines a bounded stretch of its index and probes each examined student's own rows for the
 * filters, so a filter that matches few students costs the same bounded walk.
 */

/** Index hints: both planners would rather walk a skill's whole stream than probe one student. */
export const use = (sqlite: boolean, index: string) => (sqlite ? `INDEXED BY ${index}` : `FORCE INDEX (${index})`);

/**
 * Discovery filters as the walks apply them (directory-filters.ts makes them): multi-valued facts as
 * folded terms, probed per examined row in the student's own `l` / `g` / `k` rows; rating, price and
 * swaps taught read from the same probe (every row carries them). "Online now" is applied in code.
 */
export interface WalkFilters {
  skill?: string;
  language?: string;
  category?: string;
  minRating?: number;
  maxCoins?: number;
  hasTaught?: boolean;
  onlineNow?: boolean;
}

/**
 * Index rows one walk of a filtered page examines, at most. A filtered walk reads its stream in order
 * up to this many rows (whatever matches) and the filters are checked on those rows only: a filter
 * that matches few students costs the same bounded walk, and the page ends early with a cursor at the
 * last examined position ("keep looking") instead of reading on.
 */
export const FILTER_SCAN_BUDGET = 200;

/**
 * Rows each of a filtered segment's `walks` examines: the request's budget shared among them (a
 * viewer with several skills each way walks many streams at once, and each walked row is probed for
 * the filters), never fewer than the page needs. At 100,000 students every walk fills its share, so
 * a budget per walk made a six-walk segment read 1,200 rows and 1,200 probes for one page.
 */
export function walkBudget(need: number, walks: number): number {
  return Math.max(need, Math.ceil(FILTER_SCAN_BUDGET / Math.max(1, walks)));
}

const some = (sub: string) => `(CASE WHEN EXISTS (${sub}) THEN 1 ELSE 0 END) = 1`;

/**
 * The filters' check of the student in `column` (null when only "online now" is asked, which code
 * checks): one probe of their own rows through idx_feed_entries_owner per multi-valued filter, the
 * first also checking rating, price and swaps taught (or, without one, a probe of their `m` row).
 * `when` is the version condition on alias x (the feed's snapshot, or current rows for search).
 */
export function filterCheck(f: WalkFilters, column: string, sqlite: boolean, when: string, params: Record<string, unknown>): string | null {
  const scalars: string[] = [];
  if (f.minRating !== undefined) {
    params.fMinRating = f.minRating;
    scalars.push("x.rating >= :fMinRating");
  }
  if (f.maxCoins !== undefined) {
    params.fMaxCoins = f.maxCoins;
    scalars.push("x.coins <= :fMaxCoins");
  }
  if (f.hasTaught) scalars.push("x.taught > 0");
  const facts: Array<[string, string]> = [];
  if (f.skill) {
    params.fSkill = f.skill;
    facts.push(["k", ":fSkill"]);
  }
  if (f.language) {
    params.fLanguage = f.language;
    facts.push(["l", ":fLanguage"]);
  }
  if (f.category) {
    params.fCategory = f.category;
    facts.push(["g", ":fCategory"]);
  }
  if (scalars.length && !facts.length) facts.push(["m", "''"]);
  if (!facts.length) return null;
  return facts
    .map(([kind, term], i) =>
      some(`SELECT 1 FROM feed_entries x ${use(sqlite, "idx_feed_entries_owner")}
        WHERE x.userId = ${column} AND x.kind = '${kind}' AND x.term = ${term} AND x.term2 = '' AND ${when.replace(/\$/g, "x")}
          ${i === 0 ? scalars.map((c) => `AND ${c}`).join(" ") : ""}`),
    )
    .join(" AND ");
}

/**
 * A walk cut at FILTER_SCAN_BUDGET examined rows, each answered with `ok` (whether it passes the
 * filters' check): the walk stays one bounded index range however few rows match.
 */
export function budgeted(walk: string, check: string | null): string {
  return `SELECT w.*, ${check ? `CASE WHEN ${check} THEN 1 ELSE 0 END` : "1"} AS ok FROM (${walk}) w`;
}
