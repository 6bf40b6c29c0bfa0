import { assertSelf, route } from "../../kit/rest-kit.js";
import { ErrorText, OkAnswer, OptionalId } from "../../kit/rest-schemas.js";
import { z } from "../../kit/zod-openapi.js";
import type { KitServices } from "../../kit/context.js";
import type { RestRoutes } from "../../kit/rest-routes.js";
import { acceptBetween, payBetween, rejectBetween, withdrawAcceptanceBetween } from "./swaps.rest-adapters.js";

/**
 * Spec section 7 paths for swap and pay requests. Which body id names whom:
 *  - forms:            senderID = the caller,            receiverID = the profile being viewed
 *  - swap-/pay-request: userID = the caller (requester), feedID = the student asked
 *  - reject-swap:      userID = the caller (rejector),   feedID = the notifier (the other student)
 *  - accept-swap/-pay: userID = the caller (receiver),   feedID = the requester (notifier)
 *  - withdraw-pay-acceptance: userID = the caller (teacher), feedID = the learner
 *  - detect-skill-coins: userID = the caller (learner), feedID = the teacher
 * The id naming the caller must be the token's user (403 otherwise). Requests are found by the
 * pair; skills and coins of accept-* bodies are ignored (the stored request is what counts).
 * `error: ""` means success. These are the old client's `error`-reading paths (`legacy`): a
 * business refusal (already pending, no longer pending, not enough coins) answers 200 with its
 * text in `error`; 401/403 keep their status.
 */
const tag = "swaps";
/** A skill as the old client sent it: the service checks it is one of the right student's skills ('select skills' when missing). */
const SkillChoice = z.unknown().describe("`{ category, skill }`, one of the student's skills.");
const Pair = { userID: OptionalId.describe("The caller's id."), feedID: OptionalId.describe("The other student's id.") };
const RequestAnswer = z.object({ error: ErrorText, requestId: z.string().optional() });

