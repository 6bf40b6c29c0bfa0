import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** The accounts that are not a student's. Ids are fixed so they can be created lazily and idempotently. */
export const SYSTEM_ACCOUNTS = {
  /** Source of bought coins: its balance is minus every coin ever sold. */
  purchases: "system:purchases",
  /** Source of earned coins (1 per finished swap, ...). */
  rewards: "system:rewards",
  /** Coins paid for a lesson, held until the lesson finishes (release) or is reported (refund). */
  escrow: "system:escrow",
  /**
   * The sink of deleted accounts: a student who deletes their account leaves their remaining coins
   * here (one `closure` transfer), out of circulation for good. Never debited, never negative.
   */
  closed: "system:closed-accounts",
} as const;

export type AccountKind = "user" | "purchases" | "rewards" | "escrow" | "closed";
/** GraphQL enum names (UPPER_CASE) to the stored and REST strings (coins.types.ts registers them). */
export const TransferKind = {
  PURCHASE: "purchase",
  REWARD: "reward",
  HOLD: "hold",
  RELEASE: "release",
  REFUND: "refund",
  CLOSURE: "closure",
} as const;
export type TransferKind = (typeof TransferKind)[keyof typeof TransferKind];

/** What became of coins held for a lesson: GraphQL enum names to the stored strings. */
export const HoldState = { HELD: "held", RELEASED: "released", REFUNDED: "refunded" } as const;
export type HoldState = (typeof HoldState)[keyof typeof HoldState];

/**
 * One balance per student (id = the user's id, created on first use) plus the system accounts.
 * `balance` only changes through LedgerService.transfer, by a conditional UPDATE that
 * refuses to take an account that may not go negative below zero.
 */
@Entity("coin_accounts")
export class CoinAccount {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 12 })
  kind: AccountKind;

  @Column("int", { default: 0 })
  balance: number;

  /** Entries so far: the next entry's `seq`, bumped by the same UPDATE that moves the balance. */
  @Column("int", { default: 0 })
  entryCount: number;

  /** Only the two source accounts (purchases, rewards) run negative; students and escrow never. */
  @Column("boolean", { default: false })
  mayGoNegative: boolean;

  @Column("datetime", { precision: 3 })
  createdAt: Date;
}

/**
 * One movement of coins from one account to another. `key` is the business key
 * (`purchase:<paymentId>`, `hold:<refKey>`, ...): unique, so a retried call never moves coins twice.
 */
@Entity("coin_transfers")
// A teacher's coins still held for them (SkillCoinAccount.heldForYou): their holds, by state.
@Index("idx_coin_transfers_beneficiary", ["beneficiaryId", "holdState"])
export class CoinTransfer {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Index("uq_coin_transfers_key", { unique: true })
  @Column("varchar", { length: 191 })
  key: string;

  @Column("varchar", { length: 12 })
  kind: TransferKind;

  @Column("int")
  amount: number;

  @Column("varchar", { length: 36 })
  fromAccountId: string;

  @Column("varchar", { length: 36 })
  toAccountId: string;

  /** Holds only: the teacher the held coins go to on release. */
  @Column("varchar", { length: 36, nullable: true })
  beneficiaryId: string | null;

  /** Holds only: held until released or refunded; the conditional update on it makes those exclusive. */
  @Column("varchar", { length: 10, nullable: true })
  holdState: HoldState | null;

  @Column("varchar", { length: 200, nullable: true })
  memo: string | null;

  @Column("datetime", { precision: 3 })
  createdAt: Date;
}

/**
 * One side of a transfer: a debit (negative) or a credit (positive). Every transfer has one of
 * each, so all entries sum to zero and an account's balance is the sum of its entries.
 */
@Entity("coin_entries")
@Index("uq_coin_entries_account_seq", ["accountId", "seq"], { unique: true })
@Index("idx_coin_entries_transfer", ["transferId"])
export class CoinEntry {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  transferId: string;

  @Column("varchar", { length: 36 })
  accountId: string;

  /**
   * 1, 2, 3, ... per account, in the order the balance changed (taken under the account's row
   * lock), so history sorts exactly even within one millisecond and balanceAfter can be replayed.
   */
  @Column("int")
  seq: number;

  @Column("varchar", { length: 12 })
  kind: TransferKind;

  /** Signed: negative for a debit, positive for a credit. */
  @Column("int")
  amount: number;

  @Column("int")
  balanceAfter: number;

  /** The other party a student sees: a user id (teacher, learner) or a system account id. */
  @Column("varchar", { length: 36 })
  counterpartId: string;

  @Column("varchar", { length: 200, nullable: true })
  memo: string | null;

  @Column("datetime", { precision: 3 })
  createdAt: Date;
}
