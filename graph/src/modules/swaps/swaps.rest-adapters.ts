import { badInput, conflict, notFound } from "../../shared/errors.js";
import type { PaymentOutcome, SwapDecisionsService } from "./swap-decisions.service.js";
import type { SwapKind, SwapRequest, SwapRequestsService } from "./swap-requests.service.js";
import { parseCoins, SWAP_MESSAGES as M } from "./swap.rules.js";

/**
 * The old client names a request by its pair of students (`userID` = the caller, `feedID` = the
 * other), not by its id. These adapters find the request's id through the swaps services' general
 * reads and call the one answer the GraphQL door calls too; the rules stay in those answers. The
 * lookup ran before the answer's transaction before as well: a request changing in between is
 * refused by the answer's conditional update, as it always was.
 */
interface SwapServices {
  swaps: SwapRequestsService;
  swapDecisions: SwapDecisionsService;
}

/**
 * The open request between `me` and `other`, of `kind` when the endpoint names one (the old client's
 * accept-swap and accept-pay are two paths). Who may answer it is the answer's own rule, with its
 * own message. Falls back to NOT_PENDING (the pair had a request, none is open) / NOT_FOUND like
 * the ids do.
 */
export async function requestIdBetween(s: SwapServices, me: string, other: string, kind?: SwapKind): Promise<string> {
  const r = await s.swaps.openBetween(me, other);
  if (r) {
    if (kind && r.kind !== kind) throw badInput(r.kind === "pay" ? "This is a pay request" : "This is a swap request");
    return r.id;
  }
  throw (await s.swaps.latestBetween(me, other)) ? conflict(M.notPending) : notFound(M.notFound);
}

/**
 * POST /accept-swap and /accept-pay: the caller (receiver) accepts the open request `other` sent.
 * After /detect-skill-coins the old client records "a swap acceptance with no teaching skill" as
 * the learner: the payment already recorded it, so a paid pay request the caller sent `other`
 * is acknowledged as is (nothing changes, nothing is notified twice).
 */
export async function acceptBetween(s: SwapServices, me: string, other: string, kind: SwapKind): Promise<SwapRequest> {
  if (kind === "swap" && !(await s.swaps.openBetween(me, other))) {
    const paid = await s.swaps.latestBetween(me, other, { requesterId: me, kind: "pay", status: "paid" });
    if (paid) return paid;
  }
  return s.swapDecisions.accept(me, await requestIdBetween(s, me, other, kind));
}

/** POST /reject-swap: the caller rejects (or, as the learner, declines) the open request with `other`. */
export async function rejectBetween(s: SwapServices, me: string, other: string): Promise<SwapRequest> {
  return s.swapDecisions.reject(me, await requestIdBetween(s, me, other));
}

/** POST /withdraw-pay-acceptance: the caller (teacher) withdraws the acceptance of `learnerId`'s unpaid pay request. */
export async function withdrawAcceptanceBetween(s: SwapServices, me: string, learnerId: string): Promise<SwapRequest> {
  const r = await s.swaps.openBetween(me, learnerId);
  if (!r) throw notFound(M.notFound);
  return s.swapDecisions.withdrawAcceptance(me, r.id);
}

/**
 * POST /detect-skill-coins: the learner pays the accepted pay request they sent to `teacherId`.
 * `skillCoins`, when sent, is parsed first (the module's own coins rule) and must be the agreed price.
 */
export async function payBetween(s: SwapServices, me: string, teacherId: string, skillCoins?: unknown): Promise<PaymentOutcome> {
  const expected = skillCoins === undefined || skillCoins === null || skillCoins === "" ? undefined : parseCoins(skillCoins);
  return s.swapDecisions.pay(me, await requestIdBetween(s, me, teacherId, "pay"), expected);
}
