import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** What became of an outbox row. */
export const OutboxStatus = { PENDING: "pending", SENT: "sent", FAILED: "failed" } as const;
export type OutboxStatus = (typeof OutboxStatus)[keyof typeof OutboxStatus];

/**
 * One piece of outgoing work (a mail, a push message), written in the transaction of the change
 * that causes it and delivered by the outbox worker (`shared/outbox.ts`). A worker claims a due
 * row by setting its lease with a conditional UPDATE, so of several instances one delivers it.
 */
@Entity("outbox_items")
@Index("uq_outbox_items_channel_key", ["channel", "dedupeKey"], { unique: true })
@Index("idx_outbox_items_status_due", ["status", "dueAt"])
export class OutboxItem {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  /** The registered channel that delivers it ("mail", "push"). */
  @Column("varchar", { length: 40 })
  channel: string;

  /** Optional dedupe key: a second enqueue with the same channel and key is ignored (null never collides). */
  @Column("varchar", { length: 191, nullable: true })
  dedupeKey: string | null;

  /** The channel's payload as JSON. */
  @Column("text")
  payload: string;

  @Column("varchar", { length: 10 })
  status: OutboxStatus;

  /** Delivery attempts started so far. */
  @Column("int")
  attempts: number;

  /** When the next attempt may start (a retry's backoff moves it on). */
  @Column("datetime", { precision: 3 })
  dueAt: Date;

  /** The claim of the worker delivering it now; an expired lease (a dead instance) may be claimed again. */
  @Column("varchar", { length: 36, nullable: true })
  leaseOwner: string | null;

  @Column("datetime", { precision: 3, nullable: true })
  leaseUntil: Date | null;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  /** When it was sent or given up on. */
  @Column("datetime", { precision: 3, nullable: true })
  finishedAt: Date | null;

  /** The last delivery error (a retry's, or why it failed), for operators. */
  @Column("varchar", { length: 1000, nullable: true })
  lastError: string | null;
}
