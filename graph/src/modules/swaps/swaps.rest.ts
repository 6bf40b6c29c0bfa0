import { type Request, Router } from "express";
import { assertSelf, route } from "../../server/rest-kit.js";
import type { Services } from "../../services.js";

/**
 * Spec section 7 paths for swap and pay requests. Which body id names whom:
 *  - forms:            senderID = the caller,            receiverID = the profile being viewed
 *  - swap-/pay-request: userID = the caller (requester), feedID = the student asked
 *  - reject-swap:      userID = the caller (rejector),   feedID = the notifier (the other student)
 *  - accept-swap/-pay: userID = the caller (receiver),   feedID = the requester (notifier)
 *  - detect-skill-coins (coins.rest.ts): userID = the caller (learner), feedID = the teacher
 * The id naming the caller must be the token's user (403 otherwise). Requests are found by the
 * pair; skills and coins of accept-* bodies are ignored (the stored request is what counts).
 * `error: ""` means success; a refusal answers its status with `{ error, code }`.
 */
export function swapsRest(services: Services, r: Router = Router()): Router {
  const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;
  const id = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : "");

  for (const path of ["/user/swap/form", "/user/payment/form"]) {
    r.post(
      path,
      route(services, async (req, ctx) => {
        const me = assertSelf(ctx, body(req).senderID);
        const form = await services.swaps.form(me, id(body(req).receiverID));
        return { error: "", preachSkills: form.preachSkills, learnSkills: form.learnSkills };
      }),
    );
  }

  r.post(
    "/swap-request",
    route(services, async (req, ctx) => {
      const b = body(req);
      const me = assertSelf(ctx, b.userID);
      const request = await services.swaps.requestSwap(me, { receiverId: id(b.feedID), preachSkill: b.preachSkill, learnSkill: b.learnSkill });
      return { error: "", requestId: request.id };
    }),
  );

  r.post(
    "/pay-request",
    route(services, async (req, ctx) => {
      const b = body(req);
      const me = assertSelf(ctx, b.userID);
      const request = await services.swaps.requestPay(me, { receiverId: id(b.feedID), learnSkill: b.learnSkill, coins: b.skillCoins });
      return { error: "", requestId: request.id };
    }),
  );

  r.post(
    "/reject-swap",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, body(req).userID);
      const requestId = await services.swapDecisions.idBetween(me, id(body(req).feedID), "either");
      await services.swapDecisions.reject(me, requestId);
      return { error: "" };
    }),
  );

  r.post(
    "/accept-swap",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, body(req).userID);
      const requestId = await services.swapDecisions.idBetween(me, id(body(req).feedID), "receiver", "swap");
      const accepted = await services.swapDecisions.accept(me, requestId);
      return { error: "", chatId: accepted.chatId };
    }),
  );

  r.post(
    "/accept-pay",
    route(services, async (req, ctx) => {
      const me = assertSelf(ctx, body(req).userID);
      const requestId = await services.swapDecisions.idBetween(me, id(body(req).feedID), "receiver", "pay");
      await services.swapDecisions.accept(me, requestId);
      return { error: "" };
    }),
  );

  return r;
}
