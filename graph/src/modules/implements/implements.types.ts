import { Field, ID, InputType, ObjectType, registerEnumType } from "type-graphql";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_JOIN_DESCRIPTION_LENGTH,
  MAX_TITLE_LENGTH,
  OTHER_REASON,
  REJECTION_REASONS,
} from "../../../../common/implements.js";
import { Connection, UserSummaryFields } from "../../shared/graphql-types.js";

export const ImplementApplicationStatus = {
  pending: "pending",
  accepted: "accepted",
  rejected: "rejected",
  rejected_permanently: "rejected_permanently",
} as const;
registerEnumType(ImplementApplicationStatus, {
  name: "ImplementApplicationStatus",
  description: "pending, then accepted, or rejected once (the owner may still accept) or permanently (final).",
});

@ObjectType({ description: "A student as implements show them: owner of a post or applicant." })
export class ImplementUser extends UserSummaryFields {}

@ObjectType("ImplementApplication", { description: "One student's request to join one post." })
export class ImplementApplicationType {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  postId: string;

  @Field(() => ID)
  userId: string;

  @Field(() => String, { description: "The applicant's name when they asked." })
  userName: string;

  @Field(() => String, { description: "Why they want to join (plain text)." })
  description: string;

  @Field(() => ImplementApplicationStatus)
  status: string;

  @Field(() => String, { nullable: true, description: "The rejection reason; null unless rejected." })
  reason: string | null;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => Date)
  updatedAt: Date;
}

@ObjectType({ description: "A post's applicants, in the order they asked." })
export class ImplementApplicationConnection extends Connection<ImplementApplicationType>("ImplementApplication", ImplementApplicationType) {}

@ObjectType("ImplementPost", { description: "A project problem a student posted for others to join." })
export class ImplementPostType {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  ownerId: string;

  @Field(() => String, { description: "Plain text." })
  title: string;

  @Field(() => String, { description: "Plain text." })
  description: string;

  @Field(() => Boolean, { description: "False when the owner hid it: then only the owner sees it." })
  visible: boolean;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType({ description: "A page of posts, newest first." })
export class ImplementPostConnection extends Connection<ImplementPostType>("ImplementPost", ImplementPostType) {}

@InputType()
export class CreateImplementPostInput {
  @Field(() => String, { description: `Required, at most ${MAX_TITLE_LENGTH} characters.` })
  title: string;

  @Field(() => String, { description: `Required, at most ${MAX_DESCRIPTION_LENGTH} characters.` })
  description: string;
}

@InputType()
export class JoinImplementPostInput {
  @Field(() => ID)
  postId: string;

  @Field(() => String, { description: `Why you want to join: required, at most ${MAX_JOIN_DESCRIPTION_LENGTH} characters.` })
  description: string;
}

@InputType({ description: "An applicant of one of the caller's posts." })
export class ImplementApplicantInput {
  @Field(() => ID)
  postId: string;

  @Field(() => ID, { description: "The applicant's user id." })
  userId: string;
}

@InputType()
export class RejectImplementApplicantInput extends ImplementApplicantInput {
  @Field(() => String, {
    description: [...REJECTION_REASONS, OTHER_REASON].join(" | "),
  })
  reason: string;

  @Field(() => String, { nullable: true, description: "The reason's text when `reason` is Other." })
  otherReason?: string | null;
}
