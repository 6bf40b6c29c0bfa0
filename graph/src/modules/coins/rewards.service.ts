import type { Deps } from "../../shared/deps.js";
import { CoinReward } from "./reward.entity.js";

export interface RewardStatusView {
  rewarded: boolean;
  reason: string;
  rewardCount: number;
  rewardId: string | null;
}

const NONE: RewardStatusView = { rewarded: false, reason: "", rewardCount: 0, rewardId: null };

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
    return r ? { rewarded: true, reason: r.reason, rewardCount: r.coins, rewardId: r.id } : NONE;
  }

  /**
   * Marks a reward seen (the given one, or the oldest unseen) and returns the next status.
   * Acknowledging an already-seen or someone else's reward changes nothing.
   */
  async acknowledge(userId: string, rewardId?: string | null): Promise<RewardStatusView> {
    const target = rewardId ?? (await this.status(userId)).rewardId;
    if (target) await this.repo().update({ id: target, userId, seen: false }, { seen: true });
    return this.status(userId);
  }

  /**
   * The old client's GET /{userId}/rewards has no acknowledge call: it shows what it gets, so
   * handing a reward out counts as showing it. The conditional update makes two concurrent
   * requests hand the same reward to only one of them.
   */
  async takeForLegacyClient(userId: string): Promise<RewardStatusView> {
    for (let i = 0; i < 5; i++) {
      const s = await this.status(userId);
      if (!s.rewarded) return s;
      const res = await this.repo().update({ id: s.rewardId!, userId, seen: false }, { seen: true });
      if ((res.affected ?? 0) === 1) return s;
    }
    return NONE;
  }
}
