/**
 * Leaderboard views: the periods, their boundaries and the limits, shared by the server
 * (graph/src/modules/coins/leaderboard*.ts) and the web page's controls. Plain TypeScript.
 *
 * Periods are calendar periods in UTC (the app has no configured time zone): a week is the ISO
 * week, Monday 00:00 UTC up to the next Monday 00:00 UTC; a month is the calendar month, the 1st
 * 00:00 UTC up to the next 1st. A period view counts what happened in [from, to).
 */

/** GraphQL names (UPPER_CASE) to the values REST takes and the service uses. */
export const LeaderboardPeriod = { ALL_TIME: "all_time", WEEK: "week", MONTH: "month" } as const;
export type LeaderboardPeriod = (typeof LeaderboardPeriod)[keyof typeof LeaderboardPeriod];
export const LEADERBOARD_PERIODS: readonly LeaderboardPeriod[] = Object.values(LeaderboardPeriod);

/** The most rows one page of a view serves. */
export const LEADERBOARD_PAGE_MAX = 100;
/** Rows a page with `around` serves when `first` is not given: the student, 5 above and 5 below. */
export const LEADERBOARD_AROUND_DEFAULT = 11;

export const LEADERBOARD_PERIOD_LABELS: Record<LeaderboardPeriod, string> = {
  all_time: "All time",
  week: "This week",
  month: "This month",
};

export const LEADERBOARD_MESSAGES = {
  period: `period must be one of: ${LEADERBOARD_PERIODS.join(", ")}`,
  aroundWithAfter: "Give either around or after, not both",
  cursorOtherView: "This cursor belongs to another leaderboard view",
  cursorOtherPeriod: "This cursor belongs to an earlier period: start again from the top",
  notListed: "No student with this id is on the leaderboard",
  notInView: "This student is not ranked in this view",
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** [from, to) of the period containing `now` (UTC); null for all time. */
export function periodRange(period: LeaderboardPeriod, now: Date): { from: Date; to: Date } | null {
  if (period === "all_time") return null;
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  if (period === "month") return { from: new Date(Date.UTC(y, m, 1)), to: new Date(Date.UTC(y, m + 1, 1)) };
  const midnight = Date.UTC(y, m, now.getUTCDate());
  // getUTCDay: Sunday 0 ... Saturday 6; the ISO week starts on Monday.
  const sinceMonday = (now.getUTCDay() + 6) % 7;
  const from = midnight - sinceMonday * DAY_MS;
  return { from: new Date(from), to: new Date(from + 7 * DAY_MS) };
}

/** A live board (Subscription.leaderboardChanged) watches this many top rows of its view. */
export const LEADERBOARD_LIVE_ROWS = 100;
/** At most one live event per view in this time, whatever the number of changes or subscribers. */
export const LEADERBOARD_LIVE_INTERVAL_MS = 1000;
