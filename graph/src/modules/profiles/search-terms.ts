/**
 * The search index's terms (`search_terms`, written by profile-index.ts): how a value is folded
 * and cut into terms, and how much of a term the student's other terms share (`sharedPrefix`),
 * which lets a search keep a student's only match without probing for an earlier one.
 */
import type { SearchTerm } from "./search-term.entity.js";

const TERM_LENGTH = 60;

/** Case- and accent-folded, trimmed, inner whitespace collapsed: what both indexes compare. */
export function foldTerm(s: string): string {
  return s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, TERM_LENGTH)
    .trim();
}

/** The words of a value (split at spaces and light punctuation) plus, for several words, the whole value. */
export function wordsOf(value: string): string[] {
  const whole = foldTerm(value);
  if (!whole) return [];
  const words = whole.split(/[\s,;:/()|-]+/).filter(Boolean);
  return [...new Set(words.length > 1 ? [...words, whole] : [whole])];
}

/** What the search index reads of a profile (profile-index.ts's IndexedProfile has it). */
export interface SearchableProfile {
  userId: string;
  name: string;
  known: readonly string[];
  languages: readonly string[];
}

export function searchRowsOf(p: SearchableProfile): SearchTerm[] {
  const sortKey = foldTerm(p.name);
  const rows: SearchTerm[] = [];
  const add = (field: SearchTerm["field"], values: readonly string[]) => {
    const terms = [...new Set(values.flatMap(wordsOf))];
    const shared = sharedPrefixes(terms);
    terms.forEach((term, i) => rows.push({ userId: p.userId, field, term, sortKey, sharedPrefix: shared[i] }));
  };
  add("n", [p.name]);
  add("s", p.known);
  add("l", p.languages);
  return rows;
}

/**
 * Characters both databases compare as themselves: printable ASCII without capitals (folded terms
 * have none). MariaDB's utf8mb4_unicode_ci finds no two of them equal and ignores none of them,
 * by `=` or by LIKE (checked against MariaDB 10.11); SQLite compares bytes.
 */
const PLAIN = /^[\x20-\x40\x5b-\x7e]*$/;

/** A query a search may answer without the "no earlier matching term" probe for a row whose `sharedPrefix` is below its length (0: never). */
export const plainLength = (prefix: string): number => (PLAIN.test(prefix) ? prefix.length : 0);

/**
 * For each of one student's terms in one field: the longest start it shares with another of the
 * terms. Two terms that both start with a query share at least the query's length, so a query
 * longer than a term's number matches no other term of the student: that row is their only match
 * (searchQuery skips its probe). When any of the terms has another character, which MariaDB's
 * collation may find equal to a different one or ignore, every term gets TERM_LENGTH (always probed).
 */
export function sharedPrefixes(terms: readonly string[]): number[] {
  if (!terms.every((t) => PLAIN.test(t))) return terms.map(() => TERM_LENGTH);
  return terms.map((t, i) => {
    let most = 0;
    terms.forEach((other, j) => {
      if (j === i) return;
      let k = 0;
      while (k < t.length && k < other.length && t[k] === other[k]) k++;
      most = Math.max(most, k);
    });
    return most;
  });
}
