import { useQuery } from "@apollo/client/react";
import { NetworkStatus } from "@apollo/client";
import { type FormEvent, useLayoutEffect, useRef, useState } from "react";
import { Button } from "../../../components/ui/Button";
import { Card } from "../../../components/ui/Card";
import { EmptyState } from "../../../components/ui/EmptyState";
import { SearchIcon } from "../../../components/ui/icons";
import { Select } from "../../../components/ui/Select";
import { Spinner } from "../../../components/ui/Spinner";
import { TextField } from "../../../components/ui/TextField";
import { type SearchFilter, SearchUsersDocument } from "../../../gql/graphql";
import type { DashboardViewer } from "./DashboardNav";
import styles from "./SearchPanel.module.css";
import grid from "./UserGrid.module.css";
import { UserCard } from "./UserCard";
import { nodesOf } from "../../../lib/connection";
import { useHydrated } from "../../../lib/hydrated";
import { type DirectoryUrlState, filtersInput } from "../hooks/use-directory-filters";
import { FilterPanel } from "./FilterPanel";
import { SavedSearches, type SavedView } from "./SavedSearches";

export const SEARCH_PAGE_SIZE = 20;

export const FILTERS: Array<{ value: SearchFilter; label: string; placeholder: string }> = [
  { value: "NAME", label: "Name", placeholder: "Search students by name" },
  { value: "SKILLS_KNOWN", label: "Skill", placeholder: "A skill they know, e.g. Python" },
  { value: "LANGUAGES", label: "Language", placeholder: "A language they speak, e.g. Tamil" },
];

/**
 * Search with a field, narrowed by the discovery filters. The submitted search and the filters live
 * in the address (`q`, `by` and the filters): a reload or a shared link shows the same results.
 * An empty query clears the results and sends nothing.
 */
export function SearchPanel({ me, state }: { me: DashboardViewer; state: DirectoryUrlState }) {
  const submitted = state.search;
  const [text, setText] = useState(submitted?.query ?? "");
  // The page may come rendered by the server (graph/src/server/page-render.ts): what the student
  // typed before its JavaScript ran is taken over when it hydrates, and the buttons wait for it.
  const hydrated = useHydrated();
  const textInput = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (textInput.current && textInput.current.value !== text) setText(textInput.current.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the page hydrates
  }, []);
  const [filter, setFilter] = useState<SearchFilter>(submitted?.filter ?? "NAME");
  const setSubmitted = state.setSearch;
  const { data, loading, fetchMore, networkStatus } = useQuery(SearchUsersDocument, {
    variables: {
      query: submitted?.query ?? "",
      filter: submitted?.filter ?? "NAME",
      first: SEARCH_PAGE_SIZE,
      after: null,
      filters: filtersInput(state.filters),
    },
    skip: !submitted,
    notifyOnNetworkStatusChange: true,
  });
  const fetchingMore = networkStatus === NetworkStatus.fetchMore;

  /** A saved search replaces what the fields say and what the address says, in one update. */
  function openSaved(view: SavedView) {
    setText(view.search?.query ?? "");
    setFilter(view.search?.filter ?? "NAME");
    state.show(view);
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const query = text.trim();
    setSubmitted(query ? { query, filter } : null);
  }

  const page = submitted ? data?.searchUsers : undefined;
  const results = page ? nodesOf(page) : undefined;
  const active = FILTERS.find((f) => f.value === filter)!;

  return (
    <section aria-labelledby="search-heading" className={styles.searchSection}>
      <h2 id="search-heading" className="visually-hidden">
        Search
      </h2>
      <Card padding="sm" className={styles.searchCard}>
        <form role="search" className={styles.searchForm} onSubmit={onSubmit}>
          <TextField
            label="Search"
            hideLabel
            type="search"
            placeholder={active.placeholder}
            className={styles.searchInput}
            ref={textInput}
            value={text}
            maxLength={60}
            onChange={(e) => {
              setText(e.target.value);
              if (!e.target.value.trim()) setSubmitted(null);
            }}
          />
          <Select
            label="Search by"
            hideLabel
            className={styles.searchFilter}
            value={filter}
            options={FILTERS.map((f) => ({ value: f.value, label: f.label }))}
            onChange={(e) => setFilter(e.target.value as SearchFilter)}
          />
          <Button type="submit" startIcon={<SearchIcon size={16} />} disabled={!hydrated}>
            Search
          </Button>
        </form>
        <FilterPanel filters={state.filters} onApply={state.setFilters} onClear={state.clearFilters} />
        <SavedSearches state={state} onOpen={openSaved} />
      </Card>
      {submitted && (
        <div className={styles.results} aria-live="polite">
          <h2 className={grid.sectionTitle}>
            Results for “{submitted.query}”
            <span className={styles.sectionMeta}>{FILTERS.find((f) => f.value === submitted.filter)!.label}</span>
          </h2>
          {loading && !results ? (
            <Spinner showLabel label="Searching..." />
          ) : results && results.length > 0 ? (
            <>
              <ul className={grid.cardGrid} role="list" aria-label="Search results">
                {results.map((u) => (
                  <UserCard key={u.id} user={u} viewer={me} />
                ))}
              </ul>
              {page?.pageInfo.hasNextPage && (
                <div className={styles.moreRow}>
                  <Button
                    variant="secondary"
                    loading={fetchingMore}
                    loadingText="Loading..."
                    onClick={() => void fetchMore({ variables: { after: page.pageInfo.endCursor } }).catch(() => undefined)}
                  >
                    Show more results
                  </Button>
                </div>
              )}
            </>
          ) : page?.pageInfo.hasNextPage ? (
            <div className={styles.moreRow}>
              <p role="status">No matches among the students read so far.</p>
              <Button
                variant="secondary"
                loading={fetchingMore}
                loadingText="Looking..."
                onClick={() => void fetchMore({ variables: { after: page.pageInfo.endCursor } }).catch(() => undefined)}
              >
                Keep looking
              </Button>
            </div>
          ) : (
            <div role="alert">
              <EmptyState
                as="h3"
                title="No results found"
                description={
                  state.active ? "No student matches this search with these filters." : "Try another spelling or a different filter."
                }
                icon={<SearchIcon size={22} />}
                action={
                  state.active ? (
                    <Button variant="secondary" onClick={state.clearFilters}>
                      Clear filters
                    </Button>
                  ) : undefined
                }
              />
            </div>
          )}
        </div>
      )}
    </section>
  );
}
