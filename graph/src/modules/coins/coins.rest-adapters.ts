import { NO_REWARD, type RewardsService, type RewardStatusView } from "./rewards.service.js";

/**
 * The old client's GET /{userId}/rewards has no acknowledge call: it shows what it gets, so
 * handing a reward out counts as showing it. A reward marked seen concurrently by another request
 * goes to that request only; this one tries the next (a few times, then answers none).
 */
export async function takeReward(rewards: Pick<RewardsService, "status" | "markSeen">, userId: string): Promise<RewardStatusView> {
  for (let i = 0; i < 5; i++) {
    const s = await rewards.status(userId);
    if (!s.rewarded) return s;
    if (await rewards.markSeen(userId, s.rewardId!)) return s;
  }
  return NO_REWARD;
}
