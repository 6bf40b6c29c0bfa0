import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * "blocker never sees blocked again": made by a rejected swap request (rejector blocks
 * requester) and by a report (both ways). Feed, search and requests check both directions.
 */
@Entity("blocks")
@Index("uq_blocks_pair", ["blockerId", "blockedId"], { unique: true })
@Index("idx_blocks_blocked", ["blockedId"])
export class Block {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  blockerId: string;

  @Column("varchar", { length: 36 })
  blockedId: string;

  /** swap-rejected | reported */
  @Column("varchar", { length: 30 })
  reason: string;

  @Column("datetime", { precision: 3 })
  createdAt: Date;
}
