import cors from "cors";
import express, { Router } from "express";
import { assertSelf, type RawBodyRequest, route } from "../../server/rest-kit.js";
import { requireUser } from "../../server/context.js";
import type { Services } from "../../services.js";
import { AppError } from "../../shared/errors.js";
import { parsePaise } from "./purchases.service.js";

/**
 * The REST compatibility paths of spec section 7 for coins. Thin: caller from the token,
 * one service call, reshaped to the documented payloads.
 */
/** How long a shared cache may reuse GET /api/leaderboard before revalidating. */
export const LEADERBOARD_MAX_AGE_SECONDS = 10;

export function coinsRest(services: Services, r: Router = Router()): Router {
  const coins = services.coins;

  // Only `/<id>/rewards`: the literal second segment keeps this from swallowing other /api paths.
  r.get(
    "/:userId/rewards",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, req.params.userId);
      const s = await coins.rewards.takeForLegacyClient(me);
      return { rewarded: s.rewarded, reason: s.reason, rewardCount: s.rewardCount };
    }),
  );

  r.get(
    "/skill-coins",
    route(services, async (_req, ctx) => {
      const me = requireUser(ctx);
      return { userID: me.id, skillCoins: await coins.balanceOf(me.id), error: "" };
    }),
  );

  r.post(
    "/create-razorpay-order",
    route(services, async (req, ctx) => {
      const me = requireUser(ctx);
      const order = await coins.purchases.createOrder(me.id, parsePaise(req.body?.amount));
      // Razorpay's order shape, which the old client passes to Checkout.
      return {
        id: order.orderId,
        entity: "order",
        amount: order.amountPaise,
        currency: order.currency,
        status: "created",
        coins: order.coins,
        gateway: order.gateway,
        key: order.keyId,
      };
    }),
  );

  r.post(
    "/payment-success",
    route(services, async (req, ctx, res) => {
      const me = assertSelf(ctx, req.body?.userID);
      try {
        const v = await coins.purchases.verify(me, { orderId: req.body?.orderID, paymentId: req.body?.paymentID, signature: req.body?.signature });
        return { success: true, skillCoins: v.skillCoins, coins: v.coins };
      } catch (e) {
        if (!(e instanceof AppError)) throw e;
        res.status(e.status);
        return { success: false, error: e.message, code: e.code };
      }
    }),
  );

  r.post(
    "/detect-skill-coins",
    route(services, async (req, ctx) => {
      // userID = the caller (learner), feedID = the teacher. The rule (find the accepted pay
      // request, hold its coins, record the acceptance, open the chat) is the swaps module's.
      const me = assertSelf(ctx, req.body?.userID);
      const paid = await services.swapDecisions.payBetween(me, String(req.body?.feedID ?? ""), req.body?.skillCoins);
      return { error: "", message: paid.message };
    }),
  );

  // Public, readable by any origin (integrators), cacheable briefly by anyone and revalidated with
  // ETag / Last-Modified: a client that already has the current ranking gets 304 and no body.
  r.get(
    "/leaderboard",
    cors({ origin: "*", methods: ["GET"], exposedHeaders: ["ETag", "Last-Modified"] }),
    route(services, async (req, _ctx, res) => {
      const board = await coins.leaderboard.snapshot();
      res.setHeader("Cache-Control", `public, max-age=${LEADERBOARD_MAX_AGE_SECONDS}`);
      res.setHeader("ETag", `"${board.version}"`);
      res.setHeader("Last-Modified", board.lastModified.toUTCString());
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      return board.rows.map((row) => ({ _id: row.userId, name: row.name, originalRating: row.rating, originalSkillCoins: row.skillCoins }));
    }),
  );

  // Razorpay calls this server to server: no token; the signature over the raw body is the auth.
  r.post(
    "/payments/razorpay/webhook",
    express.raw({ type: () => true, limit: "256kb" }),
    async (req, res, next) => {
      try {
        const raw = (req as RawBodyRequest).rawBody ?? (Buffer.isBuffer(req.body) ? req.body : undefined);
        const outcome = await coins.webhook.handle(raw, req.get("x-razorpay-signature"), req.get("x-razorpay-event-id"));
        res.status(200).json({ status: outcome });
      } catch (e) {
        next(e);
      }
    },
  );

  return r;
}
