import { Arg, Ctx, Int, Query, Resolver } from "type-graphql";
import type { Context } from "../../server/context.js";
import { encodeCursor } from "../../shared/cursor.js";
import { firstArg } from "../../shared/graphql-types.js";
import { connection, pageSize } from "../../shared/pagination.js";
import { LeaderboardRowConnection } from "./coins.types.js";
import { LEADERBOARD_MAX } from "./leaderboard.service.js";

@Resolver()
export class LeaderboardResolver {
  @Query(() => LeaderboardRowConnection, {
    description:
      `Top students by rating, then rating count, then coins (the top ${LEADERBOARD_MAX} at most); needs no token. ` +
      "A top-N list: ask for more with a larger `first` (hasNextPage: more students are ranked).",
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
