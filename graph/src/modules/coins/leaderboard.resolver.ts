import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import type { Context } from "../../server/context.js";
import { LeaderboardRow } from "./coins.types.js";

@Resolver()
export class LeaderboardResolver {
  @Query(() => [LeaderboardRow], {
    description: "Top students by rating, then rating count, then coins (at most 100); needs no token.",
  })
  leaderboard(
    @Arg("first", () => Int, { nullable: true, defaultValue: 100 }) first: number | null,
    @Ctx() ctx: Context,
  ): Promise<LeaderboardRow[]> {
    return ctx.services.coins.leaderboard.top(first ?? 100);
  }
}
