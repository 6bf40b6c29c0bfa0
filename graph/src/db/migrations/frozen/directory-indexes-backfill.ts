/**
 * The backfill of 1795503030704-DirectoryIndexes (both dialects): every listed student of an
 * existing database gets their `feed_entries` and `search_terms` rows. A frozen copy of
 * modules/profiles/profile-index.ts `rebuildProfileIndexes` (with feedFactsOf and searchRowsOf)
 * as it was when the migrations were frozen (issue 49), written for the schema this migration
 * leaves: feed_entries without the tier and filter columns, search_terms without sharedPrefix,
 * users without `visible` (every student with a gender and a skill to learn is listed). Later
 * migrations fill what they add (FeedResponsivenessTier, DiscoveryFilters, SearchSharedPrefix).
 * Plain SQL, no entity: the live entities describe the newest schema, not this one. Do not edit.
 */
import type { EntityManager } from "typeorm";
import { insertIgnoreRows, readDate } from "./sql.js";
import { foldTerm, wordsOf } from "./terms.js";

interface Profile {
  userId: string;
  name: string;
  createdAt: Date;
  known: string[];
  required: string[];
  languages: string[];
  categories: string[];
}

interface Fact {
  kind: string;
  term: string;
  term2: string;
}

function feedFactsOf(p: Profile): Fact[] {
  const folded = (values: readonly string[]) => [...new Set(values.map(foldTerm).filter(Boolean))];
  const known = folded(p.known);
  const required = folded(p.required);
  return [
    { kind: "m", term: "", term2: "" },
    ...known.map((term) => ({ kind: "k", term, term2: "" })),
    ...required.map((term) => ({ kind: "r", term, term2: "" })),
    ...known.flatMap((term) => required.map((term2) => ({ kind: "p", term, term2 }))),
    ...folded(p.languages).map((term) => ({ kind: "l", term, term2: "" })),
    ...folded(p.categories).map((term) => ({ kind: "g", term, term2: "" })),
  ];
}

/** [userId, field, term, sortKey] of one student's search rows. */
function searchRowsOf(p: Profile): string[][] {
  const sortKey = foldTerm(p.name);
  const rows: string[][] = [];
  const add = (field: string, values: string[]) => {
    for (const term of new Set(values.flatMap(wordsOf))) rows.push([p.userId, field, term, sortKey]);
  };
  add("n", [p.name]);
  add("s", p.known);
  add("l", p.languages);
  return rows;
}

export async function backfillDirectoryIndexes(em: EntityManager, chunk = 2000): Promise<void> {
  await em.query("DELETE FROM feed_entries");
  await em.query("DELETE FROM search_terms");
  let after = "";
  for (;;) {
    const users: Array<{ id: string; name: string; createdAt: unknown }> = await em.query(
      `SELECT u.id AS id, u.name AS name, u.createdAt AS createdAt FROM users u
        WHERE u.id > ? AND u.gender IS NOT NULL
          AND EXISTS (SELECT 1 FROM user_skills s WHERE s.userId = u.id AND s.kind = 'required')
        ORDER BY u.id LIMIT ${chunk}`,
      [after],
    );
    if (users.length === 0) return;
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
    const profiles = new Map<string, Profile>(
      users.map((u) => [
        u.id,
        { userId: u.id, name: u.name, createdAt: readDate(u.createdAt), known: [], required: [], languages: [], categories: [] },
      ]),
    );
    for (const s of skills) {
      const p = profiles.get(s.userId);
      p?.[s.kind === "known" ? "known" : "required"].push(s.skill);
      if (s.kind === "known") p?.categories.push(s.category);
    }
    for (const l of langs) profiles.get(l.userId)?.languages.push(l.language);
    const entries: unknown[][] = [];
    const terms: string[][] = [];
    for (const p of profiles.values()) {
      for (const f of feedFactsOf(p)) entries.push([p.userId, f.kind, f.term, f.term2, p.createdAt, null, p.createdAt]);
      terms.push(...searchRowsOf(p));
    }
    await insertIgnoreRows(em, "feed_entries", ["userId", "kind", "term", "term2", "validFrom", "validTo", "userCreatedAt"], entries);
    await insertIgnoreRows(em, "search_terms", ["userId", "field", "term", "sortKey"], terms);
  }
}
