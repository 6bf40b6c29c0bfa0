import type { CoinHistoryQuery } from "../../../gql/graphql";

export type HistoryItem = CoinHistoryQuery["coinHistory"]["edges"][number]["node"];

/** One skill coin costs Rs.10 (1000 paise); the server's paymentGateway query is the source of truth. */
export const DEFAULT_COIN_PRICE_PAISE = 1000;
export const DEFAULT_MAX_COINS = 10000;

const rupees = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", minimumFractionDigits: 0, maximumFractionDigits: 2 });
export const formatRupees = (paise: number) => rupees.format(paise / 100);

const whole = new Intl.NumberFormat("en-IN");
export const formatCoins = (n: number) => whole.format(n);

/** What a history line says happened, from the viewer's side. */
export function describeEntry(e: Pick<HistoryItem, "kind" | "counterpartName" | "memo" | "holdState">): { title: string; detail: string } {
  switch (e.kind) {
    case "PURCHASE":
      return { title: "Bought skill coins", detail: "Paid in INR" };
    case "REWARD":
      return { title: "Reward", detail: e.memo ?? "Earned on Skill Exchange" };
    case "HOLD":
      // The line stays where it happened; what became of the coins since is said on it.
      return {
        title: `Paid ${e.counterpartName}`,
        detail:
          e.holdState === "RELEASED"
            ? "Released: the lesson finished"
            : e.holdState === "REFUNDED"
              ? "Returned to you: the lesson was closed"
              : "Held until the lesson finishes",
      };
    case "RELEASE":
      return { title: `Payment from ${e.counterpartName}`, detail: "Lesson finished" };
    case "REFUND":
      return { title: "Held coins returned", detail: `Lesson with ${e.counterpartName} was reported` };
    default:
      return { title: e.kind, detail: e.counterpartName };
  }
}

/**
 * The amount field: a whole number of coins between 1 and `max`. Returns the coins or the
 * message to show. The server checks the same again; this only saves a round trip.
 */
export function parseCoinAmount(raw: string, max = DEFAULT_MAX_COINS): { coins: number } | { error: string } {
  const text = raw.trim();
  if (!text) return { error: "Enter how many skill coins you want to buy." };
  if (!/^\d+$/.test(text)) return { error: "Enter a whole number of skill coins." };
  const coins = Number(text);
  if (coins < 1 || coins > max) return { error: `Enter a whole number of skill coins between 1 and ${formatCoins(max)}.` };
  return { coins };
}
