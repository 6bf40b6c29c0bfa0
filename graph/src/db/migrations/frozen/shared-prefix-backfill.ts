/**
 * The backfill of 1795694005898-SearchSharedPrefix (both dialects): the search rows already written
 * get their `sharedPrefix` (older rows hold the column's default, 60, which is correct but always
 * probed). A frozen copy of modules/profiles/search-terms.ts `backfillSharedPrefixes` as it was
 * when the migrations were frozen (issue 49). Do not edit.
 */
import type { EntityManager } from "typeorm";
import { insertIgnoreRows, marks, rawQuery } from "./sql.js";
import { sharedPrefixes } from "./terms.js";

interface Row {
  userId: string;
  field: string;
  term: string;
  sortKey: string;
}

/** A chunk of students at a time, in id order: their rows are read, deleted and written again with the numbers. */
export async function backfillSharedPrefixes(em: EntityManager, chunk = 1000): Promise<void> {
  let after = "";
  for (;;) {
    const users = await rawQuery<{ userId: string }>(
      em,
      `SELECT DISTINCT userId FROM search_terms WHERE userId > ? ORDER BY userId LIMIT ${chunk}`,
      [after],
    );
    if (users.length === 0) return;
    after = users[users.length - 1].userId;
    const ids = users.map((u) => u.userId);
    const rows = await rawQuery<Row>(em, `SELECT userId, field, term, sortKey FROM search_terms WHERE userId IN (${marks(ids.length)})`, ids);
    const groups = new Map<string, Row[]>();
    for (const r of rows) {
      const key = `${r.userId}\u0000${r.field}`;
      groups.set(key, [...(groups.get(key) ?? []), r]);
    }
    const out: Array<Row & { sharedPrefix: number }> = [];
    for (const group of groups.values()) {
      const shared = sharedPrefixes(group.map((r) => r.term));
      group.forEach((r, i) => out.push({ ...r, sharedPrefix: shared[i] }));
    }
    await rawQuery(em, `DELETE FROM search_terms WHERE userId IN (${marks(ids.length)})`, ids);
    await insertIgnoreRows(
      em,
      "search_terms",
      ["userId", "field", "term", "sortKey", "sharedPrefix"],
      out.map((r) => [r.userId, r.field, r.term, r.sortKey, r.sharedPrefix]),
    );
  }
}
