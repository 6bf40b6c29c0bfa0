import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { checkFilters, type DirectoryFilters, FILTER_KEYS, filtersToParams, hasFilters } from "../../../../../common/discovery";
import type { SearchFilter } from "../../../gql/graphql";

const BY: Record<string, SearchFilter> = { name: "NAME", skill: "SKILLS_KNOWN", language: "LANGUAGES" };
const BY_PARAM: Record<SearchFilter, string> = { NAME: "name", SKILLS_KNOWN: "skill", LANGUAGES: "language" };

export interface DirectoryUrlState {
  /** The filters in the address (invalid values are left out). */
  filters: DirectoryFilters;
  active: boolean;
  /** The submitted search (`q`, `by`), or null. */
  search: { query: string; filter: SearchFilter } | null;
  setFilters(next: DirectoryFilters): void;
  clearFilters(): void;
  setSearch(next: { query: string; filter: SearchFilter } | null): void;
  /**
   * Filters and search together, in one address update (opening a saved search). Two updates in one
   * event would not add up: each would start from the address as it was before the event.
   */
  show(next: { filters: DirectoryFilters; search: { query: string; filter: SearchFilter } | null }): void;
}

type Search = DirectoryUrlState["search"];

const writeFilters = (p: URLSearchParams, next: DirectoryFilters) => {
  for (const k of FILTER_KEYS) p.delete(k);
  for (const [k, v] of filtersToParams(next)) p.set(k, v);
};

const writeSearch = (p: URLSearchParams, next: Search) => {
  p.delete("q");
  p.delete("by");
  if (next) {
    p.set("q", next.query);
    if (next.filter !== "NAME") p.set("by", BY_PARAM[next.filter]);
  }
};

/** `?saved={id}`: a link (a saved search's alert mail) that opens that saved search; any change of view consumes it. */
export const SAVED_SEARCH_PARAM = "saved";

/**
 * The dashboard's discovery state lives in the address (`?language=Tamil&minRating=4&q=pyth&by=skill`),
 * so a filtered view can be shared and survives a reload. Every change replaces the history entry's
 * query, keeping the other parameters.
 */
export function useDirectoryFilters(): DirectoryUrlState {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => directoryFilters(params), [params]);
  const q = params.get("q")?.trim() ?? "";
  const search = useMemo(() => (q ? { query: q, filter: BY[params.get("by") ?? "name"] ?? "NAME" } : null), [q, params]);

  const update = useCallback(
    (change: (p: URLSearchParams) => void) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          change(next);
          // The student's own choice ends what a saved-search link asked for (before the list had come).
          next.delete(SAVED_SEARCH_PARAM);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setFilters = useCallback((next: DirectoryFilters) => update((p) => writeFilters(p, next)), [update]);
  const clearFilters = useCallback(() => setFilters({}), [setFilters]);
  const setSearch = useCallback((next: Search) => update((p) => writeSearch(p, next)), [update]);
  const show = useCallback(
    (next: { filters: DirectoryFilters; search: Search }) =>
      update((p) => {
        writeFilters(p, next.filters);
        writeSearch(p, next.search);
      }),
    [update],
  );
  return { filters, active: hasFilters(filters), search, setFilters, clearFilters, setSearch, show };
}

/** The filters in an address's query (invalid values are left out). */
export function directoryFilters(params: URLSearchParams): DirectoryFilters {
  const raw = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? undefined]));
  const checked = checkFilters(raw);
  if (checked.ok) return checked.filters;
  // One bad value (an edited address) drops only that filter.
  const out: DirectoryFilters = {};
  for (const k of FILTER_KEYS) {
    const one = checkFilters({ [k]: raw[k] });
    if (one.ok) Object.assign(out, one.filters);
  }
  return out;
}

/** The filters as the GraphQL `DirectoryFilters` input (null when none). */
export const filtersInput = (f: DirectoryFilters) => (hasFilters(f) ? { ...f } : null);
