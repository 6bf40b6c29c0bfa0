import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/**
 * One browser (device) a student turned push on for: its Push API subscription (RFC 8030 endpoint
 * and the RFC 8291 keys the payload is encrypted to). An endpoint belongs to one student at a time.
 */
@Entity("push_subscriptions")
@Index("uq_push_subscriptions_endpoint", ["endpointHash"], { unique: true })
@Index("idx_push_subscriptions_user", ["userId", "createdAt"])
export class PushSubscription {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  userId: string;

  /** The push service's URL for this browser (https; it is a capability: never shown to others). */
  @Column("varchar", { length: 2048 })
  endpoint: string;

  /** SHA-256 of the endpoint (hex): endpoints are too long for a unique index on MySQL. */
  @Column("varchar", { length: 64 })
  endpointHash: string;

  /** The browser's P-256 public key (base64url, 65 bytes raw). */
  @Column("varchar", { length: 100 })
  p256dh: string;

  /** The browser's authentication secret (base64url, 16 bytes). */
  @Column("varchar", { length: 40 })
  auth: string;

  /** What the device list calls it ("Chrome on Android"), from the User-Agent it subscribed with. */
  @Column("varchar", { length: 100 })
  label: string;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  /** The last push the push service accepted for it (null: none yet). */
  @Column("datetime", { precision: 3, nullable: true })
  lastUsedAt: Date | null;
}
