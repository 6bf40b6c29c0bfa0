import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * One verification link mailed to a student's college address. Only the SHA-256 of the token
 * is kept (like password resets); single use (usedAt) and expiring (expiresAt).
 */
@Entity("email_verifications")
@Index("idx_email_verifications_user", ["userId"])
export class EmailVerification {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  userId: string;

  /** The address the link proves: a link for an address the account no longer has proves nothing. */
  @Column("varchar", { length: 254 })
  email: string;

  /** hex SHA-256 of the token sent by mail. */
  @Index("uq_email_verifications_token_hash", { unique: true })
  @Column("varchar", { length: 64 })
  tokenHash: string;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  @Column("datetime", { precision: 3 })
  expiresAt: Date;

  @Column("datetime", { precision: 3, nullable: true })
  usedAt: Date | null;
}
