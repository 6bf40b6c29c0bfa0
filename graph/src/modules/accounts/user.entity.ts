import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import type { Gender } from "../../../../common/profiles.js";

/**
 * A student. Account fields belong to `accounts`; profile fields to `profiles`
 * (edited only through ProfilesService); rating aggregates to `chat`.
 */
@Entity("users")
/** `visible` first: the ranking walks only students others may see (leaderboard.service.ts). */
@Index("idx_users_leaderboard", ["visible", "ratingAvg", "ratingCount", "skillCoins"])
/** The dashboard feed reads students newest first from a cursor (profiles/feed-query.ts). */
@Index("idx_users_feed", ["createdAt", "id"])
export class User {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 60 })
  name: string;

  /** lower-cased name: uniqueness is case-insensitive on both databases. */
  @Index("uq_users_name_key", { unique: true })
  @Column("varchar", { length: 60 })
  nameKey: string;

  @Index("uq_users_email", { unique: true })
  @Column("varchar", { length: 254 })
  email: string;

  @Column("varchar", { length: 255 })
  passwordHash: string;

  /** Bumped on logout and password change: every token carrying an older version is refused. */
  @Column("int", { default: 0 })
  tokenVersion: number;

  @Column("varchar", { length: 10, nullable: true })
  gender: Gender | null;

  @Column("varchar", { length: 1024, nullable: true })
  image: string | null;

  /** Skill coins asked per course. */
  @Column("int", { default: 0 })
  amount: number;

  @Column("int", { default: 0 })
  days: number;

  @Column("int", { default: 0 })
  ratingSum: number;

  @Column("int", { default: 0 })
  ratingCount: number;

  /** ratingSum / ratingCount, kept in step so the leaderboard reads an index. */
  @Column("double", { default: 0 })
  ratingAvg: number;

  /**
   * Mirror of the user's coins ledger balance, for the leaderboard index only. Written solely by
   * the coins ledger, in the same transaction as the entries (coins/ledger.ts); never set elsewhere.
   */
  @Column("int", { default: 0 })
  skillCoins: number;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  /** When the student opened the link mailed to their address; null until then (accounts/email-verification.service.ts). */
  @Column("datetime", { precision: 3, nullable: true })
  emailVerifiedAt: Date | null;

  /**
   * Whether other students may see this one in the feed, search and leaderboard: derived from the
   * account's standing (a verified address). Written only in the transaction that changes that
   * standing, which also rewrites the student's directory rows (`ProfilesService.reindex`) and
   * tells the leaderboard.
   */
  @Column("boolean", { default: false })
  visible: boolean;

  /**
   * When the student deleted their account (privacy/account-deletion.service.ts). The row stays,
   * anonymised ("Deleted student", no address, no profile), so chats, ratings and the ledger keep
   * their other party.
   */
  @Column("datetime", { precision: 3, nullable: true })
  deletedAt: Date | null;

  /**
   * Suspended by an operator until then (a permanent suspension is PERMANENT_SUSPENSION): no
   * sign-in, not visible. Cleared by an operator, or at the first sign-in after it ends.
   */
  @Column("datetime", { precision: 3, nullable: true })
  suspendedUntil: Date | null;

  @Column("varchar", { length: 500, nullable: true })
  suspensionReason: string | null;
}

/** "Permanently": the last instant both databases' datetime can hold. */
export const PERMANENT_SUSPENSION = new Date("9999-12-31T00:00:00.000Z");
