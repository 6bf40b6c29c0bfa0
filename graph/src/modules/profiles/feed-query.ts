/**
 * The feed's SQL, built so that one page costs about the page size rather than the community
 * size. The order is (score desc, createdAt desc, id desc) over two segments:
 *
 * - scored (3, 2, 1): the viewer's few skill keys joined to `idx_user_skills_search`
 *   (kind, skillKey, userId) find the matching students directly (index only), so the work
 *   grows with the number of matches, never with the students who match nothing;
 * - score 0: everyone else, read newest first along `idx_users_feed` (createdAt, id) from the
 *   cursor on, each row checked with index probes, so it stops after the page.
 *
 * Each segment is cut to the rows the page can use (limit + offset) before the two are merged.
 */

/** Position in the feed order: (score desc, createdAt desc, id desc). */
export interface CursorKey {
  score: number;
  createdAt: Date;
  id: string;
}

/**
 * `EXISTS` as a per-row index probe. Wrapped because MariaDB (exists_to_in) and MySQL turn a
 * top-level [NOT] EXISTS into a semi-join that materializes or scans the subquery's whole
 * table (every student with a skill to learn), which is the cost this file avoids.
 */
const probe = (sub: string) => `(CASE WHEN EXISTS (${sub}) THEN 1 ELSE 0 END)`;

/** Another student whom the viewer may see. */
const OTHER = `u.gender IS NOT NULL AND u.id NOT IN (:...excluded)`;
const WANTS_TO_LEARN = probe("SELECT 1 FROM user_skills q WHERE q.userId = u.id AND q.kind = 'required'");

/**
 * Each matching student once with their score: 2 when they know a skill the viewer wants,
 * +1 when they want one the viewer knows. Read only from the skill indexes.
 */
const SCORED = `SELECT m.userId AS userId, MAX(m.teaches) + MAX(m.learns) AS score FROM (
    SELECT k.userId AS userId, 2 AS teaches, 0 AS learns FROM user_skills mine
      JOIN user_skills k ON k.kind = 'known' AND k.skillKey = mine.skillKey
     WHERE mine.userId = :viewer AND mine.kind = 'required'
    UNION ALL
    SELECT w.userId AS userId, 0 AS teaches, 1 AS learns FROM user_skills mine
      JOIN user_skills w ON w.kind = 'required' AND w.skillKey = mine.skillKey
     WHERE mine.userId = :viewer AND mine.kind = 'known'
  ) m GROUP BY m.userId`;

/** The same two matches, probed for one student `u` (through `idx_user_skills_owner`). */
const UNMATCHED = `${probe(`
      SELECT 1 FROM user_skills k JOIN user_skills mine
        ON mine.userId = :viewer AND mine.kind = 'required' AND mine.skillKey = k.skillKey
      WHERE k.userId = u.id AND k.kind = 'known'`)} = 0
    AND ${probe(`
      SELECT 1 FROM user_skills w JOIN user_skills mine
        ON mine.userId = :viewer AND mine.kind = 'known' AND mine.skillKey = w.skillKey
      WHERE w.userId = u.id AND w.kind = 'required'`)} = 0`;

/** Strictly after (createdAt, id) in newest-first order; the first term is an index range. */
const OLDER = `u.createdAt <= :at AND (u.createdAt < :at OR u.id < :id)`;

export interface FeedWindow {
  /** MySQL and MariaDB would rather scan every user than start from the matches: told not to. */
  sqlite: boolean;
  viewerId: string;
  /** The viewer and everyone blocked either way (never empty). */
  excluded: string[];
  /** Keyset paging: rows strictly after this position. */
  after?: CursorKey | null;
  /** Offset paging (REST): leave out students who registered after this time. */
  snapshot?: Date | null;
  limit: number;
  offset?: number;
}

/** Rows `{ id, createdAt, score }` of one feed window, in feed order. */
export function feedQuery(w: FeedWindow): { sql: string; params: Record<string, unknown> } {
  const { after, snapshot } = w;
  const offset = w.offset ?? 0;
  const take = w.limit + offset;
  const params: Record<string, unknown> = { viewer: w.viewerId, excluded: w.excluded };
  if (after) Object.assign(params, { s: after.score, at: after.createdAt, id: after.id });
  if (snapshot) params.snapshot = snapshot;
  const snap = snapshot ? "AND u.createdAt <= :snapshot" : "";
  const branches: string[] = [];

  // Scored rows (score >= 1) can follow the cursor only when its score is above 0. Filled
  // details need a skill to learn, which scores 1 and 3 already name.
  if (!after || after.score > 0) {
    const keyset = after ? `AND (c.score < :s OR (c.score = :s AND ${OLDER}))` : "";
    branches.push(`SELECT u.id AS id, u.createdAt AS createdAt, c.score AS score
      FROM (${SCORED}) c ${w.sqlite ? "JOIN" : "STRAIGHT_JOIN"} users u ON u.id = c.userId
      WHERE ${OTHER} AND (c.score <> 2 OR ${WANTS_TO_LEARN} = 1) ${snap} ${keyset}
      ORDER BY c.score DESC, u.createdAt DESC, u.id DESC
      LIMIT ${take}`);
  }
  // Score 0 follows every scored row; within it the cursor applies only from a score-0 position.
  if (!after || after.score >= 0) {
    const keyset = after?.score === 0 ? `AND ${OLDER}` : "";
    branches.push(`SELECT u.id AS id, u.createdAt AS createdAt, 0 AS score
      FROM users u
      WHERE ${OTHER} AND ${WANTS_TO_LEARN} = 1 AND ${UNMATCHED} ${snap} ${keyset}
      ORDER BY u.createdAt DESC, u.id DESC
      LIMIT ${take}`);
  }
  if (branches.length === 0) return { sql: "SELECT u.id AS id, u.createdAt AS createdAt, 0 AS score FROM users u WHERE 1 = 0", params };
  const union = branches.map((b, i) => `SELECT * FROM (${b}) b${i}`).join("\nUNION ALL\n");
  return {
    sql: `SELECT t.id AS id, t.createdAt AS createdAt, t.score AS score FROM (${union}) t
      ORDER BY t.score DESC, t.createdAt DESC, t.id DESC
      LIMIT ${w.limit}${offset ? ` OFFSET ${offset}` : ""}`,
    params,
  };
}
