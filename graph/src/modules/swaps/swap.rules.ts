/** Texts and limits of swap and pay requests (spec sections 5 and 8). */
import { skillKeyOf } from "../../../../common/profiles.js";
import { isPayCoins, PAY_COINS_MESSAGE } from "../../../../common/swaps.js";
import { badInput } from "../../shared/errors.js";

export const SWAP_MESSAGES = {
  /** Spec section 8, for a pending swap request. */
  alreadyPending: "Swap request already sent to the user and waiting for his response.",
  /** The same for a pending pay request (the spec names only the swap's text). */
  payPending: "Pay request already sent to the user and waiting for his response.",
  /** A pay request the teacher accepted: the learner's next step is paying it. */
  payAwaiting: "Your pay request was accepted. Pay for it in your notifications to start.",
  chatExists: "You already have a chat with this user",
  blocked: "You can no longer swap with this user",
  self: "You cannot send a request to yourself",
  userNotFound: "User not found",
  teachSkill: "Choose one of your own skills to teach",
  learnSkill: "Choose one of their skills to learn",
  selectSkills: "select skills",
  coins: PAY_COINS_MESSAGE,
  notFound: "Request not found",
  notPending: "This request is no longer pending",
  onlyReceiver: "Only the student who received this request can answer it",
  onlyLearner: "Only the learner can pay for this request",
  notAPayRequest: "This is not a pay request",
  amountMismatch: "The amount does not match the accepted request",
  swapRejected: "Your swap request has been rejected",
  paymentDeclined: "Your accepted pay request was declined",
  notAwaitingPayment: "This pay request is not waiting for payment",
  onlyTeacherWithdraws: "Only the teacher who accepted this pay request can withdraw the acceptance",
  paid: (coins: number) => `Payment Successful!! ${coins} has been detected from your account.`,
} as const;

export interface SkillValue {
  skill: string;
  category: string;
}

/** The profile's own entry for a submitted skill (same category, same skill ignoring case/space), or null. */
export function findSkill(list: readonly SkillValue[], wanted: unknown): SkillValue | null {
  const w = (wanted ?? {}) as Partial<Record<keyof SkillValue, unknown>>;
  if (typeof w.skill !== "string" || typeof w.category !== "string") return null;
  const key = skillKeyOf(w.skill);
  const category = w.category.trim();
  if (!key) return null;
  return list.find((s) => s.category === category && skillKeyOf(s.skill) === key) ?? null;
}

/** Whole coins in range; digit strings are accepted because old clients send input values. */
export function parseCoins(v: unknown): number {
  const n = typeof v === "string" && /^\s*\d{1,9}\s*$/.test(v) ? Number(v) : v;
  if (!isPayCoins(n)) throw badInput(SWAP_MESSAGES.coins);
  return n;
}

/** Why a pair cannot have another request: what their open request is, in its own words. */
export function pendingMessage(open: { kind: string; status: string; requesterId: string }, me: string): string {
  if (open.kind !== "pay") return SWAP_MESSAGES.alreadyPending;
  return open.status === "awaiting_payment" && open.requesterId === me ? SWAP_MESSAGES.payAwaiting : SWAP_MESSAGES.payPending;
}
