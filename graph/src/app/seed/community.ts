/**
 * The community's coins and finished swaps: a welcome bonus for everyone, sandbox coin
 * purchases for about half the students, two dozen swaps and paid courses between classmates
 * that were rated, finished and mostly reviewed (rewards, completed skills, escrow released), and the wrap-up:
 * every student has already seen their reward popups.
 */
import type { Services } from "../../services.js";
import { DAY, HOUR, MINUTE } from "../../shared/clock.js";
import { smallTalk } from "./conversations.js";
import { acknowledgeDemoNotifications } from "./demo-student.js";
import { finishStory, payStory, reviewStory, reviewText, stars, swapStory, talk } from "./stories.js";
import type { Person, Timeline } from "./timeline.js";

export const WELCOME_BONUS = 10;
const PACKS = [20, 25, 40, 50, 50, 75, 100, 150, 200];
const DEMO_PACK = 120;

/** Welcome bonuses and purchases; returns who bought coins (they can pay for courses). */
export function scheduleCoins(tl: Timeline, people: Person[]): Set<string> {
  const buyers = new Set<string>();
  people.forEach((p, i) => {
    tl.at(p.createdAt + 5 * MINUTE, (s) =>
      s.deps.tx((em) => s.coins.reward(p.id, WELCOME_BONUS, "Welcome bonus for joining Skill Exchange", "welcome", em)),
    );
    const coins = i === 0 ? DEMO_PACK : tl.rnd.next() < 0.5 ? tl.rnd.pick(PACKS) : 0;
    if (!coins) return;
    buyers.add(p.id);
    tl.at(tl.ago(tl.rnd.int(31, 34), tl.rnd.int(0, 12)), (s) => buyCoins(s, p.id, coins));
  });
  return buyers;
}

/** A purchase through a recorded sandbox order, exactly as the TEST MODE checkout does it. */
async function buyCoins(s: Services, userId: string, coins: number): Promise<void> {
  const purchases = s.coins.purchases;
  if (purchases.mode !== "sandbox") {
    // Real Razorpay keys: the seed never pays; the coins come as a bonus through the ledger instead.
    await s.deps.tx((em) => s.coins.reward(userId, coins, "Demo community starter coins", "demo-starter", em));
    return;
  }
  const order = await purchases.createOrder(userId, coins);
  await purchases.verify(userId, await purchases.sandboxPay(userId, order.orderId));
}

/**
 * Finished swaps between classmates (every fourth a paid course), started 17 to 30 days ago: every rating in the
 * community comes from one of them, and two in three were reviewed by both.
 */
export function scheduleFinishedSwaps(tl: Timeline, people: Person[], buyers: Set<string>, count = 24): void {
  const others = people.slice(1);
  const payers = new Set<string>();
  for (let made = 0, tries = 0; made < count && tries < 2000; tries++) {
    const a = tl.rnd.pick(others);
    const b = tl.rnd.pick(others);
    const paid = made % 4 === 3;
    if (paid && (!buyers.has(a.id) || payers.has(a.id))) continue;
    if (!tl.claim(a.id, b.id)) continue;
    made++;
    const at = tl.ago(tl.rnd.int(17, 30), tl.rnd.int(4, 12));
    const learn = tl.rnd.pick(b.known);
    let start: number;
    if (paid) {
      payers.add(a.id);
      start = payStory(tl, a, b, learn, tl.rnd.pick([10, 15, 20]), at, tl.rnd.int(2, 6), 1);
      talk(tl, start, a, b, smallTalk(learn.skill, null));
    } else {
      const teach = tl.rnd.pick(a.known);
      start = swapStory(tl, a, b, teach, learn, at, tl.rnd.int(2, 6));
      talk(tl, start, a, b, smallTalk(learn.skill, teach.skill));
    }
    const finished = start + tl.rnd.int(11, 13) * DAY + tl.rnd.int(1, 8) * HOUR;
    finishStory(tl, a, b, finished, stars(tl), stars(tl));
    // a learned from b: a writes of a teacher, b of a learner.
    if (made % 3 !== 0) reviewStory(tl, a, b, finished + DAY, reviewText(tl, learn.skill, true), reviewText(tl, learn.skill, false));
  }
}

/** The last step: old reward popups seen by everyone, the demo student's old notifications acknowledged. */
export function scheduleWrapUp(tl: Timeline, people: Person[]): void {
  tl.at(tl.now - 2 * MINUTE, async (s) => {
    await acknowledgeDemoNotifications(s, people[0].id);
    for (const p of people) {
      let status = await s.coins.rewards.status(p.id);
      for (let n = 0; status.rewarded && n < 100; n++) status = await s.coins.rewards.acknowledge(p.id, status.rewardId);
    }
  });
}
