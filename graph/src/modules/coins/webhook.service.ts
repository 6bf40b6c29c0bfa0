import { createHash } from "node:crypto";
import { isUniqueViolation } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { AppError, badInput } from "../../shared/errors.js";
import type { PaymentGateway } from "../../shared/payments.js";
import { CoinOrder, CoinWebhookEvent } from "./purchase.entity.js";
import type { PurchasesService } from "./purchases.service.js";
import type { EntityManager } from "typeorm";

export type WebhookOutcome = "credited" | "already-credited" | "amount-mismatch" | "unknown-order" | "ignored" | "duplicate";

interface RazorpayPayment {
  id?: unknown;
  order_id?: unknown;
  amount?: unknown;
  currency?: unknown;
  status?: unknown;
}

const CREDITING_EVENTS = new Set(["payment.captured", "order.paid"]);

/**
 * Razorpay's server-to-server notice of a payment: credits a captured payment whose browser
 * never came back to verify. Signed over the raw body; each event id is handled once.
 */
export class WebhookService {
  constructor(
    private readonly deps: Deps,
    private readonly gateway: PaymentGateway,
    private readonly purchases: PurchasesService,
  ) {}

  async handle(rawBody: Buffer | undefined, signature: string | undefined, eventIdHeader: string | undefined): Promise<WebhookOutcome> {
    if (!rawBody || rawBody.length === 0) throw badInput("Empty webhook body");
    const valid = this.gateway.verifyWebhookSignature(rawBody, signature ?? "");
    if (valid === null) throw new AppError("FORBIDDEN", "Webhooks are not configured (RAZORPAY_WEBHOOK_SECRET)");
    if (!valid) throw badInput("Invalid webhook signature");

    let body: { event?: unknown; payload?: { payment?: { entity?: RazorpayPayment } } };
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw badInput("Webhook body is not JSON");
    }
    const eventId =
      (eventIdHeader && eventIdHeader.slice(0, 100)) || `sha256:${createHash("sha256").update(rawBody).digest("hex").slice(0, 64)}`;
    const event = typeof body.event === "string" ? body.event.slice(0, 60) : "unknown";
    const payment = body.payload?.payment?.entity;

    const outcome = await this.deps.tx(async (em) => {
      try {
        await em.getRepository(CoinWebhookEvent).insert({ id: eventId, event, outcome: "ignored", receivedAt: this.deps.clock.now() });
      } catch (e) {
        if (isUniqueViolation(e)) return "duplicate" as const;
        throw e;
      }
      const result = await this.apply(em, event, payment);
      if (result !== "ignored") await em.getRepository(CoinWebhookEvent).update({ id: eventId }, { outcome: result });
      return result;
    });
    if (outcome === "amount-mismatch" || outcome === "unknown-order") {
      this.deps.logger.warn(
        { eventId, event, orderId: payment?.order_id, amount: payment?.amount },
        `razorpay webhook: ${outcome}, nothing credited`,
      );
    }
    return outcome;
  }

  private async apply(em: EntityManager, event: string, payment: RazorpayPayment | undefined): Promise<WebhookOutcome> {
    if (!CREDITING_EVENTS.has(event) || !payment || payment.status !== "captured") return "ignored";
    if (typeof payment.order_id !== "string" || typeof payment.id !== "string" || !/^[A-Za-z0-9_]{1,64}$/.test(payment.id)) {
      return "unknown-order";
    }
    const order = await em.getRepository(CoinOrder).findOne({ where: { gatewayOrderId: payment.order_id } });
    if (!order) return "unknown-order";
    if (payment.amount !== order.amountPaise || payment.currency !== order.currency) return "amount-mismatch";
    try {
      return (await this.purchases.markPaidAndCredit(em, order, payment.id)) ? "credited" : "already-credited";
    } catch (e) {
      // Paid already through another payment id: nothing more to credit, and nothing to retry.
      if (e instanceof AppError && e.code === "CONFLICT") return "already-credited";
      throw e;
    }
  }
}
