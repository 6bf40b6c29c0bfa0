import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * A student's saved search (at most SAVED_SEARCH_MAX each): a name, an optional search text and
 * the discovery filters. With alerts on, the `saved-search-alerts` job checks it when `nextCheckAt`
 * comes: students of its stream who changed (or were newly listed) after `checkedUntil` and match
 * it now are the news; at most one alert a day (`nextCheckAt` moves a day on after one).
 * Written only by profiles/saved-searches.service.ts.
 */
@Entity("saved_searches")
@Index("idx_saved_searches_owner", ["userId", "createdAt"])
/** The job's walk: searches with alerts on whose check is due, oldest due first. */
@Index("idx_saved_searches_due", ["alertsOn", "nextCheckAt"])
export class SavedSearch {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  userId: string;

  @Column("varchar", { length: 60 })
  name: string;

  /** The search text ("" for a filtered feed), matched as search does in `field`. */
  @Column("varchar", { length: 60, default: "" })
  query: string;

  /** Which field the text matches: name, skillsKnown or languages (feed.service SearchFilter). */
  @Column("varchar", { length: 20, default: "name" })
  field: string;

  /** The DirectoryFilters, as JSON. */
  @Column("varchar", { length: 500 })
  filters: string;

  @Column("boolean", { default: true })
  alertsOn: boolean;

  /** Changes up to this time were already looked at. */
  @Column("datetime", { precision: 3 })
  checkedUntil: Date;

  @Column("datetime", { precision: 3 })
  nextCheckAt: Date;

  @Column("datetime", { precision: 3, nullable: true })
  lastAlertAt: Date | null;

  @Column("datetime", { precision: 3 })
  createdAt: Date;
}
