import { Column, Entity, PrimaryColumn } from "typeorm";

/**
 * Where a viewer's REST feed session stands. skip=0 starts a session at `takenAt`: later pages
 * read the feed as of that time (feed_entries is versioned), so sign-ups and edits meanwhile
 * cause no duplicates or gaps. `served`/`cursor` remember where the last page ended, so the next
 * page (skip = rows already shown, what the old client sends) continues from there instead of
 * walking the skipped rows again. The GraphQL feed needs none of this: its cursor carries both.
 */
@Entity("feed_snapshots")
export class FeedSnapshot {
  @PrimaryColumn("varchar", { length: 36 })
  userId: string;

  @Column("datetime", { precision: 3 })
  takenAt: Date;

  /** Rows served in this session so far (the skip that continues it). */
  @Column("int", { default: 0 })
  served: number;

  /** Feed position after those rows; null when the session has not served a row. */
  @Column("varchar", { length: 200, nullable: true })
  cursor: string | null;
}
