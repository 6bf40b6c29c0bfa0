import { Field, ID, InputType, ObjectType, registerEnumType } from "type-graphql";
import { MAIL_KINDS, MAIL_MODES, type MailKind, type MailMode } from "../../../../common/notifications.js";

/** The enums' GraphQL values are the kinds and modes themselves (common/notifications.ts). */
export const MailKindEnum = Object.fromEntries(MAIL_KINDS.map((k) => [k, k])) as { [K in MailKind]: K };
export const MailModeEnum = Object.fromEntries(MAIL_MODES.map((m) => [m, m])) as { [M in MailMode]: M };

registerEnumType(MailKindEnum, {
  name: "NotificationMailKind",
  description:
    "What a notification mail is about: requests, acceptances, rejections, implement answers, chat messages while away, finished swaps.",
});
registerEnumType(MailModeEnum, {
  name: "NotificationMailMode",
  description: "off: in the app only; instant: a mail right away; digest: one daily mail with everything new.",
});

@ObjectType("NotificationMailSetting", { description: "How the caller gets one kind of notification by mail." })
export class NotificationMailSettingView {
  @Field(() => ID, { description: "The kind (one setting per kind per student)." })
  id: string;

  @Field(() => MailKindEnum)
  kind: MailKind;

  @Field(() => MailModeEnum)
  mode: MailMode;

  @Field(() => String, { description: "What the settings page calls this kind." })
  label: string;
}

@InputType({ description: "A new mode for one kind of notification mail." })
export class NotificationMailSettingInput {
  @Field(() => MailKindEnum)
  kind: MailKind;

  @Field(() => MailModeEnum)
  mode: MailMode;
}
