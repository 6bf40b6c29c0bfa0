import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import type { Context } from "../../server/context.js";
import { LeaderboardRow } from "./coins.types.js";

@Resolver()
export class LeaderboardResolver {
  @Query(() => [LeaderboardRow], {
    description:
      "The public ranking (needs no token): verified students in good standing, ordered by average rating, then rating count, then coins, " +
      "all descending. Students equal on all three share a rank (1, 2, 2, 4) and are listed by userId ascending, so the order is stable. " +
      "At most 100 rows. Cached: the server keeps one snapshot per instance, dropped whenever coins, a rating or a new student can move the " +
      "ranking, and answers a query asking only for `leaderboard` from a response cache keyed by that snapshot; REST " +
      "GET /api/leaderboard sends ETag and Last-Modified and answers 304 to a matching If-None-Match/If-Modified-Since. " +
      "Example: `{ leaderboard(first: 10) { rank userId name rating ratingCount skillCoins } }`.",
  })
  leaderboard(
    @Arg("first", () => Int, { nullable: true, defaultValue: 100, description: "How many rows from the top, 1 to 100 (clamped)." }) first: number | null,
    @Ctx() ctx: Context,
  ): Promise<LeaderboardRow[]> {
    return ctx.services.coins.leaderboard.top(first ?? 100);
  }
}
