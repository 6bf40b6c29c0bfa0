/** Which field a search looks in: a leaf, read by the search, its cursors and saved searches. */

/** GraphQL enum names (UPPER_CASE) to the REST `filter` values (profiles.types.ts registers them). */
export const SearchFilter = { NAME: "name", SKILLS_KNOWN: "skillsKnown", LANGUAGES: "languages" } as const;
export type SearchFilter = (typeof SearchFilter)[keyof typeof SearchFilter];
export const SEARCH_FILTERS: readonly SearchFilter[] = Object.values(SearchFilter);
export const SEARCH_FIELD = { name: "n", skillsKnown: "s", languages: "l" } as const;
