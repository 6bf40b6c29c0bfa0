import type { Deps } from "../../shared/deps.js";
import { CoinReward } from "./reward.entity.js";

export interface RewardStatusView {
  rewarded: boolean;
  reason: string;
  rewardCount: number;
  rewardId: string | null;
}

export const NO_REWARD: RewardStatusView = { rewarded: false, reason: "", rewardCount: 0, rewardId: null };

/** The dashboard's reward popup: each reward is shown once, oldest first. */
export class RewardsService {
  constructor(private readonly deps: Deps) {}

  private repo() {
    return this.deps.dataSource.getRepository(CoinReward);
  }

  /** The caller's oldest unseen reward, or `rewarded: false`. Reading does not mark it seen. */
  async status(userId: string): Promise<RewardStatusView> {
    const r = await this.repo().findOne({
      where: { userId, seen: false },
      order: { seq: "ASC" },
    });
    return r ? { rewarded: true, reason: r.reason, rewardCount: r.coins, rewardId: r.id } : NO_REWARD;
  }

  /**
   * Marks a reward seen (the given one, or the oldest unseen) and returns the next status.
   * Acknowledging an already-seen or someone else's reward changes nothing.
   */
  async acknowledge(userId: string, rewardId?: string | null): Promise<RewardStatusView> {
    const target = rewardId ?? (await this.status(userId)).rewardId;
    if (target) await this.markSeen(userId, target);
    return this.status(userId);
  }

  /**
   * Marks the student's reward seen; true when this call did (false when it was already seen, or
   * is not theirs). The conditional update makes two concurrent calls mark it for only one of them.
   */
  async markSeen(userId: string, rewardId: string): Promise<boolean> {
    const res = await this.repo().update({ id: rewardId, userId, seen: false }, { seen: true });
    return (res.affected ?? 0) === 1;
  }
}
