import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type Razorpay from "razorpay";
import type { Config } from "../../config.js";
import { serviceBusy } from "../../shared/errors.js";
import { lazyRequire } from "../../shared/lazy-require.js";
import type { GatewayOrder, PaymentGateway } from "../../shared/payments.js";

export function hmacHex(secret: string, data: string | Buffer): string {
  return createHmac("sha256", secret).update(data).digest("hex");
}

/** Constant-time comparison of an expected hex digest with what the client sent. */
export function safeEqual(expectedHex: string, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(expectedHex, "utf8");
  const b = Buffer.from(given, "utf8");
  // timingSafeEqual needs equal lengths; compare against itself to spend the same time.
  if (a.length !== b.length) {
    timingSafeEqual(a, a);
    return false;
  }
  return timingSafeEqual(a, b);
}

export class RazorpayGateway implements PaymentGateway {
  readonly mode = "razorpay" as const;
  readonly publicKey: string;
  private readonly client: Razorpay;

  constructor(private readonly opts: { keyId: string; keySecret: string; webhookSecret?: string; timeoutSeconds: number }) {
    this.publicKey = opts.keyId;
    const RazorpayClient = lazyRequire("razorpay") as typeof Razorpay;
    // The package always calls https://api.razorpay.com (the tests' stand-in answers there: graph/test/razorpay-stand-in.ts).
    this.client = new RazorpayClient({ key_id: opts.keyId, key_secret: opts.keySecret });
  }

  async createOrder(input: {
    amountPaise: number;
    currency: "INR";
    receipt: string;
    notes: Record<string, string>;
  }): Promise<GatewayOrder> {
    // The package takes no timeout: the student is answered once the bound passes (the request itself may
    // still finish; an order nobody pays is never credited).
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timed out")), this.opts.timeoutSeconds * 1000);
    });
    try {
      const order = await Promise.race([
        this.client.orders.create({ amount: input.amountPaise, currency: input.currency, receipt: input.receipt, notes: input.notes }),
        bound,
      ]);
      return { id: order.id, amount: Number(order.amount), currency: order.currency };
    } catch (e) {
      // The package rejects with a plain { statusCode, error } object. Razorpay down, failing or slow is a
      // dependency's fault: SERVICE_BUSY (503), try again; a 4xx is our request's fault, a real error.
      const err = e as { statusCode?: number; error?: { description?: string } };
      const detail = `Razorpay order creation failed (${err.statusCode ?? "no status"}): ${err.error?.description ?? String(e)}`;
      if (err.statusCode === undefined || err.statusCode >= 500) throw Object.assign(serviceBusy(5), { cause: new Error(detail) });
      throw new Error(detail);
    } finally {
      clearTimeout(timer);
    }
  }

  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean {
    return safeEqual(hmacHex(this.opts.keySecret, `${orderId}|${paymentId}`), signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean | null {
    if (!this.opts.webhookSecret) return null;
    return safeEqual(hmacHex(this.opts.webhookSecret, rawBody), signature);
  }
}

/**
 * The embedded default (no Razorpay keys): the same protocol with a local secret, paid through
 * the in-app TEST MODE dialog. `pay` is what Razorpay Checkout would hand back on success.
 */
export class SandboxGateway implements PaymentGateway {
  readonly mode = "sandbox" as const;
  readonly publicKey = null;

  constructor(
    private readonly secret: string,
    private readonly webhookSecret: string = secret,
  ) {}

  async createOrder(input: { amountPaise: number; currency: "INR" }): Promise<GatewayOrder> {
    return { id: `order_sbx${randomBytes(9).toString("hex")}`, amount: input.amountPaise, currency: input.currency };
  }

  pay(orderId: string): { paymentId: string; signature: string } {
    const paymentId = `pay_sbx${randomBytes(9).toString("hex")}`;
    return { paymentId, signature: hmacHex(this.secret, `${orderId}|${paymentId}`) };
  }

  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean {
    return safeEqual(hmacHex(this.secret, `${orderId}|${paymentId}`), signature);
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean | null {
    return safeEqual(hmacHex(this.webhookSecret, rawBody), signature);
  }
}

/** Razorpay when its keys are configured, else the sandbox (its secret derived from the JWT secret, so it survives restarts). */
export function createPaymentGateway(config: Config): PaymentGateway {
  if (config.razorpay) {
    return new RazorpayGateway({ ...config.razorpay, webhookSecret: config.razorpay.webhookSecret ?? config.razorpayWebhookSecret });
  }
  const secret = hmacHex(config.jwtSecret, "skill-exchange sandbox payments");
  return new SandboxGateway(secret, config.razorpayWebhookSecret ?? secret);
}
