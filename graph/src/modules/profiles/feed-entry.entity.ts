import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * What a feed walk reads: one row per listed student and skill fact, each valid over
 * [validFrom, validTo). Kinds:
 * - `m`: the student is listed (filled profile); walked for the newest-first tail;
 * - `k` / `r`: knows / wants to learn `term`;
 * - `p`: knows `term` AND wants to learn `term2` (the pairs that make a best match);
 * - `l` / `g`: speaks language `term` / teaches a skill of category `term` (discovery filters' streams).
 * Every row of a student carries the same `rating`, `coins` and `taught` (the filters' residuals);
 * any change of the student's facts ends all their rows and starts new ones, so `validFrom` of a
 * current row is when the student last changed (saved-search alerts walk `idx_feed_entries_changes`).
 * A profile edit ends the rows it no longer has and adds the new ones, so a feed read "as of"
 * its snapshot time sees every student exactly as they were then: pages never repeat or skip a
 * student who registers or edits meanwhile. Ended rows are purged after the snapshot lifetime.
 * Written only by profiles/profile-index.ts.
 */
@Entity("feed_entries")
/**
 * The walk: one (kind, term, term2) stream; covering, so a walk never reads the
 * table. Read backwards it is the feed order within a segment: tier, then newest first.
 */
@Index("idx_feed_entries_walk", ["kind", "term", "term2", "tier", "userCreatedAt", "userId", "validFrom", "validTo"])
/**
 * The per-student probe ("does this student want one of my skills?", "do they speak Tamil, rated 4 or more?");
 * covering, unlike the primary key on SQLite.
 */
@Index("idx_feed_entries_owner", ["userId", "kind", "term", "term2", "validFrom", "validTo", "rating", "coins", "taught"])
/** Who changed in a stream since a time (saved-search alerts): one range per stream, oldest change first. */
@Index("idx_feed_entries_changes", ["kind", "term", "term2", "validFrom", "userId", "validTo"])
@Index("idx_feed_entries_expiry", ["validTo"])
export class FeedEntry {
  /** Primary key: (userId, kind, term, term2, validFrom). */
  @PrimaryColumn("varchar", { length: 36 })
  userId: string;

  @PrimaryColumn("varchar", { length: 1 })
  kind: "m" | "k" | "r" | "p" | "l" | "g";

  /** Folded skill key (see foldTerm); "" for `m`. */
  @PrimaryColumn("varchar", { length: 60 })
  term: string;

  /** The wanted skill of a `p` row; "" otherwise. */
  @PrimaryColumn("varchar", { length: 60 })
  term2: string;

  @PrimaryColumn("datetime", { precision: 3 })
  validFrom: Date;

  @Column("datetime", { precision: 3, nullable: true })
  validTo: Date | null;

  /**
   * How responsive the student is to requests (RESPONSIVENESS_TIERS: 2 answers most requests, 1 not
   * enough history or middling, 0 leaves most unanswered): the feed's order after the score. Every
   * row of a student carries the same tier; a change of tier ends the rows and starts new ones.
   */
  @Column("int", { default: 1 })
  tier: number;

  /** The student's rating as the profile shows it (one decimal; 0 without ratings). */
  @Column("double", { default: 0 })
  rating: number;

  /** Skill coins the student asks per course (users.amount). */
  @Column("int", { default: 0 })
  coins: number;

  /** Finished swaps in which the student taught (completed skills they mentored). */
  @Column("int", { default: 0 })
  taught: number;

  /** The student's registration time: the feed's order after the score and the tier. */
  @Column("datetime", { precision: 3 })
  userCreatedAt: Date;
}
