import { type Port } from "../../shared/port.js";
import type { Presence } from "./presence-port.js";
import type { Deps } from "../../shared/deps.js";
import { badInput } from "../../shared/errors.js";
import { pageSize } from "../../shared/pagination.js";
import { isSqlite, rawQuery } from "../../db/sql.js";
import { cleanFilters, type DirectoryFilters, filtersKey, walkFilters } from "./directory-filters.js";
import { decodeSearchCursor, encodeSearchCursor } from "./feed-cursors.js";
import { cardsInOrder, noCursor, type SearchPage } from "./feed-page.js";
import { type SearchKey, searchQuery } from "./feed-query.js";
import { FILTER_SCAN_BUDGET } from "./filter-query.js";
import type { ProfilesService } from "./profiles.service.js";
import { SEARCH_FIELD, SEARCH_FILTERS, type SearchFilter } from "./search-filter.js";
import { foldTerm } from "./search-terms.js";

export const SEARCH_PAGE_SIZE = 20;
/** What REST /dashboard/search answers (one page; the old client had no paging). */
export const SEARCH_LIMIT = 50;

/** Finding students by name, known skill or language (GraphQL searchUsers, REST /dashboard/search). */
export class SearchService {
  constructor(
    private readonly deps: Deps,
    private readonly profiles: ProfilesService,
    /** Of `ids`, who is online and lets it show (chat presence, filled by the chat module): the "online now" filter. */
    private readonly presence: Port<Presence>,
  ) {}

  /**
   * Prefix search among other listed students over `search_terms`: case- and accent-insensitive,
   * by any word of the name, a known skill or a language (or the start of the whole value when
   * the query has several words). Ranked by the matching term (the exact word first, then its
   * completions), then by name; paged by cursor.
   */
  async search(
    viewerId: string,
    query: string,
    filter: SearchFilter = "name",
    opts: { first?: number | null; after?: string | null; filters?: DirectoryFilters | Record<string, unknown> | null } = {},
  ): Promise<SearchPage> {
    if (!SEARCH_FILTERS.includes(filter)) throw badInput("Unknown search filter");
    const first = pageSize("first", opts.first, SEARCH_PAGE_SIZE);
    const filters = cleanFilters(opts.filters);
    const key = filtersKey(filters);
    const prefix = foldTerm(String(query ?? ""));
    const after = opts.after ? decodeSearchCursor(opts.after, prefix, filter, key) : null;
    if (!prefix) return { users: [], skills: new Map(), cursor: noCursor, hasNextPage: false, hasPreviousPage: false };
    const q = searchQuery({
      sqlite: isSqlite(this.deps.dataSource),
      field: SEARCH_FIELD[filter],
      prefix,
      viewer: viewerId,
      after,
      limit: first + 1,
      filters: filters ? walkFilters(filters) : undefined,
    });
    const examined = await rawQuery<{ id: string; term: string; sortKey: string; ok?: unknown }>(this.deps.dataSource, q.sql, q.params);
    let rows = examined;
    // Filtered: the walk examined at most its budget; past the last examined row nothing is known yet.
    const horizon = filters && examined.length >= Math.max(first + 1, FILTER_SCAN_BUDGET) ? examined.at(-1)! : null;
    if (filters) {
      const ok = examined.filter((r) => Number(r.ok) === 1);
      const online = filters.onlineNow ? await this.presence.get().onlineAmong(ok.map((r) => r.id)) : null;
      rows = online ? ok.filter((r) => online.has(r.id)) : ok;
    }
    const pageRows = rows.slice(0, first);
    const cursorOf = (r: SearchKey) => encodeSearchCursor(r, prefix, filter, key);
    const page = Object.assign(cardsInOrder(pageRows, await this.profiles.cardsByIds(pageRows.map((r) => r.id)), cursorOf), {
      hasNextPage: rows.length > first || horizon !== null,
      hasPreviousPage: after !== null,
    });
    return horizon && rows.length <= first ? Object.assign(page, { endCursor: cursorOf(horizon) }) : page;
  }
}
