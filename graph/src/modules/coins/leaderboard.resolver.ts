import { Arg, Ctx, Directive, ID, Int, Query, Resolver, Root, Subscription } from "type-graphql";
import { LEADERBOARD_AROUND_DEFAULT, LEADERBOARD_LIVE_INTERVAL_MS, LEADERBOARD_LIVE_ROWS } from "../../../../common/leaderboard.js";
import type { Context } from "../../kit/context.js";
import { AFTER_ARG, sizeRule } from "../../shared/graphql-types.js";
import { connection, pageSize } from "../../shared/pagination.js";
import {
  LEADERBOARD_MAX,
  LEADERBOARD_MAX_AGE_SECONDS,
  type LeaderboardChangeEvent,
  type ResolvedView,
  topCursor,
} from "./leaderboard.service.js";
import { LeaderboardChange, LeaderboardRowConnection, type LeaderboardView, LeaderboardViewInput } from "./leaderboard.types.js";

const DEFAULT_VIEW: LeaderboardView = { category: null, period: "all_time", from: null, to: null };
const viewOf = (v: ResolvedView): LeaderboardView => ({ category: v.category, period: v.period, from: v.from, to: v.to });

@Resolver()
export class LeaderboardResolver {
  // Public data, the same for every caller: a GET without a session may be kept by a CDN (server/apollo.ts).
  @Directive(`@cacheControl(maxAge: ${LEADERBOARD_MAX_AGE_SECONDS})`)
  @Query(() => LeaderboardRowConnection, {
    description:
      "The public ranking (needs no token): verified students in good standing, ordered by average rating, then rating count, then coins, " +
      "all descending. Students equal on all three share a rank (1, 2, 2, 4) and are listed by userId ascending, so the order is stable. " +
      `Without view, around or after: the top ${LEADERBOARD_MAX} at most, as a top-N connection: ask for more with a larger \`first\` (hasNextPage: more students are ranked). ` +
      "Cached: each instance keeps every view's ranking in memory and answers every read from it; whatever can move a ranking " +
      "(coins, a rating, a lesson, a profile, a new student) updates it as the change commits, on every instance; REST " +
      "GET /api/leaderboard sends ETag and Last-Modified and answers 304 to a matching If-None-Match/If-Modified-Since. " +
      `Over HTTP GET /graphql (a plain query string, or an automatic persisted query's hash) without a session or with an API key, an answer that asks for nothing else is \`Cache-Control: max-age=${LEADERBOARD_MAX_AGE_SECONDS}, public\` ` +
      "with a weak ETag (304 to a matching If-None-Match), so a CDN may serve it; signed in, or by POST, it is `no-store`. " +
      "Example: `{ leaderboard(first: 10) { edges { node { rank userId name rating ratingCount skillCoins } } } }`.\n\n" +
      "**Views** (`view`): `category` ranks only students who teach a skill of that category, by the same keys. `period` WEEK or MONTH " +
      "(the ISO week from Monday 00:00 UTC, the calendar month from the 1st 00:00 UTC) ranks by what happened in the period: the average " +
      "of the stars received from chat partners in it (descending; 0 with none), then how many ratings were received, then lessons held " +
      "in it; only students with at least one rating or lesson in the period are ranked, and each row carries periodRating, " +
      "periodRatingCount and periodLessons. Category and period combine. Ranks are the view's own, ties as above. " +
      "Pages: `first` rows, then `after: pageInfo.endCursor` for the next ones; a cursor is a position in its view (keys, then userId), " +
      "so it stays valid while students move, and a cursor of another view is refused. `around: userId` answers that student's row in " +
      `the middle of \`first\` rows (default ${LEADERBOARD_AROUND_DEFAULT}), and in \`around\` their rank or why they have none. ` +
      "A view is cached like the top and read again after any change. " +
      'Example: `{ leaderboard(view: { category: "Music & Performing Arts", period: WEEK }, first: 20) { view { from to } ' +
      "edges { node { rank name periodRating periodRatingCount periodLessons } } pageInfo { hasNextPage endCursor } } }`.",
  })
  async leaderboard(
    @Arg("first", () => Int, {
      nullable: true,
      description: `How many rows: ${sizeRule(LEADERBOARD_MAX)}. Default ${LEADERBOARD_MAX}, or ${LEADERBOARD_AROUND_DEFAULT} with \`around\`.`,
    })
    first: number | null,
    @Arg("view", () => LeaderboardViewInput, {
      nullable: true,
      description: "Which view: a category, a period, both. Default: all students, all time.",
    })
    view: LeaderboardViewInput | null,
    @Arg("around", () => ID, {
      nullable: true,
      description:
        "A student's id: the page is their row with the students around it; `around` in the answer says their rank or why they have none. Not with `after`.",
    })
    around: string | null,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<LeaderboardRowConnection> {
    const board = ctx.services.coins.leaderboard;
    if (!view && around == null && after == null) {
      // The spec's table as it always was (its cached top, its cursors).
      const n = pageSize("first", first, LEADERBOARD_MAX, LEADERBOARD_MAX);
      const rows = await board.top(n + 1);
      const top = rows.slice(0, n).map((r) => ({ ...r, periodRating: null, periodRatingCount: null, periodLessons: null }));
      const page = connection(top, (_, i) => topCursor(i + 1), { hasNextPage: rows.length > n, hasPreviousPage: false });
      return Object.assign(page, { view: DEFAULT_VIEW, around: null });
    }
    const page = await board.view({ category: view?.category, period: view?.period, around, first, after });
    const conn = connection(page.rows, (row) => page.cursorOf(row), {
      hasNextPage: page.hasNextPage,
      hasPreviousPage: page.hasPreviousPage,
    });
    return Object.assign(conn, { view: viewOf(page.view), around: page.around });
  }

  @Subscription(() => LeaderboardChange, {
    description:
      `A view's board, live (needs no token: anonymous sockets may subscribe). Watches the view's top ${LEADERBOARD_LIVE_ROWS} rows: after a ` +
      `change of the ranking, at most one event per ${LEADERBOARD_LIVE_INTERVAL_MS} ms per view (one shared read for every subscriber of the view on an instance), ` +
      "carrying the rows that entered or changed (rank or any number) with their previous rank, and the students who left. " +
      "A change with no effect on the watched rows sends nothing. Changes on any instance arrive (the LEADERBOARD_CHANGED pubsub topic, Redis when configured). " +
      "Read `leaderboard(view:)` first for the rows; then apply the events.",
    subscribe: ({ args, context }) =>
      (context as Context).services.coins.leaderboard.changes.subscribe({ ...(args.view as LeaderboardViewInput | undefined) }),
  })
  leaderboardChanged(
    @Root() event: LeaderboardChangeEvent,
    @Arg("view", () => LeaderboardViewInput, { nullable: true, description: "The view to watch (default: all students, all time)." })
    _view: LeaderboardViewInput | null,
  ): LeaderboardChange {
    return { ...event, view: viewOf(event.view) };
  }
}
