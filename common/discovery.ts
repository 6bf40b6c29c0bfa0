/**
 * Discovery filters: what narrows the feed and search, as the web keeps them in the URL, REST
 * takes them as query parameters and GraphQL as `DirectoryFilters`. Shared by the server's checks
 * (graph/src/modules/profiles/directory-filters.ts) and the web filter panel. Plain TypeScript.
 */
import { CATEGORIES, LANGUAGES, MAX_SKILL_LENGTH, normalizeSkill } from "./profiles.js";

export interface DirectoryFilters {
  /** A category of a skill the student teaches (one of CATEGORIES). */
  category?: string;
  /** A skill the student teaches (case and accents ignored, whole skill). */
  skill?: string;
  /** A language the student speaks (one of LANGUAGES). */
  language?: string;
  /** Their rating as shown on the profile (one decimal), at least this (1-5). */
  minRating?: number;
  /** Skill coins per course, at most this. */
  maxCoins?: number;
  /** Online now (an open app, and they let it show). */
  onlineNow?: boolean;
  /** Has taught at least one finished swap. */
  hasTaught?: boolean;
}

export const FILTER_KEYS = ["category", "skill", "language", "minRating", "maxCoins", "onlineNow", "hasTaught"] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const MAX_COINS_FILTER = 100_000;

export const FILTER_MESSAGES = {
  category: `category must be one of: ${CATEGORIES.join(", ")}`,
  skill: `skill must be 1 to ${MAX_SKILL_LENGTH} characters`,
  language: `language must be one of: ${LANGUAGES.join(", ")}`,
  minRating: "minRating must be a number from 1 to 5",
  maxCoins: `maxCoins must be a whole number from 0 to ${MAX_COINS_FILTER}`,
  onlineNow: "onlineNow must be true or false",
  hasTaught: "hasTaught must be true or false",
} as const satisfies Record<FilterKey, string>;

export const FILTER_LABELS: Record<FilterKey, string> = {
  category: "Skill category",
  skill: "Skill they teach",
  language: "Teaching language",
  minRating: "Minimum rating",
  maxCoins: "Maximum coins per course",
  onlineNow: "Online now",
  hasTaught: "Has taught before",
};

export const SAVED_SEARCH_MAX = 5;
export const SAVED_SEARCH_NAME_MAX = 60;

/** A saved search's name as kept (trimmed), or null when it is not one (empty, or over SAVED_SEARCH_NAME_MAX). */
export function savedSearchName(name: unknown): string | null {
  const trimmed = typeof name === "string" ? name.trim() : "";
  return trimmed && trimmed.length <= SAVED_SEARCH_NAME_MAX ? trimmed : null;
}

export const SAVED_SEARCH_MESSAGES = {
  tooMany: `You can keep at most ${SAVED_SEARCH_MAX} saved searches. Delete one first.`,
  name: `Give the search a name of 1 to ${SAVED_SEARCH_NAME_MAX} characters`,
  empty: "Choose at least one filter or a search text to save",
  notFound: "Saved search not found",
  unsubscribed: "You will no longer get alerts for this saved search.",
  linkInvalid: "This unsubscribe link is not valid.",
};

/** Whether any filter is set. */
export const hasFilters = (f: DirectoryFilters): boolean => FILTER_KEYS.some((k) => f[k] !== undefined);

/**
 * Checks and normalises filters from any door: unknown values give the key's message. Text values
 * are trimmed; a category or language matches the catalog case-insensitively and is returned as
 * the catalog spells it. Returns the clean filters or the first problem.
 */
export function checkFilters(
  raw: Record<string, unknown>,
): { ok: true; filters: DirectoryFilters } | { ok: false; field: FilterKey; message: string } {
  const out: DirectoryFilters = {};
  const fail = (field: FilterKey) => ({ ok: false as const, field, message: FILTER_MESSAGES[field] });
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : v);
  const bool = (v: unknown) => (v === true || v === "true" || v === "1" ? true : v === false || v === "false" || v === "0" ? false : null);
  const present = (v: unknown) => v !== undefined && v !== null && v !== "";
  if (present(raw.category)) {
    const c = CATEGORIES.find((x) => x.toLowerCase() === String(text(raw.category)).toLowerCase());
    if (!c || typeof raw.category !== "string") return fail("category");
    out.category = c;
  }
  if (present(raw.skill)) {
    // Normalised and counted as a profile's skill is (NFC, inner spaces collapsed, in characters), so
    // any skill a profile may list can be looked for.
    const s = typeof raw.skill === "string" ? normalizeSkill(raw.skill) : null;
    if (s === null || s.length < 1 || [...s].length > MAX_SKILL_LENGTH) return fail("skill");
    out.skill = s;
  }
  if (present(raw.language)) {
    const l = LANGUAGES.find((x) => x.toLowerCase() === String(text(raw.language)).toLowerCase());
    if (!l || typeof raw.language !== "string") return fail("language");
    out.language = l;
  }
  if (present(raw.minRating)) {
    const n = typeof raw.minRating === "number" ? raw.minRating : Number(text(raw.minRating));
    if (!Number.isFinite(n) || n < 1 || n > 5) return fail("minRating");
    out.minRating = Math.round(n * 10) / 10;
  }
  if (present(raw.maxCoins)) {
    const n = typeof raw.maxCoins === "number" ? raw.maxCoins : Number(text(raw.maxCoins));
    if (!Number.isSafeInteger(n) || n < 0 || n > MAX_COINS_FILTER) return fail("maxCoins");
    out.maxCoins = n;
  }
  for (const k of ["onlineNow", "hasTaught"] as const) {
    if (!present(raw[k])) continue;
    const b = bool(raw[k]);
    if (b === null) return fail(k);
    // false means "no filter": only a true narrows.
    if (b) out[k] = true;
  }
  return { ok: true, filters: out };
}

/** Filters as URL query parameters (the web's address, REST's query string), in FILTER_KEYS order. */
export function filtersToParams(f: DirectoryFilters): Array<[string, string]> {
  return FILTER_KEYS.filter((k) => f[k] !== undefined).map((k) => [k, String(f[k])]);
}
