/** The coins a pay request offers: one rule for the Pay popup and the server. */
export const MAX_PAY_COINS = 10_000;

export const PAY_COINS_MESSAGE = `Skill coins must be a whole number from 1 to ${MAX_PAY_COINS}`;

/** A whole number of coins a pay request may offer. */
export const isPayCoins = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 1 && n <= MAX_PAY_COINS;
