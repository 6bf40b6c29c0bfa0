import { Column, Entity, Index, PrimaryColumn } from "typeorm";
import type { GatewayMode } from "../../shared/payments.js";

export type OrderStatus = "created" | "paid";

/**
 * A purchase of coins: the server fixed `coins` and `amountPaise` when it created the
 * gateway order; verification and the webhook only ever credit these stored values.
 */
@Entity("coin_orders")
@Index("idx_coin_orders_user", ["userId", "createdAt"])
export class CoinOrder {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  /** The gateway's order id (`order_...`), what the checkout and the signature refer to. */
  @Index("uq_coin_orders_gateway_order", { unique: true })
  @Column("varchar", { length: 64 })
  gatewayOrderId: string;

  @Column("varchar", { length: 36 })
  userId: string;

  @Column("int")
  coins: number;

  @Column("int")
  amountPaise: number;

  @Column("varchar", { length: 3 })
  currency: string;

  /** The gateway that made the order. */
  @Column("varchar", { length: 10 })
  gateway: GatewayMode;

  @Column("varchar", { length: 10 })
  status: OrderStatus;

  /** Set once, when the order is paid; unique so one payment can never pay two orders. */
  @Index("uq_coin_orders_payment", { unique: true })
  @Column("varchar", { length: 64, nullable: true })
  paymentId: string | null;

  @Column("datetime", { precision: 3 })
  createdAt: Date;

  @Column("datetime", { precision: 3, nullable: true })
  paidAt: Date | null;
}

/** Razorpay webhook deliveries already handled, by event id: a redelivery is acknowledged and ignored. */
@Entity("coin_webhook_events")
export class CoinWebhookEvent {
  @PrimaryColumn("varchar", { length: 100 })
  id: string;

  @Column("varchar", { length: 60 })
  event: string;

  /** credited | already-credited | amount-mismatch | unknown-order | ignored */
  @Column("varchar", { length: 20 })
  outcome: string;

  @Column("datetime", { precision: 3 })
  receivedAt: Date;
}
