import type { Services } from "../src/services.js";

type Coins = Services["coins"];

/**
 * The ledger's writes, each in a transaction of its own, for tests and fixtures that are not inside
 * one: the service itself always takes the caller's transaction (`em` is required, so a write can
 * never fall back to a transaction that commits apart from its caller's).
 */
export function ledgerWrites({ coins, deps }: Pick<Services, "coins" | "deps">) {
  return {
    reward: (userId: string, n: number, reason: string, refKey: string) => deps.tx((em) => coins.reward(userId, n, reason, refKey, em)),
    hold: (input: Parameters<Coins["hold"]>[0]) => deps.tx((em) => coins.hold(input, em)),
    release: (refKey: string) => deps.tx((em) => coins.release(refKey, em)),
    refund: (refKey: string) => deps.tx((em) => coins.refund(refKey, em)),
    creditPurchase: (input: Parameters<Coins["creditPurchase"]>[0]) => deps.tx((em) => coins.creditPurchase(input, em)),
  };
}
