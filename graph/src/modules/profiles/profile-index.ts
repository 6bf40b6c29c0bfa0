/**
 * The two indexes the directory reads, kept in step with profiles: `feed_entries` (what a feed
 * walk reads, versioned by time so a feed session reads one consistent snapshot) and
 * `search_terms` (prefix search on names, skills and languages). Both are derived data: only a
 * listed student has rows (`isListed`: a filled profile and a visible account, i.e. a verified
 * address in good standing), and `rebuildProfileIndexes` can make them again from
 * users, user_skills and user_languages at any time.
 */
import type { EntityManager } from "typeorm";
import { HOUR } from "../../shared/clock.js";
import { FeedEntry } from "./feed-entry.entity.js";
import { SearchTerm } from "./search-term.entity.js";
import { readDate } from "../../db/sql.js";
import { foldTerm, searchRowsOf } from "./search-terms.js";
import { fromUsers } from "../accounts/user-reads.js";

/**
 * Responsiveness tiers of the feed order, best first (see FeedEntry.tier). A student without
 * enough request history is neutral, so newcomers are neither pushed up nor down.
 */
export const FEED_TIERS = [2, 1, 0] as const;
export const NEUTRAL_TIER = 1;

/** How long a feed session may read its snapshot; ended rows are kept a little longer. */
export const FEED_SNAPSHOT_LIFETIME = 24 * HOUR;
const PURGE_AFTER = FEED_SNAPSHOT_LIFETIME + HOUR;
/** Ended rows removed per profile write: more than one write can end, so the backlog shrinks. */
const PURGE_BATCH = 500;

export interface IndexedProfile {
  userId: string;
  /** users.visible: false keeps (or takes) the student out of both indexes whatever the profile says. */
  visible: boolean;
  name: string;
  createdAt: Date;
  known: string[];
  required: string[];
  languages: string[];
  /** Categories of the known skills (discovery's category filter). */
  categories?: string[];
  /** Responsiveness tier (FEED_TIERS); NEUTRAL_TIER when not known. */
  tier?: number;
  /** The filters' residuals, carried by every row (FeedEntry): rating as shown, coins per course, swaps taught. */
  rating?: number;
  coins?: number;
  taught?: number;
}

type Fact = Pick<FeedEntry, "kind" | "term" | "term2">;
/** The student-wide values every row carries: a change of any of them is a change of every row. */
type Residuals = Pick<FeedEntry, "tier" | "rating" | "coins" | "taught">;
const residualsOf = (p: IndexedProfile): Residuals => ({
  tier: p.tier ?? NEUTRAL_TIER,
  rating: p.rating ?? 0,
  coins: p.coins ?? 0,
  taught: p.taught ?? 0,
});
const factKey = (f: Fact) => `${f.kind}\u0000${f.term}\u0000${f.term2}`;
const residualKey = (r: Residuals) => `${r.tier}\u0000${Number(r.rating)}\u0000${r.coins}\u0000${r.taught}`;

/**
 * The one rule for who appears in the feed and search: a visible account (verified address, good
 * standing) with a filled profile (a skill to learn; gender is set by every profile save).
 */
export const isListed = (p: Pick<IndexedProfile, "visible" | "required">) => p.visible && p.required.some((s) => foldTerm(s) !== "");

/** Every feed fact of one listed profile. */
export function feedFactsOf(p: Pick<IndexedProfile, "known" | "required" | "languages" | "categories">): Fact[] {
  const folded = (values: readonly string[] | undefined) => [...new Set((values ?? []).map(foldTerm).filter(Boolean))];
  const known = folded(p.known);
  const required = folded(p.required);
  return [
    { kind: "m", term: "", term2: "" },
    ...known.map((term) => ({ kind: "k" as const, term, term2: "" })),
    ...required.map((term) => ({ kind: "r" as const, term, term2: "" })),
    ...known.flatMap((term) => required.map((term2) => ({ kind: "p" as const, term, term2 }))),
    ...folded(p.languages).map((term) => ({ kind: "l" as const, term, term2: "" })),
    ...folded(p.categories).map((term) => ({ kind: "g" as const, term, term2: "" })),
  ];
}

async function insertChunks<T extends object>(em: EntityManager, entity: new () => T, rows: T[], size = 500): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    // orIgnore: MariaDB's collation may call two folded terms equal (ß/ss); one row is enough.
    await em
      .createQueryBuilder()
      .insert()
      .into(entity)
      .values(rows.slice(i, i + size) as never)
      .orIgnore()
      .execute();
  }
}

/**
 * Brings one student's index rows to their saved profile, inside the profile's transaction. When
 * anything the rows say changed (a fact, the tier, rating, price or swaps taught), every current
 * row ends now and the whole new set starts now: a current row's validFrom is the student's last
 * change, which saved-search alerts read (idx_feed_entries_changes). Search terms are replaced.
 */
export async function writeProfileIndex(em: EntityManager, p: IndexedProfile, now: Date): Promise<void> {
  const entries = em.getRepository(FeedEntry);
  const current = await entries
    .createQueryBuilder("f")
    .select(["f.kind", "f.term", "f.term2", "f.tier", "f.rating", "f.coins", "f.taught", "f.validFrom"])
    .where("f.userId = :id AND f.validTo IS NULL", { id: p.userId })
    .getMany();
  const listed = isListed(p);
  const residuals = residualsOf(p);
  const wanted = listed ? feedFactsOf(p) : [];
  const wantedKeys = new Set(wanted.map((f) => `${factKey(f)}\u0000${residualKey(residuals)}`));
  const same = current.length === wantedKeys.size && current.every((row) => wantedKeys.has(`${factKey(row)}\u0000${residualKey(row)}`));
  if (!same) {
    for (const row of current) {
      const where = { userId: p.userId, kind: row.kind, term: row.term, term2: row.term2, validFrom: row.validFrom };
      // A row that started at this very instant was never part of an earlier snapshot.
      if (row.validFrom.getTime() >= now.getTime()) await entries.delete(where);
      else await entries.update(where, { validTo: now });
    }
    await insertChunks(
      em,
      FeedEntry,
      wanted.map((f) => ({ ...f, ...residuals, userId: p.userId, validFrom: now, validTo: null, userCreatedAt: p.createdAt })),
    );
  }
  await em.getRepository(SearchTerm).delete({ userId: p.userId });
  if (listed) await insertChunks(em, SearchTerm, searchRowsOf(p));
  await purgeEndedEntries(em, now);
}

