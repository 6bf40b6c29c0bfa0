import { Field, ID, Int, ObjectType } from "type-graphql";
import { registerValueEnum } from "../../shared/graphql-enums.js";
import { Connection } from "../../shared/graphql-types.js";
import { ReviewReportResolution } from "../reviews/reviews.service.js";
import { ModeratedStudentType, ModerationChatType } from "./moderation.types.js";

registerValueEnum(ReviewReportResolution, "ReviewReportResolution", "How an operator resolved a review report.", {
  DISMISSED: "Closed without action: the review stays shown.",
  HIDDEN: "The review was hidden for good: it is gone from the profile.",
});

@ObjectType("ModerationReview", { simpleResolvers: true, description: "A reported written review, as operators see it (hidden ones too)." })
export class ModerationReviewType {
  @Field(() => ID, { description: "The review's id." })
  id: string;

  @Field(() => ID, { description: "Who wrote it." })
  authorId: string;

  @Field(() => ID, { description: "Whom it is about (the reporter)." })
  subjectId: string;

  @Field(() => String, { nullable: true, description: "The skill of the swap." })
  skill: string | null;

  @Field(() => Int, { nullable: true, description: "The stars the author gave in that chat." })
  stars: number | null;

  @Field(() => String, { description: "Plain text: render it as text, never as HTML." })
  text: string;

  @Field(() => String, { nullable: true, description: "The subject's public answer, if any." })
  answer: string | null;

  @Field(() => Date, { description: "When it was written." })
  createdAt: Date;

  @Field(() => Date, { description: "When it was (or will be) shown on the profile." })
  visibleAt: Date;

  @Field(() => Boolean, { description: "Hidden by an operator: no longer on the profile." })
  hidden: boolean;
}

@ObjectType("ModerationReviewReport", {
  simpleResolvers: true,
  description: "A reviewed student's report of a review about them: the review, both students and the chat's evidence.",
})
export class ModerationReviewReportType {
  @Field(() => ID, { description: "The review report's id (hideReview and dismissReviewReport take it)." })
  id: string;

  @Field(() => String, { description: "The chosen reason (the chat report reasons)." })
  reason: string;

  @Field(() => String, { nullable: true, description: "The reporter's own words." })
  details: string | null;

  @Field(() => Date, { description: "When it was reported." })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: "When an operator resolved it; null while open." })
  resolvedAt: Date | null;

  @Field(() => ReviewReportResolution, { nullable: true, description: "How it was resolved; null while open." })
  resolution: ReviewReportResolution | null;

  @Field(() => ModeratedStudentType, { nullable: true, description: "The reviewed student, who reported it." })
  reporter: ModeratedStudentType | null;

  @Field(() => ModeratedStudentType, { nullable: true, description: "The review's author." })
  author: ModeratedStudentType | null;

  @Field(() => ModerationReviewType, { nullable: true, description: "The review; null if it was erased with an account." })
  review: ModerationReviewType | null;

  @Field(() => ModerationChatType, {
    nullable: true,
    description: "The chat the review is about, with its messages on request: the evidence, as a chat report shows it.",
  })
  chat: ModerationChatType | null;
}

@ObjectType("ModerationReviewReportConnection", { description: "A page of review reports, newest first." })
export class ModerationReviewReportConnection extends Connection<ModerationReviewReportType>(
  "ModerationReviewReport",
  ModerationReviewReportType,
) {}
