/** The server's refusal when a learner is short of coins (graph/src/modules/coins/ledger.ts). */
export const NOT_ENOUGH_COINS = "You do not have enough skill coins";

/** "1 skill coin", "4 skill coins". */
export const coinsText = (n: number) => `${n} skill ${n === 1 ? "coin" : "coins"}`;
