/**
 * A local stand-in for Razorpay's orders API on 127.0.0.1, so tests drive the real `razorpay`
 * package, which always calls https://api.razorpay.com. While it runs, this process's HTTPS
 * requests to api.razorpay.com reach it: `https.globalAgent` is an agent whose `createConnection`
 * (Node's documented hook for where an agent's sockets go) connects them to the stand-in, over TLS
 * with a test certificate for that name (fixtures/razorpay-stand-in.pem, trusted by that agent only);
 * `close()` puts the previous agent back. It also plays the checkout and the webhook sender: `pay`
 * returns what Checkout hands the browser, `webhook` a signed delivery.
 */
import { createHmac, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";

/** The test certificate (and its key) for api.razorpay.com: self-signed, valid until 2126. */
const PEM = readFileSync(new URL("./fixtures/razorpay-stand-in.pem", import.meta.url), "utf8");
const RAZORPAY_HOST = "api.razorpay.com";

export interface StandInOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: "created" | "paid";
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface RazorpayStandIn {
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, StandInOrder>;
  /** Every request received: method, path, whether Basic auth matched, parsed body. */
  requests: Array<{ method: string; path: string; authorized: boolean; body: any }>;
  /** Make the next order creations fail with this HTTP status (0 = answer normally). */
  failWith: number;
  /** Hold order creations unanswered (a gateway that went silent) until set back to false. */
  stall: boolean;
  pay(orderId: string): { paymentId: string; signature: string };
  webhook(event: {
    orderId: string;
    paymentId: string;
    amount: number;
    currency?: string;
    eventId?: string;
    status?: string;
    name?: string;
  }): {
    body: string;
    headers: Record<string, string>;
  };
  env(): Record<string, string>;
  close(): Promise<void>;
}

const hmac = (secret: string, data: string) => createHmac("sha256", secret).update(data).digest("hex");

export async function startRazorpayStandIn(): Promise<RazorpayStandIn> {
  const keyId = "rzp_test_standin";
  const keySecret = randomBytes(16).toString("hex");
  const webhookSecret = randomBytes(16).toString("hex");
  const orders = new Map<string, StandInOrder>();
  const requests: RazorpayStandIn["requests"] = [];
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  const state = { failWith: 0, stall: false };
  const held: Array<() => void> = [];

  const server = https.createServer({ key: PEM, cert: PEM }, (req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      const body = raw ? JSON.parse(raw) : undefined;
      const authorized = req.headers.authorization === expectedAuth;
      requests.push({ method: req.method!, path: req.url!, authorized, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (!authorized) return send(401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
      if (req.method === "POST" && req.url === "/v1/orders") {
        if (state.stall) return void held.push(() => send(503, { error: { code: "SERVER_ERROR", description: "held" } }));
        if (state.failWith) return send(state.failWith, { error: { code: "SERVER_ERROR", description: "The stand-in was told to fail" } });
        if (!Number.isInteger(body?.amount) || body.amount < 100) {
          return send(400, { error: { code: "BAD_REQUEST_ERROR", description: "The amount must be atleast INR 1.00" } });
        }
        const order: StandInOrder = {
          id: `order_${randomBytes(7).toString("hex")}`,
          entity: "order",
          amount: body.amount,
          amount_paid: 0,
          amount_due: body.amount,
          currency: body.currency,
          receipt: body.receipt ?? null,
          status: "created",
          attempts: 0,
          notes: body.notes ?? {},
          created_at: Math.floor(Date.now() / 1000),
        };
        orders.set(order.id, order);
        return send(200, order);
      }
      const m = /^\/v1\/orders\/([^/?]+)$/.exec(req.url ?? "");
      if (req.method === "GET" && m && orders.has(m[1])) return send(200, orders.get(m[1]));
      send(404, { error: { code: "BAD_REQUEST_ERROR", description: "The requested URL was not found on the server." } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `https://127.0.0.1:${port}`;

  // Requests to Razorpay's host go to the stand-in (trusting its certificate); any other host as before.
  const previousAgent = https.globalAgent;
  const agent = new https.Agent();
  const connect = agent.createConnection.bind(agent);
  agent.createConnection = (options, callback) =>
    connect(
      options.host === RAZORPAY_HOST ? { ...options, host: "127.0.0.1", port, servername: RAZORPAY_HOST, ca: PEM } : options,
      callback,
    );
  https.globalAgent = agent;

  return {
    url,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    requests,
    get failWith() {
      return state.failWith;
    },
    set failWith(v: number) {
      state.failWith = v;
    },
    get stall() {
      return state.stall;
    },
    set stall(v: boolean) {
      state.stall = v;
      if (!v) for (const answer of held.splice(0)) answer();
    },
    pay(orderId) {
      const paymentId = `pay_${randomBytes(7).toString("hex")}`;
      return { paymentId, signature: hmac(keySecret, `${orderId}|${paymentId}`) };
    },
    webhook({ orderId, paymentId, amount, currency = "INR", eventId, status = "captured", name = "payment.captured" }) {
      const body = JSON.stringify({
        entity: "event",
        account_id: "acc_standin",
        event: name,
        contains: ["payment"],
        payload: {
          payment: {
            entity: { id: paymentId, entity: "payment", amount, currency, status, order_id: orderId, method: "card", captured: true },
          },
        },
        created_at: Math.floor(Date.now() / 1000),
      });
      return {
        body,
        headers: {
          "content-type": "application/json",
          "x-razorpay-signature": hmac(webhookSecret, body),
          "x-razorpay-event-id": eventId ?? `evt_${randomBytes(7).toString("hex")}`,
        },
      };
    },
    env() {
      return { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRET: webhookSecret };
    },
    close: () => {
      https.globalAgent = previousAgent;
      agent.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
