/**
 * The two indexes the directory reads, kept in step with profiles: `feed_entries` (what a feed
 * walk reads, versioned by time so a feed session reads one consistent snapshot) and
 * `search_terms` (prefix search on names, skills and languages). Both are derived data: only a
 * listed student has rows (`isListed`: a filled profile and a visible account, i.e. a verified
 * address in good standing), and `rebuildProfileIndexes` can make them again from
 * users, user_skills and user_languages at any time.
 */
import type { DataSource, EntityManager } from "typeorm";
import { HOUR } from "../../shared/clock.js";
import { FeedEntry } from "./feed-entry.entity.js";
import { SearchTerm } from "./search-term.entity.js";
import { hasColumn, insertIgnoreRows, readDate } from "../../db/sql.js";
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
  /** Responsiveness tier (FEED_TIERS); NEUTRAL_TIER when not known. */
  tier?: number;
}

type Fact = Pick<FeedEntry, "kind" | "term" | "term2">;
const factKey = (f: Fact & { tier?: number }) => `${f.kind}\u0000${f.term}\u0000${f.term2}\u0000${f.tier ?? NEUTRAL_TIER}`;

/**
 * The one rule for who appears in the feed and search: a visible account (verified address, good
 * standing) with a filled profile (a skill to learn; gender is set by every profile save).
 */
export const isListed = (p: Pick<IndexedProfile, "visible" | "required">) => p.visible && p.required.some((s) => foldTerm(s) !== "");

/** Every feed fact of one listed profile. */
export function feedFactsOf(p: Pick<IndexedProfile, "known" | "required">): Fact[] {
  const known = [...new Set(p.known.map(foldTerm).filter(Boolean))];
  const required = [...new Set(p.required.map(foldTerm).filter(Boolean))];
  return [
    { kind: "m", term: "", term2: "" },
    ...known.map((term) => ({ kind: "k" as const, term, term2: "" })),
    ...required.map((term) => ({ kind: "r" as const, term, term2: "" })),
    ...known.flatMap((term) => required.map((term2) => ({ kind: "p" as const, term, term2 }))),
  ];
}

