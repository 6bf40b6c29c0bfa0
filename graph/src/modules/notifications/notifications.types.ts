import { Field, ID, Int, ObjectType } from "type-graphql";
import { Connection, SkillFields, UserSummaryFields } from "../../shared/graphql-types.js";

@ObjectType({ description: "A skill with its category." })
export class SkillRef extends SkillFields {}

@ObjectType({ description: "The user a notification is about." })
export class NotificationUser extends UserSummaryFields {}

/** Fully resolved (notifier included), so subscriptions fan out without queries. */
@ObjectType("Notification")
export class NotificationView {
  @Field(() => ID)
  id: string;

  @Field(() => String, {
    description:
      "swap-request | pay-request | Accepted-Pay | rejectImplementUser | acceptImplementUser | swap-accept | swap-reject | success-Finish | operator-warning",
  })
  type: string;

  @Field(() => String)
  message: string;

  @Field(() => SkillRef, { nullable: true, description: "The skill the notifier teaches (swap)." })
  preachSkill: SkillRef | null;

  @Field(() => SkillRef, { nullable: true, description: "The skill the notifier learns." })
  learnSkill: SkillRef | null;

  @Field(() => Int, { nullable: true })
  skillCoins: number | null;

  @Field(() => String, { nullable: true, description: "The request, post or chat this is about." })
  refId: string | null;

  @Field(() => Boolean, { description: "True for types acknowledged with Ok." })
  dismissible: boolean;

  @Field(() => NotificationUser)
  notifier: NotificationUser;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType({ description: "A page of the caller's notifications, newest first." })
export class NotificationConnection extends Connection<NotificationView>("Notification", NotificationView) {}
