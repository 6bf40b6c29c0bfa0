import { Arg, Authorized, Ctx, Field, ID, Int, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import type { RewardStatusView } from "./rewards.service.js";

@ObjectType({
  simpleResolvers: true,
  description:
    "The caller's oldest reward not yet shown (the dashboard popup). A value object: it describes the caller's queue at the time of the read, not one reward (the web caches it with keyFields: false).",
})
export class RewardStatus implements RewardStatusView {
  @Field(() => Boolean, { description: "True when there is a reward to show." })
  rewarded: boolean;

  @Field(() => String, { description: "Why the coins were given; empty when rewarded is false" })
  reason: string;

  @Field(() => Int, { description: "Coins given" })
  rewardCount: number;

  @Field(() => ID, { nullable: true, description: "Pass to acknowledgeReward so the popup marks exactly this one" })
  rewardId: string | null;
}

@Resolver()
export class RewardsResolver {
  @Authorized()
  @Query(() => RewardStatus, { description: "The caller's oldest unseen reward; reading does not mark it seen." })
  rewards(@Ctx() ctx: Context): Promise<RewardStatus> {
    return ctx.services.coins.rewards.status(requireUser(ctx).id);
  }

  @Authorized()
  @Mutation(() => RewardStatus, {
    description: "Marks the reward seen (rewardId, or the oldest unseen) so it is shown once; returns the next one.",
  })
  acknowledgeReward(
    @Arg("rewardId", () => ID, { nullable: true, description: "The reward shown (RewardStatus.rewardId); omit for the oldest unseen one." })
    rewardId: string | null,
    @Ctx() ctx: Context,
  ): Promise<RewardStatus> {
    return ctx.services.coins.rewards.acknowledge(requireUser(ctx).id, rewardId);
  }
}
