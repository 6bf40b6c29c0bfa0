import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import type { Context } from "../../kit/context.js";
import { encodeCursor } from "../../shared/cursor.js";
import { firstArg } from "../../shared/graphql-types.js";
import { connection, pageSize } from "../../shared/pagination.js";
import { LeaderboardRowConnection } from "./coins.types.js";
import { LEADERBOARD_MAX } from "./leaderboard.service.js";

@Resolver()
export class LeaderboardResolver {
  @Query(() => LeaderboardRowConnection, {
    description:
      "The public ranking (needs no token): verified students in good standing, ordered by average rating, then rating count, then coins, " +
      "all descending. Students equal on all three share a rank (1, 2, 2, 4) and are listed by userId ascending, so the order is stable. " +
      `The top ${LEADERBOARD_MAX} at most, as a top-N connection: ask for more with a larger \`first\` (hasNextPage: more students are ranked). ` +
      "Cached: the server keeps one snapshot per instance, dropped whenever coins, a rating or a new student can move the " +
      "ranking, and answers every read from it; REST " +
      "GET /api/leaderboard sends ETag and Last-Modified and answers 304 to a matching If-None-Match/If-Modified-Since. " +
      "Example: `{ leaderboard(first: 10) { edges { node { rank userId name rating ratingCount skillCoins } } } }`.",
  })
  async leaderboard(
    @Arg("first", () => Int, firstArg(LEADERBOARD_MAX, LEADERBOARD_MAX)) first: number,
    @Ctx() ctx: Context,
  ): Promise<LeaderboardRowConnection> {
    const n = pageSize("first", first, LEADERBOARD_MAX, LEADERBOARD_MAX);
    const rows = await ctx.services.coins.leaderboard.top(n + 1);
    const top = rows.slice(0, n);
    return connection(top, (_, i) => encodeCursor("leaderboard", [i + 1]), { hasNextPage: rows.length > n, hasPreviousPage: false });
  }
}
