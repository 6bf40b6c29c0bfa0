import { Column, Entity, PrimaryColumn } from "typeorm";

/**
 * When a viewer's REST feed started (skip=0). Later pages (skip>0) leave out users who
 * registered after it, so an offset-paged feed gains no duplicates while people sign up.
 * The GraphQL feed needs none of this: its cursor carries the position.
 */
@Entity("feed_snapshots")
export class FeedSnapshot {
  @PrimaryColumn("varchar", { length: 36 })
  userId: string;

  @Column("datetime", { precision: 3 })
  takenAt: Date;
}
