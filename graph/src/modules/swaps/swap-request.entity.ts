import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** GraphQL enum names (UPPER_CASE) to the stored and REST strings (swaps.types.ts registers them). */
export const SwapKind = { SWAP: "swap", PAY: "pay" } as const;
export type SwapKind = (typeof SwapKind)[keyof typeof SwapKind];

/**
 * swap: pending -> accepted (chat opens) | rejected.
 * pay:  pending -> awaiting_payment (the teacher accepted) -> paid (coins held, chat opens)
 *       | rejected (by the teacher while pending, or by the learner instead of paying)
 *       | withdrawn (the teacher took the acceptance back before payment)
 *       | expired (not paid within REQUEST_EXPIRY_DAYS of the acceptance).
 */
/** `cancelled`: withdrawn because a party left (account deleted) or was suspended; no coins had moved. */
export const SwapStatus = {
  PENDING: "pending",
  AWAITING_PAYMENT: "awaiting_payment",
  ACCEPTED: "accepted",
  PAID: "paid",
  REJECTED: "rejected",
  CANCELLED: "cancelled",
  /**
   * Still pending REQUEST_EXPIRY_DAYS after it was sent, or accepted but still unpaid
   * REQUEST_EXPIRY_DAYS after the acceptance (the expiry job); no coins had moved.
   */
  EXPIRED: "expired",
  /** A pay request whose teacher withdrew the acceptance before the learner paid; no coins had moved. */
  WITHDRAWN: "withdrawn",
} as const;
export type SwapStatus = (typeof SwapStatus)[keyof typeof SwapStatus];
export const OPEN_STATUSES: readonly SwapStatus[] = ["pending", "awaiting_payment"];

/**
 * A swap or pay request from `requester` (who learns `learnSkill` and, for a swap, teaches
 * `preachSkill`) to `receiver` (the teacher of `learnSkill`).
 */
@Entity("swap_requests")
@Index("idx_swap_requests_receiver", ["receiverId", "status"])
@Index("idx_swap_requests_requester", ["requesterId", "status"])
/** The expiry job's walk: pending requests, oldest first, in bounded batches. */
@Index("idx_swap_requests_status_created", ["status", "createdAt"])
export class SwapRequest {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  requesterId: string;

  @Column("varchar", { length: 36 })
  receiverId: string;

  @Column("varchar", { length: 8 })
  kind: SwapKind;

  @Column("varchar", { length: 20 })
  status: SwapStatus;

  /**
   * "<lowId>:<highId>" while the request is open, NULL once it is settled. Unique, so a pair
   * can never hold two open requests, even when both students ask at the same instant
   * (NULLs do not collide in a unique index on either database).
   */
  @Index("uq_swap_requests_open_pair", { unique: true })
  @Column("varchar", { length: 80, nullable: true })
  openPair: string | null;

  /** What the requester teaches (swap only). */
  @Column("varchar", { length: 60, nullable: true })
  preachSkill: string | null;

  @Column("varchar", { length: 40, nullable: true })
  preachCategory: string | null;

  /** What the requester learns from the receiver. */
  @Column("varchar", { length: 60 })
  learnSkill: string;

  @Column("varchar", { length: 40 })
  learnCategory: string;

  /** The agreed price of a pay request. */
  @Column("int", { nullable: true })
  coins: number | null;

  /** Who rejected it (receiver, or the learner declining to pay). */
  @Column("varchar", { length: 36, nullable: true })
  rejectedById: string | null;

  @Column("varchar", { length: 36, nullable: true })
  chatId: string | null;

  /** The coins ledger key under which a paid request's coins are held. */
  @Column("varchar", { length: 80, nullable: true })
  escrowRef: string | null;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  @Column("datetime", { precision: 3, nullable: true })
  decidedAt: Date | null;

  @Column("datetime", { precision: 3, nullable: true })
  paidAt: Date | null;
}

export function openPairOf(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}
