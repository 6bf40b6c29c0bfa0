/** Discovery filters on the server: checked from any door (common/discovery.ts), folded for the walks. */
import { checkFilters, type DirectoryFilters, FILTER_KEYS, hasFilters } from "../../../../common/discovery.js";
import { badInput } from "../../shared/errors.js";
import type { WalkFilters } from "./filter-query.js";
import { foldTerm } from "./search-terms.js";

export type { DirectoryFilters } from "../../../../common/discovery.js";

/** The filters given (null, undefined or none set: no filters), checked: BAD_USER_INPUT names the field. */
export function cleanFilters(raw: unknown): DirectoryFilters | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw !== "object" || Array.isArray(raw)) throw badInput("filters must be an object");
  const unknown = Object.keys(raw).find(
    (k) => !(FILTER_KEYS as readonly string[]).includes(k) && (raw as Record<string, unknown>)[k] !== undefined,
  );
  if (unknown) throw badInput(`Unknown filter ${unknown}`, { field: unknown });
  const r = checkFilters(raw as Record<string, unknown>);
  if (!r.ok) throw badInput(r.message, { field: r.field });
  return hasFilters(r.filters) ? r.filters : null;
}

/** What the walks compare: terms folded as the index folds them. */
export function walkFilters(f: DirectoryFilters): WalkFilters {
  return {
    skill: f.skill ? foldTerm(f.skill) || undefined : undefined,
    language: f.language ? foldTerm(f.language) : undefined,
    category: f.category ? foldTerm(f.category) : undefined,
    minRating: f.minRating,
    maxCoins: f.maxCoins,
    hasTaught: f.hasTaught || undefined,
    onlineNow: f.onlineNow || undefined,
  };
}

/** A stable text of the filters (cursors and REST sessions continue only the same filters). */
export const filtersKey = (f: DirectoryFilters | null): string => (f ? FILTER_KEYS.map((k) => f[k] ?? "").join("|") : "");
