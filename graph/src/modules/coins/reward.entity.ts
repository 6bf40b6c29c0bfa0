import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * A reward a student received (1 coin per finished swap, ...), shown once by the dashboard
 * popup: the oldest unseen one first, then marked seen. The coins themselves moved through
 * the ledger in the same transaction (transfer key `reward:<refKey>:<userId>`).
 */
@Entity("coin_rewards")
@Index("idx_coin_rewards_user_seen", ["userId", "seen", "seq"])
export class CoinReward {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  userId: string;

  /** The user's ledger entry number for this reward: orders rewards exactly, oldest first. */
  @Column("int")
  seq: number;

  @Column("int")
  coins: number;

  @Column("varchar", { length: 200 })
  reason: string;

  @Index("uq_coin_rewards_transfer", { unique: true })
  @Column("varchar", { length: 36 })
  transferId: string;

  @Column("boolean", { default: false })
  seen: boolean;

  @Column("datetime", { precision: 3 })
  createdAt: Date;
}