async function insertChunks<T extends object>(em: EntityManager | DataSource, entity: new () => T, rows: T[], size = 500): Promise<void> {
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
 * Brings one student's index rows to their saved profile, inside the profile's transaction:
 * feed facts the profile no longer has end now, new ones start now; search terms are replaced.
 */
export async function writeProfileIndex(em: EntityManager, p: IndexedProfile, now: Date): Promise<void> {
  const entries = em.getRepository(FeedEntry);
  const current = await entries
    .createQueryBuilder("f")
    .select(["f.kind", "f.term", "f.term2", "f.tier", "f.validFrom"])
    .where("f.userId = :id AND f.validTo IS NULL", { id: p.userId })
    .getMany();
  const listed = isListed(p);
  const tier = p.tier ?? NEUTRAL_TIER;
  // A fact whose tier changed is another fact: the old row ends, a new one starts.
  const wanted = new Map((listed ? feedFactsOf(p) : []).map((f) => [factKey({ ...f, tier }), f]));
  const have = new Set(current.map(factKey));
  for (const row of current) {
    if (wanted.has(factKey(row))) continue;
    const where = { userId: p.userId, kind: row.kind, term: row.term, term2: row.term2, validFrom: row.validFrom };
    // A row that started at this very instant was never part of an earlier snapshot.
    if (row.validFrom.getTime() >= now.getTime()) await entries.delete(where);
    else await entries.update(where, { validTo: now });
  }
  const added = [...wanted.values()].filter((f) => !have.has(factKey({ ...f, tier })));
  await insertChunks(
    em,
    FeedEntry,
    added.map((f) => ({ ...f, tier, userId: p.userId, validFrom: now, validTo: null, userCreatedAt: p.createdAt })),
  );
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
 * Makes both indexes again from the profiles (a migration backfill, the benchmark's bulk seed,
 * a repair). Listed students are visible ones with a gender and a skill to learn, as everywhere.
 * Reads the users in id order, a chunk at a time, so memory stays flat at any size. Rows start at
 * each student's registration: a rebuild never hides anyone from a feed session already open.
 * `tiers` gives the students' responsiveness tiers (the swaps module's; neutral without it).
 */
export async function rebuildProfileIndexes(
  ds: DataSource | EntityManager,
  chunk = 2000,
  tiers?: (ids: string[]) => Promise<Map<string, number>>,
): Promise<{ students: number }> {
  // A migration older than the tier column runs this against a schema without it.
  const withTier = await hasColumn(ds, "feed_entries", "tier");
  await ds.query("DELETE FROM feed_entries");
  await ds.query("DELETE FROM search_terms");
  // The migration that made these tables runs this before users.visible existed (everyone was listed then).
  const visibleRule = (await hasColumn(ds, "users", "visible")) ? "AND u.visible = 1" : "";
  let after = "";
  let students = 0;
  for (;;) {
    const users: Array<{ id: string; name: string; createdAt: unknown }> = await ds.query(
      `SELECT u.id AS id, u.name AS name, u.createdAt AS createdAt ${fromUsers("u")}
        WHERE u.id > ? AND u.gender IS NOT NULL ${visibleRule}
          AND EXISTS (SELECT 1 FROM user_skills s WHERE s.userId = u.id AND s.kind = 'required')
        ORDER BY u.id LIMIT ${chunk}`,
      [after],
    );
    if (users.length === 0) break;
    after = users[users.length - 1].id;
    const ids = users.map((u) => u.id);
    const marks = ids.map(() => "?").join(",");
    const skills: Array<{ userId: string; kind: string; skill: string }> = await ds.query(
      `SELECT userId, kind, skill FROM user_skills WHERE userId IN (${marks}) ORDER BY userId, kind, position`,
      ids,
    );
    const langs: Array<{ userId: string; language: string }> = await ds.query(
      `SELECT userId, language FROM user_languages WHERE userId IN (${marks}) ORDER BY userId, position`,
      ids,
    );
    const profiles = new Map<string, IndexedProfile>(
      users.map((u) => [
        u.id,
        { userId: u.id, visible: true, name: u.name, createdAt: readDate(u.createdAt), known: [], required: [], languages: [] },
      ]),
    );
    for (const s of skills) profiles.get(s.userId)?.[s.kind === "known" ? "known" : "required"].push(s.skill);
    for (const l of langs) profiles.get(l.userId)?.languages.push(l.language);
    const tierOf = (await tiers?.(ids)) ?? new Map<string, number>();
    const entries: FeedEntry[] = [];
    const terms: SearchTerm[] = [];
    for (const p of profiles.values()) {
      const tier = tierOf.get(p.userId) ?? NEUTRAL_TIER;
      for (const f of feedFactsOf(p))
        entries.push({ ...f, tier, userId: p.userId, validFrom: p.createdAt, validTo: null, userCreatedAt: p.createdAt });
      terms.push(...searchRowsOf(p));
    }
    if (withTier) await insertChunks(ds, FeedEntry, entries, 1000);
    else await insertEntriesWithoutTier(ds, entries);
    await insertChunks(ds, SearchTerm, terms, 1000);
    students += users.length;
  }
  return { students };
}

/** The rebuild's insert for a schema from before the tier column (an old migration's backfill). */
function insertEntriesWithoutTier(ds: DataSource | EntityManager, entries: FeedEntry[]): Promise<void> {
  return insertIgnoreRows(
    ds,
    "feed_entries",
    ["userId", "kind", "term", "term2", "validFrom", "validTo", "userCreatedAt"],
    entries.map((e) => [e.userId, e.kind, e.term, e.term2, e.validFrom, null, e.userCreatedAt]),
  );
}
