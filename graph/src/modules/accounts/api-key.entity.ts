import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * A read-only API key a student created for an integrator (api-keys.service.ts). The secret itself
 * is never stored: only its SHA-256 and its first characters, which the settings list shows so the
 * student can tell keys apart. A revoked key keeps its row (revokedAt set) and matches no request.
 */
@Entity("api_keys")
/** Every request made with a key finds it by its hash: one unique-index read. */
@Index("uq_api_keys_secret_hash", ["secretHash"], { unique: true })
/** The owner's list and the per-owner cap. */
@Index("idx_api_keys_owner", ["ownerId", "createdAt"])
export class ApiKey {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  /** The student (or operator) who created it; its standing decides whether the key works. */
  @Column("varchar", { length: 36 })
  ownerId: string;

  @Column("varchar", { length: 60 })
  name: string;

  /** The secret's first characters (`sxk_` and a few more), shown in the list. */
  @Column("varchar", { length: 16 })
  prefix: string;

  /** SHA-256 of the whole secret, hex. */
  @Column("varchar", { length: 64 })
  secretHash: string;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  /** The last request made with it, written at most once a minute; null until its first. */
  @Column("datetime", { precision: 3, nullable: true })
  lastUsedAt: Date | null;

  /** When its owner revoked it; null while it works. */
  @Column("datetime", { precision: 3, nullable: true })
  revokedAt: Date | null;
}