export function swapsRest(services: KitServices, r: RestRoutes): void {
  for (const path of ["/user/swap/form", "/user/payment/form"]) {
    r.post(
      path,
      route(
        services,
        {
          tag,
          summary: path.includes("swap")
            ? "What the caller can teach and learn in a swap with a student"
            : "What the caller can learn for coins from a student",
          auth: "bearer",
          legacy: { preachSkills: [], learnSkills: [] },
          body: z.object({
            senderID: OptionalId.describe("The caller's id."),
            receiverID: OptionalId.describe("The student whose profile is viewed."),
          }),
          response: z.object({
            error: ErrorText,
            preachSkills: z.array(z.object({ category: z.string(), skill: z.string() })),
            learnSkills: z.array(z.object({ category: z.string(), skill: z.string() })),
          }),
        },
        async (_req, ctx, _res, { body }) => {
          const form = await services.swaps.form(assertSelf(ctx, body.senderID), body.receiverID ?? "");
          return { error: "", preachSkills: form.preachSkills, learnSkills: form.learnSkills };
        },
      ),
    );
  }

  r.post(
    "/swap-request",
    route(
      services,
      {
        tag,
        summary: "Ask a student for a swap (I teach preachSkill, I learn learnSkill)",
        description:
          "A request already waiting answers 200 `error: 'Swap request already sent to the user and waiting for his response.'`.",
        auth: "bearer",
        legacy: true,
        body: z.object({ ...Pair, preachSkill: SkillChoice, learnSkill: SkillChoice }),
        response: RequestAnswer,
      },
      async (_req, ctx, _res, { body }) => {
        const me = assertSelf(ctx, body.userID);
        const request = await services.swaps.requestSwap(me, {
          receiverId: body.feedID ?? "",
          preachSkill: body.preachSkill,
          learnSkill: body.learnSkill,
        });
        return { error: "", requestId: request.id };
      },
    ),
  );

  r.post(
    "/pay-request",
    route(
      services,
      {
        tag,
        summary: "Ask a student to teach a skill for skill coins",
        auth: "bearer",
        legacy: true,
        body: z.object({
          ...Pair,
          learnSkill: SkillChoice,
          skillCoins: z.unknown().describe("Whole coins, more than 0 ('Enter skill coins')."),
        }),
        response: RequestAnswer,
      },
      async (_req, ctx, _res, { body }) => {
        const me = assertSelf(ctx, body.userID);
        const request = await services.swaps.requestPay(me, {
          receiverId: body.feedID ?? "",
          learnSkill: body.learnSkill,
          coins: body.skillCoins,
        });
        return { error: "", requestId: request.id };
      },
    ),
  );

  r.post(
    "/reject-swap",
    route(
      services,
      {
        tag,
        summary: "Reject the open request with a student (and block them from the caller's view)",
        auth: "bearer",
        legacy: true,
        body: z.object(Pair),
        response: OkAnswer,
      },
      async (_req, ctx, _res, { body }) => {
        await rejectBetween(services, assertSelf(ctx, body.userID), body.feedID ?? "");
        return { error: "" };
      },
    ),
  );

  r.post(
    "/accept-swap",
    route(
      services,
      {
        tag,
        summary: "Accept the swap request a student sent the caller (the chat opens)",
        description:
          "After `/detect-skill-coins` the old client calls this as the learner, to record the acceptance the payment already recorded: that answers `error: ''` and changes nothing. `learnSkill` and `preachSkill` are ignored (the stored request counts).",
        auth: "bearer",
        legacy: true,
        body: z.object({ ...Pair, learnSkill: z.unknown().optional(), preachSkill: z.unknown().optional() }),
        response: z.object({ error: ErrorText, chatId: z.string().nullable().optional() }),
      },
      async (_req, ctx, _res, { body }) => {
        const accepted = await acceptBetween(services, assertSelf(ctx, body.userID), body.feedID ?? "", "swap");
        return { error: "", chatId: accepted.chatId };
      },
    ),
  );

  r.post(
    "/accept-pay",
    route(
      services,
      {
        tag,
        summary: "Accept a pay request (the learner is then asked to pay)",
        auth: "bearer",
        legacy: true,
        body: z.object({ ...Pair, learnSkill: z.unknown().optional(), skillCoins: z.unknown().optional() }),
        response: OkAnswer,
      },
      async (_req, ctx, _res, { body }) => {
        await acceptBetween(services, assertSelf(ctx, body.userID), body.feedID ?? "", "pay");
        return { error: "" };
      },
    ),
  );

  r.post(
    "/withdraw-pay-acceptance",
    route(
      services,
      {
        tag,
        summary: "Withdraw the caller's acceptance of a student's pay request before they pay",
        description:
          "The request ends (`withdrawn`), no coins move, nobody is blocked; the learner is told and may ask again. A request that is not waiting for payment answers 200 `error: 'This pay request is not waiting for payment'`.",
        auth: "bearer",
        legacy: true,
        body: z.object({ userID: OptionalId.describe("The caller's id (the teacher)."), feedID: OptionalId.describe("The learner's id.") }),
        response: OkAnswer,
      },
      async (_req, ctx, _res, { body }) => {
        await withdrawAcceptanceBetween(services, assertSelf(ctx, body.userID), body.feedID ?? "");
        return { error: "" };
      },
    ),
  );

  r.post(
    "/detect-skill-coins",
    route(
      services,
      {
        // Listed with the coins routes in the API docs, as before: it pays.
        tag: "coins",
        summary: "Pay an accepted pay request: the coins go into escrow and the chat opens",
        description:
          "userID = the caller (learner), feedID = the teacher. Not enough coins, a wrong amount or a request no longer awaiting payment answer 200 with the text in `error` (shown as is).",
        auth: "bearer",
        legacy: true,
        body: z.object({
          userID: OptionalId,
          feedID: OptionalId,
          skillCoins: z.unknown().optional().describe("The agreed price, when sent, must match."),
        }),
        response: z.object({
          error: ErrorText,
          message: z.string().describe("'Payment Successful!! {amount} has been detected from your account.'"),
        }),
      },
      async (_req, ctx, _res, { body }) => {
        // The rule: find the accepted pay request, hold its coins, record the acceptance, open the chat.
        const paid = await payBetween(services, assertSelf(ctx, body.userID), body.feedID ?? "", body.skillCoins);
        return { error: "", message: paid.message };
      },
    ),
  );
}
