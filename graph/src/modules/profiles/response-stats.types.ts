import { Field, Float, Int, ObjectType } from "type-graphql";

@ObjectType("ResponseStats", {
  simpleResolvers: true,
  description:
    "How the student answers the swap and pay requests they receive, from their settled requests (answered or expired); requests still pending are not counted yet.",
})
export class ResponseStatsType {
  @Field(() => Int, { description: "Requests received that are settled: answered (accepted or rejected) or expired unanswered." })
  received: number;

  @Field(() => Int, { description: "Of those, the requests the student answered before they expired." })
  answered: number;

  @Field(() => Float, { nullable: true, description: "Answered / received, from 0 to 1; null while no request was received." })
  responseRate: number | null;

  @Field(() => Int, {
    nullable: true,
    description:
      "Typical response time: the median answer came within this many hours (1, 3, 6, 12, 24, 48, 96, or the expiry window); null until one was answered.",
  })
  typicalResponseHours: number | null;
}
