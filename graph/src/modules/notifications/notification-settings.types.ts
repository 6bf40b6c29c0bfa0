import { Field, ID, InputType, ObjectType } from "type-graphql";
import type { MailKind, MailMode } from "../../../../common/notifications.js";
import { registerValueEnum, type ValueOf } from "../../shared/graphql-enums.js";

/** GraphQL names (UPPER_CASE) over the kinds and modes the database, REST and mails use (common/notifications.ts). */
export const MailKindEnum = {
  REQUEST: "request",
  ACCEPTED: "accepted",
  REJECTED: "rejected",
  IMPLEMENT_ACCEPTED: "implementAccepted",
  IMPLEMENT_REJECTED: "implementRejected",
  MESSAGE: "message",
  FINISH: "finish",
  EXPIRED: "expired",
  SAVED_SEARCH: "savedSearch",
} as const satisfies Record<string, MailKind>;
export const MailModeEnum = { OFF: "off", INSTANT: "instant", DIGEST: "digest" } as const satisfies Record<string, MailMode>;
// A kind or mode added in common/notifications.ts without a GraphQL name here is a type error.
const everyKindNamed: Exclude<MailKind, ValueOf<typeof MailKindEnum>> extends never ? true : never = true;
const everyModeNamed: Exclude<MailMode, ValueOf<typeof MailModeEnum>> extends never ? true : never = true;
void everyKindNamed;
void everyModeNamed;

registerValueEnum(MailKindEnum, "NotificationMailKind", "What a notification mail is about; one setting per kind and student.", {
  REQUEST: "Someone asks the student for a swap or a paid lesson.",
  ACCEPTED: "The student's request was accepted (a chat is open, or the learner can pay).",
  REJECTED: "The student's request was rejected.",
  IMPLEMENT_ACCEPTED: "An implement post's owner accepted the student.",
  IMPLEMENT_REJECTED: "An implement post's owner did not accept the student.",
  MESSAGE: "A chat message arrived while the student had no realtime connection open.",
  FINISH: "A swap the student took part in was finished.",
  EXPIRED: "A request to or from the student expired unanswered.",
  SAVED_SEARCH: "New students match one of the student's saved searches (at most once a day per search).",
});
registerValueEnum(MailModeEnum, "NotificationMailMode", "How a kind of notification reaches the student by mail.", {
  OFF: "In the app only; no mail.",
  INSTANT: "One mail right away (sent in the background after the notification is stored).",
  DIGEST: "Collected into one daily mail with everything new (sent at MAIL_DIGEST_HOUR, UTC).",
});

@ObjectType("NotificationMailSetting", { simpleResolvers: true, description: "How the caller gets one kind of notification by mail." })
export class NotificationMailSettingView {
  @Field(() => ID, { description: "The kind (one setting per kind per student)." })
  id: string;

  @Field(() => MailKindEnum, { description: "What the mails of this setting are about." })
  kind: MailKind;

  @Field(() => MailModeEnum, { description: "Off, instant or in the daily digest." })
  mode: MailMode;

  @Field(() => String, { description: "What the settings page calls this kind." })
  label: string;
}

@InputType({ description: "A new mode for one kind of notification mail." })
export class NotificationMailSettingInput {
  @Field(() => MailKindEnum, { description: "Which kind of notification mail to change." })
  kind: MailKind;

  @Field(() => MailModeEnum, { description: "Its new mode." })
  mode: MailMode;
}