/** Removes a batch of feed rows that ended before any live snapshot began. */
export async function purgeEndedEntries(em: EntityManager, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - PURGE_AFTER);
  const stale = await em
    .getRepository(FeedEntry)
    .createQueryBuilder("f")
    .select(["f.userId", "f.kind", "f.term", "f.term2", "f.validFrom"])
    .where("f.validTo < :cutoff", { cutoff })
    .orderBy("f.validTo", "ASC")
    .limit(PURGE_BATCH)
    .getMany();
  for (const { userId, kind, term, term2, validFrom } of stale)
    await em.getRepository(FeedEntry).delete({ userId, kind, term, term2, validFrom });
}

/**
 * Makes both indexes again from the profiles, on today's schema (a repair; tests check it gives
 * what the writes maintained; migrations run their frozen copies), inside `em`'s transaction, so
 * readers see the old rows until it commits. Listed students are visible ones with a gender and a skill to learn, as everywhere.
 * Reads the users in id order, a chunk at a time, so memory stays flat at any size. Rows start at
 * each student's registration: a rebuild never hides anyone from a feed session already open.
 * `tiers` gives the students' responsiveness tiers (the swaps module's; neutral without it).
 */
export async function rebuildProfileIndexes(
  em: EntityManager,
  chunk = 2000,
  tiers?: (ids: string[]) => Promise<Map<string, number>>,
): Promise<{ students: number }> {
  await em.query("DELETE FROM feed_entries");
  await em.query("DELETE FROM search_terms");
  let after = "";
  let students = 0;
  for (;;) {
    const users: Array<{ id: string; name: string; createdAt: unknown; amount: unknown; ratingSum: unknown; ratingCount: unknown }> =
      await em.query(
        `SELECT u.id AS id, u.name AS name, u.createdAt AS createdAt, u.amount AS amount, u.ratingSum AS ratingSum,
          u.ratingCount AS ratingCount ${fromUsers("u")}
        WHERE u.id > ? AND u.gender IS NOT NULL AND u.visible = 1
          AND EXISTS (SELECT 1 FROM user_skills s WHERE s.userId = u.id AND s.kind = 'required')
        ORDER BY u.id LIMIT ${chunk}`,
        [after],
      );
    if (users.length === 0) break;
    after = users[users.length - 1].id;
    const ids = users.map((u) => u.id);
    const marks = ids.map(() => "?").join(",");
    const skills: Array<{ userId: string; kind: string; skill: string; category: string }> = await em.query(
      `SELECT userId, kind, skill, category FROM user_skills WHERE userId IN (${marks}) ORDER BY userId, kind, position`,
      ids,
    );
    const langs: Array<{ userId: string; language: string }> = await em.query(
      `SELECT userId, language FROM user_languages WHERE userId IN (${marks}) ORDER BY userId, position`,
      ids,
    );
    const taught = new Map<string, number>(
      (
        (await em.query(
          `SELECT mentorId AS id, COUNT(*) AS n FROM completed_skills WHERE mentorId IN (${marks}) GROUP BY mentorId`,
          ids,
        )) as Array<{ id: string; n: unknown }>
      ).map((r) => [r.id, Number(r.n)]),
    );
    const profiles = new Map<string, IndexedProfile>(
      users.map((u) => [
        u.id,
        {
          userId: u.id,
          visible: true,
          name: u.name,
          createdAt: readDate(u.createdAt),
          known: [],
          required: [],
          languages: [],
          categories: [],
          coins: Number(u.amount ?? 0),
          rating: shownRating(Number(u.ratingSum ?? 0), Number(u.ratingCount ?? 0)),
          taught: taught.get(u.id) ?? 0,
        },
      ]),
    );
    for (const s of skills) {
      const p = profiles.get(s.userId);
      p?.[s.kind === "known" ? "known" : "required"].push(s.skill);
      if (s.kind === "known") p?.categories?.push(s.category);
    }
    for (const l of langs) profiles.get(l.userId)?.languages.push(l.language);
    const tierOf = (await tiers?.(ids)) ?? new Map<string, number>();
    const entries: FeedEntry[] = [];
    const terms: SearchTerm[] = [];
    for (const p of profiles.values()) {
      const residuals = residualsOf({ ...p, tier: tierOf.get(p.userId) ?? NEUTRAL_TIER });
      for (const f of feedFactsOf(p))
        entries.push({ ...f, ...residuals, userId: p.userId, validFrom: p.createdAt, validTo: null, userCreatedAt: p.createdAt });
      terms.push(...searchRowsOf(p));
    }
    await insertChunks(em, FeedEntry, entries, 1000);
    await insertChunks(em, SearchTerm, terms, 1000);
    students += users.length;
  }
  return { students };
}

/** The rating a profile shows (profile-views.ts ratingOf): the average to one decimal, 0 without ratings. */
export const shownRating = (sum: number, count: number): number => (count > 0 ? Math.round((sum / count) * 10) / 10 : 0);
