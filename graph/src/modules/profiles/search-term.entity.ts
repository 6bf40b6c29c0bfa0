import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * The search index: every word (and, for several words, the whole value) of a listed student's
 * name, known skills and languages, case- and accent-folded. A prefix of a term is one range of
 * `idx_search_terms_walk`, already in rank order (the exact word sorts before its completions,
 * then by name), so a page of results reads about a page of index entries.
 * Written only by profiles/profile-index.ts.
 */
@Entity("search_terms")
@Index("idx_search_terms_walk", ["field", "term", "sortKey", "userId", "sharedPrefix"])
export class SearchTerm {
  /** The primary key (userId, field, term) doubles as the per-student probe index. */
  @PrimaryColumn("varchar", { length: 36 })
  userId: string;

  /** n = name, s = skill known, l = language. */
  @PrimaryColumn("varchar", { length: 1 })
  field: "n" | "s" | "l";

  @PrimaryColumn("varchar", { length: 60 })
  term: string;

  /** The student's folded name: ties between equal terms read alphabetically. */
  @Column("varchar", { length: 60 })
  sortKey: string;

  /**
   * How many leading characters this term has in common with another of the student's terms in
   * the same field, at most: a query shorter than that is a prefix of no other term of theirs, so
   * this row is the student's only match and a search keeps it without probing for an earlier one
   * (search-terms.ts `sharedPrefixes`; 60, the term length, when that cannot be told). In the walk
   * index, so the walk reads it from the index.
   */
  @Column("int", { default: 60 })
  sharedPrefix: number;
}
