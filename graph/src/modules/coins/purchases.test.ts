import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { type RazorpayStandIn, startRazorpayStandIn } from "../../../test/razorpay-stand-in.js";
import { CoinTransfer } from "./ledger.entity.js";
import { checkLedgerInvariants } from "./ledger.invariants.js";
import { CoinOrder } from "./purchase.entity.js";

const CREATE = "mutation ($coins: Int!) { createCoinOrder(coins: $coins) { orderId coins amountPaise currency gateway keyId } }";
const VERIFY =
  "mutation ($o: ID!, $p: String!, $s: String!) { verifyCoinPayment(orderId: $o, paymentId: $p, signature: $s) { success coins credited skillCoins } }";
const SANDBOX_PAY = "mutation ($o: ID!) { sandboxPay(orderId: $o) { orderId paymentId signature } }";
const GATEWAY = "{ paymentGateway { mode keyId coinPricePaise maxCoinsPerPurchase currency } }";

describe.each(dbTargets)("coin purchases through the razorpay package on %s", (target) => {
  let t: TestApp;
  let rzp: RazorpayStandIn;
  const balance = (id: string) => t.app.services.coins.balanceOf(id);
  const orderCount = () => t.dataSource.getRepository(CoinOrder).count();
  const purchaseTransfers = (paymentId: string) =>
    t.dataSource.getRepository(CoinTransfer).count({ where: { key: `purchase:${paymentId}` } });
  const webhook = (d: { body: string; headers: Record<string, string> }) =>
    fetch(`${t.url}/api/payments/razorpay/webhook`, { method: "POST", headers: d.headers, body: d.body });

  beforeAll(async () => {
    rzp = await startRazorpayStandIn();
    t = await startTestApp(target, { env: rzp.env() });
  });
  afterAll(async () => {
    if (t) expect(await checkLedgerInvariants(t.dataSource)).toEqual([]);
    await t?.close();
    await rzp?.close();
  });

  async function newOrder(token: string, coins = 3) {
    const r = await t.gql(CREATE, { coins }, token);
    expect(r.errors).toBeUndefined();
    return r.data.createCoinOrder as { orderId: string; coins: number; amountPaise: number };
  }

  it("creates the order at Rs.10 a coin, in paise and INR, through Razorpay's orders API", async () => {
    const { user, token } = await t.createUser();
    expect((await t.gql(GATEWAY)).data.paymentGateway).toEqual({
      mode: "RAZORPAY",
      keyId: rzp.keyId,
      coinPricePaise: 1000,
      maxCoinsPerPurchase: 10000,
      currency: "INR",
    });
    const order = await newOrder(token, 3);
    expect(order).toMatchObject({ coins: 3, amountPaise: 3000 });
    const sent = rzp.requests.at(-1)!;
    expect(sent).toMatchObject({ method: "POST", path: "/v1/orders", authorized: true, body: { amount: 3000, currency: "INR" } });
    expect(sent.body.notes).toEqual({ userId: user.id, coins: "3" });
    expect(rzp.orders.get(order.orderId)?.amount).toBe(3000);

    const rest = await t.rest("POST", "/create-razorpay-order", { token, body: { amount: 5000 } });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ entity: "order", amount: 5000, currency: "INR", coins: 5, gateway: "razorpay", key: rzp.keyId });
    expect(rzp.orders.has(rest.body.id)).toBe(true);
    expect((await t.rest("POST", "/create-razorpay-order", { body: { amount: 5000 } })).status).toBe(401);
  });

  it("refuses -1, 0, 0.5, 1e309, NaN, 2^31 and part-coins with a clear message, writing nothing", async () => {
    const { token } = await t.createUser();
    const orders = await orderCount();
    const calls = rzp.requests.length;
    const restBodies = [
      '{"amount":-1}',
      '{"amount":0}',
      '{"amount":0.5}',
      '{"amount":1e309}',
      '{"amount":"NaN"}',
      `{"amount":${2 ** 31}}`,
      '{"amount":1500}',
      '{"amount":10001000}',
      '{"amount":"abc"}',
      "{}",
    ];
    for (const body of restBodies) {
      const res = await fetch(`${t.url}/api/create-razorpay-order`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body,
      });
      expect(res.status, body).toBe(400);
      expect((await res.json()).error, body).toMatch(/amount must be|whole number of skill coins/);
    }
    for (const coins of [-1, 0, 10001]) {
      const r = await t.gql(CREATE, { coins }, token);
      expect(r.errors?.[0]).toMatchObject({
        message: "Enter a whole number of skill coins between 1 and 10000",
        extensions: { code: "BAD_USER_INPUT" },
      });
    }
    for (const raw of ["0.5", "1e309", "2147483648", '"NaN"']) {
      const res = await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: `{"query":${JSON.stringify(CREATE)},"variables":{"coins":${raw}}}`,
      });
      const body = await res.json();
      expect(body.errors?.[0].message, raw).toMatch(/Int cannot represent/);
    }
    expect(await orderCount()).toBe(orders);
    expect(rzp.requests.length).toBe(calls);
  });

  it("stores nothing when Razorpay refuses to create the order", async () => {
    const { token } = await t.createUser();
    const orders = await orderCount();
    rzp.failWith = 502;
    try {
      const r = await t.gql(CREATE, { coins: 2 }, token);
      expect(r.errors?.[0].extensions?.code).toBe("SERVICE_BUSY");
    } finally {
      rzp.failWith = 0;
    }
    expect(await orderCount()).toBe(orders);
  });

  it("answers SERVICE_BUSY within RAZORPAY_TIMEOUT_SECONDS when Razorpay goes silent, and gives the order's limit point back", async () => {
    const bounded = await startTestApp(target, { env: { ...rzp.env(), RAZORPAY_TIMEOUT_SECONDS: "1", RATE_LIMITS: "coin_order=1/3600" } });
    const { token } = await bounded.createUser();
    rzp.stall = true;
    try {
      // The request's own abort is the bound: on a gateway call without one, it never answers.
      const r = await fetch(`${bounded.url}/api/create-razorpay-order`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ amount: 2000 }),
        signal: AbortSignal.timeout(10_000),
      });
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toMatch(/^\d+$/);
      rzp.stall = false;
      expect((await bounded.rest("POST", "/create-razorpay-order", { token, body: { amount: 2000 } })).status).toBe(200);
    } finally {
      rzp.stall = false;
      await bounded.close();
    }
  });

  it("refuses a tampered signature, someone else's order and an unknown order, crediting nothing", async () => {
    const buyer = await t.createUser();
    const other = await t.createUser();
    const order = await newOrder(buyer.token, 4);
    const paid = rzp.pay(order.orderId);
    const flip = (s: string) => (s[0] === "a" ? "b" : "a") + s.slice(1);

    const tampered = await t.gql(VERIFY, { o: order.orderId, p: paid.paymentId, s: flip(paid.signature) }, buyer.token);
    expect(tampered.errors?.[0]).toMatchObject({ message: "Payment verification failed: the signature does not match" });
    const otherPayment = await t.gql(VERIFY, { o: order.orderId, p: "pay_other", s: paid.signature }, buyer.token);
    expect(otherPayment.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const short = await t.gql(VERIFY, { o: order.orderId, p: paid.paymentId, s: paid.signature.slice(0, 10) }, buyer.token);
    expect(short.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(
      (await t.gql(VERIFY, { o: order.orderId, p: paid.paymentId, s: paid.signature }, other.token)).errors?.[0].extensions?.code,
    ).toBe("FORBIDDEN");
    const forged = await t.rest("POST", "/payment-success", {
      token: other.token,
      body: { userID: buyer.user.id, amount: 4000, paymentID: paid.paymentId, orderID: order.orderId, signature: paid.signature },
    });
    expect(forged.status).toBe(403);
    const restOther = await t.rest("POST", "/payment-success", {
      token: other.token,
      body: { userID: other.user.id, amount: 4000, paymentID: paid.paymentId, orderID: order.orderId, signature: paid.signature },
    });
    expect(restOther.status).toBe(403);
    expect(restOther.body).toMatchObject({ success: false, error: "This order is not yours" });
    expect((await t.gql(VERIFY, { o: "order_nope", p: paid.paymentId, s: paid.signature }, buyer.token)).errors?.[0].extensions?.code).toBe(
      "NOT_FOUND",
    );
    expect((await t.gql(SANDBOX_PAY, { o: order.orderId }, buyer.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(await balance(buyer.user.id)).toBe(0);
    expect(await balance(other.user.id)).toBe(0);

    // The genuine signature still works afterwards, and the client's `amount` is ignored.
    const ok = await t.rest("POST", "/payment-success", {
      token: buyer.token,
      body: { userID: buyer.user.id, amount: 999999, paymentID: paid.paymentId, orderID: order.orderId, signature: paid.signature },
    });
    expect(ok.body).toEqual({ success: true, skillCoins: 4, coins: 4 });
  });

  it("20 concurrent verifications + 3 webhook deliveries credit the coins exactly once", async () => {
    const { user, token } = await t.createUser();
    const order = await newOrder(token, 7);
    const paid = rzp.pay(order.orderId);
    const delivery = rzp.webhook({ orderId: order.orderId, paymentId: paid.paymentId, amount: 7000, eventId: "evt_replayed" });
    const other = rzp.webhook({ orderId: order.orderId, paymentId: paid.paymentId, amount: 7000, name: "order.paid" });
    const verifications = Array.from({ length: 20 }, (_, i) =>
      i % 2
        ? t.gql(VERIFY, { o: order.orderId, p: paid.paymentId, s: paid.signature }, token).then((r) => r.data?.verifyCoinPayment.success)
        : t
            .rest("POST", "/payment-success", {
              token,
              body: { userID: user.id, amount: 7000, paymentID: paid.paymentId, orderID: order.orderId, signature: paid.signature },
            })
            .then((r) => r.body.success),
    );
    const hooks = [webhook(delivery), webhook(delivery), webhook(other)].map((p) =>
      p.then(async (r) => ({ status: r.status, body: await r.json() })),
    );
    const [verified, delivered] = await Promise.all([Promise.all(verifications), Promise.all(hooks)]);
    expect(verified).toEqual(Array(20).fill(true));
    expect(delivered.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(delivered.filter((d) => d.body.status === "duplicate")).toHaveLength(1);
    expect(await balance(user.id)).toBe(7);
    expect(await purchaseTransfers(paid.paymentId)).toBe(1);
    const stored = await t.dataSource.getRepository(CoinOrder).findOneByOrFail({ gatewayOrderId: order.orderId });
    expect(stored).toMatchObject({ status: "paid", paymentId: paid.paymentId, coins: 7, amountPaise: 7000 });
  });

  it("the webhook alone credits a captured payment; the late browser verification then credits nothing more", async () => {
    const { user, token } = await t.createUser();
    const order = await newOrder(token, 2);
    const paid = rzp.pay(order.orderId);
    const res = await webhook(rzp.webhook({ orderId: order.orderId, paymentId: paid.paymentId, amount: 2000 }));
    expect(await res.json()).toEqual({ status: "credited" });
    expect(await balance(user.id)).toBe(2);
    const late = await t.gql(VERIFY, { o: order.orderId, p: paid.paymentId, s: paid.signature }, token);
    expect(late.data.verifyCoinPayment).toEqual({ success: true, coins: 2, credited: false, skillCoins: 2 });
    // A second payment for an already-paid order is not credited.
    const second = rzp.pay(order.orderId);
    expect((await t.gql(VERIFY, { o: order.orderId, p: second.paymentId, s: second.signature }, token)).errors?.[0].extensions?.code).toBe(
      "CONFLICT",
    );
    expect(await balance(user.id)).toBe(2);
  });

  it("the webhook refuses a bad signature, and acknowledges but never credits a mismatched amount or an unknown order", async () => {
    const { user, token } = await t.createUser();
    const order = await newOrder(token, 5);
    const paid = rzp.pay(order.orderId);
    const good = rzp.webhook({ orderId: order.orderId, paymentId: paid.paymentId, amount: 5000 });
    const badSig = await webhook({ body: good.body, headers: { ...good.headers, "x-razorpay-signature": "0".repeat(64) } });
    expect(badSig.status).toBe(400);
    // The signature covers the exact bytes: re-serialised JSON with the same meaning is refused.
    const reformatted = await webhook({ body: JSON.stringify(JSON.parse(good.body), null, 2), headers: good.headers });
    expect(reformatted.status).toBe(400);
    const cheap = await webhook(rzp.webhook({ orderId: order.orderId, paymentId: paid.paymentId, amount: 1000 }));
    expect([cheap.status, await cheap.json()]).toEqual([200, { status: "amount-mismatch" }]);
    const dollars = await webhook(rzp.webhook({ orderId: order.orderId, paymentId: paid.paymentId, amount: 5000, currency: "USD" }));
    expect(await dollars.json()).toEqual({ status: "amount-mismatch" });
    const unknown = await webhook(rzp.webhook({ orderId: "order_unknown", paymentId: paid.paymentId, amount: 5000 }));
    expect(await unknown.json()).toEqual({ status: "unknown-order" });
    const failed = await webhook(
      rzp.webhook({ orderId: order.orderId, paymentId: paid.paymentId, amount: 5000, status: "failed", name: "payment.failed" }),
    );
    expect(await failed.json()).toEqual({ status: "ignored" });
    expect(await balance(user.id)).toBe(0);
    expect(await t.dataSource.getRepository(CoinOrder).findOneByOrFail({ gatewayOrderId: order.orderId })).toMatchObject({
      status: "created",
    });
    expect(await (await webhook(good)).json()).toEqual({ status: "credited" });
    expect(await balance(user.id)).toBe(5);
  });
});

describe.each(dbTargets)("coin purchases in the sandbox (no Razorpay keys) on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    if (t) expect(await checkLedgerInvariants(t.dataSource)).toEqual([]);
    await t?.close();
  });

  it("follows the same protocol: order, TEST MODE pay, signed verification, credited once", async () => {
    const { user, token } = await t.createUser();
    const other = await t.createUser();
    expect((await t.gql(GATEWAY)).data.paymentGateway).toMatchObject({ mode: "SANDBOX", keyId: null });
    const order = (await t.gql(CREATE, { coins: 3 }, token)).data.createCoinOrder;
    expect(order).toMatchObject({ coins: 3, amountPaise: 3000, currency: "INR", gateway: "SANDBOX", keyId: null });
    expect((await t.gql(SANDBOX_PAY, { o: order.orderId }, other.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const paid = (await t.gql(SANDBOX_PAY, { o: order.orderId }, token)).data.sandboxPay;
    expect(paid.orderId).toBe(order.orderId);
    const bad = await t.gql(VERIFY, { o: order.orderId, p: paid.paymentId, s: "f".repeat(64) }, token);
    expect(bad.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    const ok = await t.rest("POST", "/payment-success", {
      token,
      body: { userID: user.id, amount: 3000, paymentID: paid.paymentId, orderID: order.orderId, signature: paid.signature },
    });
    expect(ok.body).toEqual({ success: true, skillCoins: 3, coins: 3 });
    expect((await t.gql(VERIFY, { o: order.orderId, p: paid.paymentId, s: paid.signature }, token)).data.verifyCoinPayment).toMatchObject({
      success: true,
      credited: false,
      skillCoins: 3,
    });
    expect((await t.gql(SANDBOX_PAY, { o: order.orderId }, token)).errors?.[0].extensions?.code).toBe("CONFLICT");
    expect((await t.rest("GET", "/skill-coins", { token })).body).toEqual({ userID: user.id, skillCoins: 3, error: "" });
  });
});
