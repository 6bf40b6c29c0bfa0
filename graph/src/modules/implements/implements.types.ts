import { Field, ID, InputType, ObjectType } from "type-graphql";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_JOIN_DESCRIPTION_LENGTH,
  MAX_REASON_LENGTH,
  MAX_TITLE_LENGTH,
  RejectionReason,
} from "../../../../common/implements.js";
import { registerValueEnum } from "../../shared/graphql-enums.js";
import { Connection, UserSummaryFields } from "../../shared/graphql-types.js";
import { ApplicantStatus } from "./implement.rules.js";

registerValueEnum(
  ApplicantStatus,
  "ImplementApplicationStatus",
  "Where a request to join stands: PENDING, then ACCEPTED, or REJECTED once (the owner may still accept) or REJECTED_PERMANENTLY (final).",
  {
    PENDING: "Asked; the owner has not decided yet.",
    ACCEPTED: "The owner accepted: a chat about the post is open between them.",
    REJECTED: "The owner rejected the request (with a reason); the owner may still accept later. The post is hidden from the applicant.",
    REJECTED_PERMANENTLY: "Rejected for good: final, the applicant cannot be accepted any more.",
  },
);

registerValueEnum(RejectionReason, "ImplementRejectionReason", "Why an owner rejects an applicant; the applicant is told the reason.", {
  INCOMPLETE_PROFILE: "Incomplete Profile.",
  DOES_NOT_MEET_REQUIREMENTS: "Does Not Meet Requirements.",
  VIOLATION_OF_TERMS_OF_SERVICE: "Violation of Terms of Service.",
  DUPLICATE_ACCOUNT: "Duplicate Account.",
  OTHER: `Other: the owner's own text in otherReason (required, at most ${MAX_REASON_LENGTH} characters) is what the applicant is told.`,
});

@ObjectType({ simpleResolvers: true, description: "A student as implements show them: owner of a post or applicant." })
export class ImplementUser extends UserSummaryFields {}

@ObjectType("ImplementApplication", { simpleResolvers: true, description: "One student's request to join one post." })
export class ImplementApplicationType {
  @Field(() => ID, { description: "The application's id." })
  id: string;

  @Field(() => ID, { description: "The post asked to join." })
  postId: string;

  @Field(() => ID, { description: "The applicant's user id." })
  userId: string;

  @Field(() => String, { description: "The applicant's name when they asked." })
  userName: string;

  @Field(() => String, { description: "Why they want to join (plain text)." })
  description: string;

  @Field(() => ApplicantStatus, { description: "Where the request stands." })
  status: ApplicantStatus;

  @Field(() => String, { nullable: true, description: "The rejection reason; null unless rejected." })
  reason: string | null;

  @Field(() => Date, { description: "When they asked." })
  createdAt: Date;

  @Field(() => Date, { description: "When the status last changed." })
  updatedAt: Date;
}

@ObjectType({ simpleResolvers: true, description: "A post's applicants, in the order they asked." })
export class ImplementApplicationConnection extends Connection<ImplementApplicationType>(
  "ImplementApplication",
  ImplementApplicationType,
) {}

@ObjectType("ImplementPost", { simpleResolvers: true, description: "A project problem a student posted for others to join." })
export class ImplementPostType {
  @Field(() => ID, { description: "The post's id (the /implement/{id} page)." })
  id: string;

  @Field(() => ID, { description: "Who posted it." })
  ownerId: string;

  @Field(() => String, { description: "Plain text." })
  title: string;

  @Field(() => String, { description: "Plain text." })
  description: string;

  @Field(() => Boolean, { description: "False when the owner hid it: then only the owner sees it." })
  visible: boolean;

  @Field(() => Date, { description: "When it was posted." })
  createdAt: Date;
}

@ObjectType({ simpleResolvers: true, description: "A page of posts, newest first." })
export class ImplementPostConnection extends Connection<ImplementPostType>("ImplementPost", ImplementPostType) {}

@InputType({ description: "A new implement post." })
export class CreateImplementPostInput {
  @Field(() => String, { description: `Required, at most ${MAX_TITLE_LENGTH} characters.` })
  title: string;

  @Field(() => String, { description: `Required, at most ${MAX_DESCRIPTION_LENGTH} characters.` })
  description: string;
}

@InputType({ description: "A request to join someone else's post." })
export class JoinImplementPostInput {
  @Field(() => ID, { description: "The post to join: visible and not the caller's own." })
  postId: string;

  @Field(() => String, { description: `Why you want to join: required, at most ${MAX_JOIN_DESCRIPTION_LENGTH} characters.` })
  description: string;
}

@InputType({ description: "An applicant of one of the caller's posts." })
export class ImplementApplicantInput {
  @Field(() => ID, { description: "One of the caller's own posts (FORBIDDEN otherwise)." })
  postId: string;

  @Field(() => ID, { description: "The applicant's user id." })
  userId: string;
}

@InputType({ description: "A rejection: the post, the applicant and the reason they are told." })
export class RejectImplementApplicantInput extends ImplementApplicantInput {
  @Field(() => RejectionReason, { description: "The reason the applicant is told (OTHER: with otherReason)." })
  reason: RejectionReason;

  @Field(() => String, { nullable: true, description: "The reason's text when `reason` is Other." })
  otherReason?: string | null;
}
