import type { EntityManager } from "typeorm";
import { isUniqueViolation } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { badInput, conflict, forbidden, notFound } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import type { RateLimits } from "../../shared/rate-limit.js";
import type { GatewayMode, PaymentGateway } from "../../shared/payments.js";
import { SandboxGateway } from "./payment-gateway.js";
import { CoinOrder } from "./purchase.entity.js";

/** Spec 9: one skill coin costs Rs.10, sent to the gateway in paise. */
export const COIN_PRICE_PAISE = 1000;
export const MAX_COINS_PER_PURCHASE = 10_000;
export const CURRENCY = "INR";
const COINS_MESSAGE = `Enter a whole number of skill coins between 1 and ${MAX_COINS_PER_PURCHASE}`;

/** Coins asked for, as a number or numeric text; anything else (-1, 0, 0.5, 1e309, "NaN", 2^31) is refused. */
export function parseCoins(value: unknown): number {
  const n = typeof value === "string" && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 1 || n > MAX_COINS_PER_PURCHASE) throw badInput(COINS_MESSAGE);
  return n;
}

/** The old client's amount in paise: must be a whole number of coins (a multiple of 1000 paise). */
export function parsePaise(value: unknown): number {
  const n = typeof value === "string" && /^\s*\d{1,15}\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== "number" || !Number.isSafeInteger(n) || n < 1) throw badInput("The amount must be a positive whole number of paise");
  if (n % COIN_PRICE_PAISE !== 0) {
    throw badInput(`The amount must be a whole number of skill coins (1 coin = Rs.10 = ${COIN_PRICE_PAISE} paise)`);
  }
  if (n / COIN_PRICE_PAISE > MAX_COINS_PER_PURCHASE) throw badInput(COINS_MESSAGE);
  return n / COIN_PRICE_PAISE;
}

function gatewayId(value: unknown, what: string): string {
  if (typeof value !== "string" || !/^[A-Za-z0-9_]{1,64}$/.test(value)) throw badInput(`Invalid ${what}`);
  return value;
}

export interface OrderView {
  /** The gateway's order id: what the checkout and the signature refer to. */
  orderId: string;
  coins: number;
  amountPaise: number;
  currency: string;
  gateway: GatewayMode;
  keyId: string | null;
}

export interface VerificationView {
  success: boolean;
  coins: number;
  /** true when this call credited the coins; false when they had been credited already. */
  credited: boolean;
  skillCoins: number;
}

/** What purchases need from the ledger (CoinsService fits; it hands itself in). */
export interface PurchaseLedger {
  /** The buyer's spendable coins, read through the pool. */
  balanceOf(userId: string): Promise<number>;
  /** Credits bought coins once per payment id, inside `em`'s transaction. */
  creditPurchase(
    input: { userId: string; coins: number; paymentId: string; orderId: string },
    em: EntityManager,
  ): Promise<{ moved: boolean }>;
}

export class PurchasesService {
  constructor(
    private readonly deps: Deps,
    private readonly gateway: PaymentGateway,
    private readonly coins: PurchaseLedger,
    private readonly limits: RateLimits,
  ) {}

  get mode() {
    return this.gateway.mode;
  }
  get publicKey() {
    return this.gateway.publicKey;
  }

  /** The server alone decides the price: coins x Rs.10, in paise, INR. Rate-limited per student (each order calls the gateway). */
  async createOrder(userId: string, coinsAsked: unknown): Promise<OrderView> {
    const coins = parseCoins(coinsAsked);
    // An order the gateway or the database fails to make gives its point back (spend).
    return this.limits.spend([["coin_order", userId]], async () => {
      const amountPaise = coins * COIN_PRICE_PAISE;
      const id = newId();
      const order = await this.gateway.createOrder({
        amountPaise,
        currency: CURRENCY,
        receipt: id,
        notes: { userId, coins: String(coins) },
      });
      if (order.amount !== amountPaise || order.currency !== CURRENCY) {
        throw new Error(`gateway order ${order.id} has ${order.amount} ${order.currency}, expected ${amountPaise} ${CURRENCY}`);
      }
      await this.deps.dataSource.getRepository(CoinOrder).insert({
        id,
        gatewayOrderId: order.id,
        userId,
        coins,
        amountPaise,
        currency: CURRENCY,
        gateway: this.gateway.mode,
        status: "created",
        paymentId: null,
        createdAt: this.deps.clock.now(),
        paidAt: null,
      });
      return { orderId: order.id, coins, amountPaise, currency: CURRENCY, gateway: this.gateway.mode, keyId: this.gateway.publicKey };
    });
  }

  private async ownOrder(userId: string, orderId: unknown): Promise<CoinOrder> {
    const order = await this.deps.dataSource
      .getRepository(CoinOrder)
      .findOne({ where: { gatewayOrderId: gatewayId(orderId, "order id") } });
    if (!order) throw notFound("Order not found");
    if (order.userId !== userId) throw forbidden("This order is not yours");
    return order;
  }

  /**
   * What the checkout handed back after paying: the signature must be HMAC-SHA256 of
   * `stored order id|payment id` (constant-time compare), the order the caller's and unpaid.
   * Replays (even concurrent) of a verified payment succeed without crediting again.
   */
  async verify(userId: string, input: { orderId: unknown; paymentId: unknown; signature: unknown }): Promise<VerificationView> {
    const order = await this.ownOrder(userId, input.orderId);
    const paymentId = gatewayId(input.paymentId, "payment id");
    if (!this.gateway.verifyPaymentSignature(order.gatewayOrderId, paymentId, String(input.signature ?? ""))) {
      throw badInput("Payment verification failed: the signature does not match");
    }
    const credited = await this.deps.tx((em) => this.markPaidAndCredit(em, order, paymentId));
    return { success: true, coins: order.coins, credited, skillCoins: await this.coins.balanceOf(userId) };
  }

  /**
   * Flips the order to paid (only from "created", so exactly one caller wins) and credits its
   * stored coins once, keyed by the payment id. Returns whether this call credited.
   */
  async markPaidAndCredit(em: EntityManager, order: CoinOrder, paymentId: string): Promise<boolean> {
    let flipped: number;
    try {
      const res = await em
        .createQueryBuilder()
        .update(CoinOrder)
        .set({ status: "paid", paymentId, paidAt: this.deps.clock.now() })
        .where("id = :id AND status = :created", { id: order.id, created: "created" })
        .execute();
      flipped = res.affected ?? 0;
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict("This payment was already used for another order");
      throw e;
    }
    if (flipped === 0) {
      const now = await em.getRepository(CoinOrder).findOne({ where: { id: order.id } });
      if (now?.paymentId === paymentId) return false;
      throw conflict("This order was already paid");
    }
    const { moved } = await this.coins.creditPurchase(
      { userId: order.userId, coins: order.coins, paymentId, orderId: order.gatewayOrderId },
      em,
    );
    return moved;
  }

  /** TEST MODE only: what Razorpay Checkout would return after the user pays the sandbox order. */
  async sandboxPay(userId: string, orderId: unknown): Promise<{ orderId: string; paymentId: string; signature: string }> {
    if (!(this.gateway instanceof SandboxGateway)) throw forbidden("Payments go through Razorpay; the sandbox is off");
    const order = await this.ownOrder(userId, orderId);
    if (order.status !== "created") throw conflict("This order was already paid");
    return { orderId: order.gatewayOrderId, ...this.gateway.pay(order.gatewayOrderId) };
  }
}
