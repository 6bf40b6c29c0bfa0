import { Field, ID, Int, ObjectType } from "type-graphql";
import { registerValueEnum } from "../../shared/graphql-enums.js";
import { Connection, SkillFields, UserSummaryFields } from "../../shared/graphql-types.js";
import { NotificationType } from "./notification.entity.js";

registerValueEnum(NotificationType, "NotificationType", "What a notification is about; `dismissible` ones are only acknowledged with Ok.", {
  SWAP_REQUEST: "The notifier asks to swap (refId: the request): accept or reject it.",
  PAY_REQUEST: "The notifier asks to learn for skillCoins (refId: the request): accept or reject it.",
  ACCEPTED_PAY: "The teacher accepted the caller's pay request (refId: the request): pay or decline.",
  REJECT_IMPLEMENT_USER: "An implement post's owner rejected the caller (the message says why).",
  ACCEPT_IMPLEMENT_USER: "An implement post's owner accepted the caller: a chat is open.",
  SWAP_ACCEPT: "The notifier accepted the caller's swap request: a chat is open.",
  SWAP_REJECT: "The notifier rejected the caller's request.",
  SUCCESS_FINISH: "A chat completed: coins were given.",
  OPERATOR_WARNING: "A warning from the moderators (the notifier is the caller themselves).",
  REQUEST_EXPIRED:
    "A swap or pay request nobody answered within REQUEST_EXPIRY_DAYS (default 7), or an accepted pay request not paid within as many days of the acceptance; both students get one, the notifier being the other student.",
  ACCEPTANCE_WITHDRAWN:
    "The teacher withdrew their acceptance of the caller's pay request before it was paid (refId: the request); nothing was paid.",
  SAVED_SEARCH_MATCH:
    "New students match one of the caller's saved searches (refId: the saved search; the notifier is the first of them); at most once a day per search.",
});

@ObjectType({ simpleResolvers: true, description: "A skill with its category." })
export class SkillRef extends SkillFields {}

@ObjectType({ simpleResolvers: true, description: "The user a notification is about." })
export class NotificationUser extends UserSummaryFields {}

/** Fully resolved (notifier included), so subscriptions fan out without queries. */
@ObjectType("Notification", {
  simpleResolvers: true,
  description: "Something that happened to the caller; only its recipient can read it.",
})
export class NotificationView {
  @Field(() => ID, { description: "The notification's id (dismissNotification)." })
  id: string;

  @Field(() => NotificationType, { description: "What it is about: decides the card's actions." })
  type: NotificationType;

  @Field(() => String, { description: "The text to show (plain text, at most 500 characters)." })
  message: string;

  @Field(() => SkillRef, { nullable: true, description: "The skill the notifier teaches (swap)." })
  preachSkill: SkillRef | null;

  @Field(() => SkillRef, { nullable: true, description: "The skill the notifier learns." })
  learnSkill: SkillRef | null;

  @Field(() => Int, { nullable: true, description: "The price of a pay request; null otherwise." })
  skillCoins: number | null;

  @Field(() => ID, { nullable: true, description: "The id of the request, post or chat this is about." })
  refId: string | null;

  @Field(() => Boolean, { description: "True for types acknowledged with Ok." })
  dismissible: boolean;

  @Field(() => NotificationUser, { description: "Who caused it ('Former student' once their account is gone)." })
  notifier: NotificationUser;

  @Field(() => Date, { description: "When it was sent." })
  createdAt: Date;
}

@ObjectType({ simpleResolvers: true, description: "A page of the caller's notifications, newest first." })
export class NotificationConnection extends Connection<NotificationView>("Notification", NotificationView) {}
