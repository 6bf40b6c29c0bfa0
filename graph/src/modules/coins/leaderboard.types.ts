import { Directive, Field, Float, ID, InputType, Int, ObjectType } from "type-graphql";
import { LEADERBOARD_AROUND_DEFAULT, LEADERBOARD_LIVE_ROWS, LeaderboardPeriod } from "../../../../common/leaderboard.js";
import { CATEGORIES } from "../../../../common/profiles.js";
import { registerValueEnum } from "../../shared/graphql-enums.js";
import { Connection } from "../../shared/graphql-types.js";

registerValueEnum(LeaderboardPeriod, "LeaderboardPeriod", "What a leaderboard view counts. Periods are calendar periods in UTC.", {
  ALL_TIME: "Everything so far: the spec's table (average rating, then rating count, then coins).",
  WEEK: "The current ISO week: Monday 00:00 UTC up to the next Monday 00:00 UTC.",
  MONTH: "The current calendar month: the 1st 00:00 UTC up to the next month's 1st 00:00 UTC.",
});

export const LeaderboardAroundReason = { NOT_LISTED: "NOT_LISTED", NOT_IN_VIEW: "NOT_IN_VIEW" } as const;
export type LeaderboardAroundReason = (typeof LeaderboardAroundReason)[keyof typeof LeaderboardAroundReason];
registerValueEnum(LeaderboardAroundReason, "LeaderboardAroundReason", "Why a student asked about with `around` has no place in a view.", {
  NOT_LISTED: "No student others may see has this id (unknown, unverified, suspended or deleted).",
  NOT_IN_VIEW:
    "The student is listed but not ranked in this view: they teach no skill of the category, or received no rating and held no lesson in the period.",
});

@InputType("LeaderboardViewInput", {
  description: "Which leaderboard: a category of skills taught, a period, both, or neither (the default table).",
})
export class LeaderboardViewInput {
  @Field(() => String, {
    nullable: true,
    description: `Only students who teach a skill of this category (a skill known in it, as on their profile): one of ${CATEGORIES.join(", ")}. Null: everyone.`,
  })
  category?: string | null;

  @Field(() => LeaderboardPeriod, { nullable: true, description: "What is counted; default ALL_TIME." })
  period?: LeaderboardPeriod | null;
}

@Directive("@cacheControl(inheritMaxAge: true)")
@ObjectType({ simpleResolvers: true, description: "The view a page or an event is of, with the period's bounds." })
export class LeaderboardView {
  @Field(() => String, { nullable: true, description: "The category of skills taught, or null for everyone." })
  category: string | null;

  @Field(() => LeaderboardPeriod, { description: "What is counted." })
  period: LeaderboardPeriod;

  @Field(() => Date, { nullable: true, description: "Start of the period (inclusive, UTC); null for ALL_TIME." })
  from: Date | null;

  @Field(() => Date, { nullable: true, description: "End of the period (exclusive, UTC); null for ALL_TIME." })
  to: Date | null;
}

@Directive("@cacheControl(inheritMaxAge: true)")
@ObjectType({
  simpleResolvers: true,
  description:
    "One student's place in a leaderboard view (Query.leaderboard). A row is a place in one view: the same student has other ranks in other views, so the web stores rows inside the page that returned them.",
})
export class LeaderboardRow {
  @Field(() => Int, {
    description: "1 + the number of students strictly ahead in this view: students equal on the view's keys share a rank (1, 2, 2, 4).",
  })
  rank: number;

  @Field(() => ID, { description: "The student (open /profile/{userId}); one row per student." })
  userId: string;

  @Field(() => String, { description: "The student's username." })
  name: string;

  @Field(() => Float, { description: "Average rating out of 5" })
  rating: number;

  @Field(() => Int, { description: "How many ratings the average is made of." })
  ratingCount: number;

  @Field(() => Int, { description: "The student's spendable coin balance." })
  skillCoins: number;

  @Field(() => Float, {
    nullable: true,
    description:
      "Period views (WEEK, MONTH): the average of the stars the student received from chat partners during the period (0 when they received none). Null in ALL_TIME views.",
  })
  periodRating: number | null;

  @Field(() => Int, {
    nullable: true,
    description: "Period views: how many ratings the student received during the period. Null in ALL_TIME views.",
  })
  periodRatingCount: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "Period views: lessons the student held during the period (scheduled lessons, never cancelled, that ended within the period and by now; either side of the lesson). Null in ALL_TIME views.",
  })
  periodLessons: number | null;
}

@Directive("@cacheControl(inheritMaxAge: true)")
@ObjectType({ simpleResolvers: true, description: "The answer about the student named by `around`." })
export class LeaderboardAround {
  @Field(() => ID, { description: "The student asked about." })
  userId: string;

  @Field(() => Int, { nullable: true, description: "Their rank in the view; null when they have none (see reason)." })
  rank: number | null;

  @Field(() => LeaderboardAroundReason, { nullable: true, description: "Why they have no rank; null when they have one." })
  reason: LeaderboardAroundReason | null;

  @Field(() => String, { nullable: true, description: "The reason in words, for showing; null when they have a rank." })
  message: string | null;
}

@ObjectType({ simpleResolvers: true, description: "A page of a leaderboard view, best first." })
export class LeaderboardRowConnection extends Connection<LeaderboardRow>("LeaderboardRow", LeaderboardRow) {
  @Field(() => LeaderboardView, { description: "The view this page is of." })
  view: LeaderboardView;

  @Field(() => LeaderboardAround, {
    nullable: true,
    description: `With \`around\`: the student's rank, or why they have none (then \`edges\` is empty). Null without \`around\`. The page is the student's row in the middle of \`first\` rows (default ${LEADERBOARD_AROUND_DEFAULT}: 5 above, 5 below; moved inward at either end).`,
  })
  around: LeaderboardAround | null;
}

@ObjectType({ simpleResolvers: true, description: "A row of the watched top that is new or changed, with the rank it had before." })
export class LeaderboardRowMove {
  @Field(() => LeaderboardRow, { description: "The row as it is now." })
  row: LeaderboardRow;

  @Field(() => Int, {
    nullable: true,
    description: `Its rank in the previous event (or when the subscription started); null when it entered the watched top ${LEADERBOARD_LIVE_ROWS}.`,
  })
  previousRank: number | null;
}

@ObjectType({ simpleResolvers: true, description: "A student who left the watched top of a view." })
export class LeaderboardExit {
  @Field(() => ID, { description: "The student." })
  userId: string;

  @Field(() => Int, { description: "The rank they had before leaving." })
  previousRank: number;
}

@ObjectType({
  simpleResolvers: true,
  description: `What changed in the top ${LEADERBOARD_LIVE_ROWS} of a view (Subscription.leaderboardChanged) since the previous event: apply \`moved\` and \`left\` to the rows shown, or read the page again.`,
})
export class LeaderboardChange {
  @Field(() => LeaderboardView, { description: "The view that changed." })
  view: LeaderboardView;

  @Field(() => Date, { description: "When the server compared the view (its clock)." })
  at: Date;

  @Field(() => Int, { description: `How many top rows are watched: ${LEADERBOARD_LIVE_ROWS}. Ranks beyond it are not reported.` })
  watched: number;

  @Field(() => [LeaderboardRowMove], {
    description:
      "Rows that entered the watched top or changed (rank, name, rating, rating count, coins or period numbers), in their new order. Rows not listed kept their place and values.",
  })
  moved: LeaderboardRowMove[];

  @Field(() => [LeaderboardExit], { description: "Students who left the watched top (fell below it, or left the view)." })
  left: LeaderboardExit[];
}
