/**
 * The payment port of the kernel: what a service may ask of the gateway that sells coins. The
 * gateways themselves (Razorpay, the sandbox) are the coins module's (modules/coins/payment-gateway.ts);
 * the kernel names only the interface, so `Deps` carries a gateway without importing a module.
 */

/** The gateway that made an order: GraphQL enum names to the stored strings (coins.types.ts registers them). */
export const GatewayMode = { RAZORPAY: "razorpay", SANDBOX: "sandbox" } as const;
export type GatewayMode = (typeof GatewayMode)[keyof typeof GatewayMode];

export interface GatewayOrder {
  id: string;
  amount: number;
  currency: string;
}

/**
 * Where coin purchases are paid. Both gateways speak Razorpay's protocol: the server creates an
 * order, the checkout hands back (order id, payment id, signature = HMAC-SHA256 of
 * `order_id|payment_id` with the key secret), and webhooks are signed over the raw body.
 */
export interface PaymentGateway {
  readonly mode: GatewayMode;
  /** The key id the browser's Razorpay Checkout needs; null for the sandbox. */
  readonly publicKey: string | null;
  createOrder(input: { amountPaise: number; currency: "INR"; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  verifyPaymentSignature(orderId: string, paymentId: string, signature: string): boolean;
  /** null when no webhook secret is configured (webhooks then cannot be trusted at all). */
  verifyWebhookSignature(rawBody: Buffer, signature: string): boolean | null;
}
