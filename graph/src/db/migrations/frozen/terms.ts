/**
 * Frozen copy of the search terms' folding (modules/profiles/search-terms.ts: foldTerm, wordsOf,
 * sharedPrefixes) as it was when the migrations were frozen (issue 49), for the data
 * migrations' backfills. The live functions may change; what an old migration wrote may not. Do not edit.
 */

export const TERM_LENGTH = 60;

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

/** Printable ASCII without capitals: characters both databases compare as themselves. */
const PLAIN = /^[\x20-\x40\x5b-\x7e]*$/;

/**
 * For each of one student's terms in one field: the longest start it shares with another of the
 * terms; TERM_LENGTH for every term when any of them is not plain ASCII.
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
