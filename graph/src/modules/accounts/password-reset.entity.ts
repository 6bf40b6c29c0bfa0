import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * One "forgot password" link. Only the SHA-256 of the token is kept, so a database
 * leak gives nobody a working link. Single use (usedAt) and short-lived (expiresAt).
 */
@Entity("password_resets")
@Index("idx_password_resets_user", ["userId"])
export class PasswordReset {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  userId: string;

  /** hex SHA-256 of the token sent by mail. */
  @Index("uq_password_resets_token_hash", { unique: true })
  @Column("varchar", { length: 64 })
  tokenHash: string;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  @Column("datetime", { precision: 3 })
  expiresAt: Date;

  /** Set when the password was changed with it, or when a newer link replaced it. */
  @Column("datetime", { precision: 3, nullable: true })
  usedAt: Date | null;
}
