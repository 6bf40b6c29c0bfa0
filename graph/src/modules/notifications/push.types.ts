import { Field, ID, InputType, ObjectType } from "type-graphql";
import { MAIL_KIND_LABELS, type PushKind } from "../../../../common/notifications.js";
import { Connection } from "../../shared/graphql-types.js";
import { registerValueEnum, type ValueOf } from "../../shared/graphql-enums.js";
import { MailKindEnum } from "./notification-settings.types.js";
import type { PushDeviceView } from "./push.service.js";

/** Every mail kind (under its GraphQL name) plus lessons, whose mails are not optional but whose pushes are. */
export const PushKindEnum = { ...MailKindEnum, LESSON: "lesson" } as const satisfies Record<string, PushKind>;
// A kind added in common/notifications.ts without a GraphQL name here is a type error.
const everyKindNamed: Exclude<PushKind, ValueOf<typeof PushKindEnum>> extends never ? true : never = true;
void everyKindNamed;

registerValueEnum(
  PushKindEnum,
  "NotificationPushKind",
  "What a push notification is about; one on/off choice per kind and student.",
  Object.fromEntries(
    Object.entries(PushKindEnum).map(([name, kind]) => [
      name,
      kind === "lesson"
        ? "A lesson in one of the student's chats was proposed, scheduled, moved or cancelled, or starts soon."
        : `Pushed for: ${MAIL_KIND_LABELS[kind as keyof typeof MAIL_KIND_LABELS].toLowerCase()}.`,
    ]),
  ) as Record<keyof typeof PushKindEnum, string>,
);

@ObjectType("NotificationPushSetting", {
  simpleResolvers: true,
  description: "Whether one kind of notification is pushed to the caller's devices.",
})
export class NotificationPushSettingView {
  @Field(() => ID, { description: "The kind (one setting per kind per student)." })
  id: string;

  @Field(() => PushKindEnum, { description: "What the pushes of this setting are about." })
  kind: PushKind;

  @Field(() => Boolean, { description: "Pushed to every device the student turned push on for (true), or not." })
  enabled: boolean;

  @Field(() => String, { description: "What the settings page calls this kind." })
  label: string;
}

@InputType({ description: "Push on or off for one kind of notification." })
export class NotificationPushSettingInput {
  @Field(() => PushKindEnum, { description: "Which kind to change." })
  kind: PushKind;

  @Field(() => Boolean, { description: "Whether it is pushed." })
  enabled: boolean;
}

@ObjectType("PushDevice", {
  simpleResolvers: true,
  description: "A browser the caller turned push notifications on for. Only its owner sees it.",
})
export class PushDeviceType implements PushDeviceView {
  @Field(() => ID, { description: "What `removePushDevice` takes." })
  id: string;

  @Field(() => String, { description: 'What the browser called itself when it subscribed, e.g. "Chrome on Android".' })
  label: string;

  @Field(() => String, {
    description:
      "The push service address of the subscription: the page compares it with its own `PushSubscription.endpoint` to tell which device it runs on.",
  })
  endpoint: string;

  @Field(() => Date, { description: "When push was turned on for it." })
  createdAt: Date;

  @Field(() => Date, { nullable: true, description: "The last push its push service accepted; null before the first." })
  lastUsedAt: Date | null;
}

@ObjectType("PushDeviceConnection", {
  simpleResolvers: true,
  description: "The caller's devices with push on, newest first (Relay connection: first/after).",
})
export class PushDeviceConnection extends Connection<PushDeviceView>("PushDevice", PushDeviceType) {}

@InputType({ description: "The keys of a browser's push subscription (`PushSubscription.toJSON().keys`)." })
export class PushSubscriptionKeysInput {
  @Field(() => String, { description: "The browser's P-256 public key, base64url (65 bytes)." })
  p256dh: string;

  @Field(() => String, { description: "The browser's authentication secret, base64url (16 bytes)." })
  auth: string;
}

@InputType({ description: "A browser's push subscription, as `PushSubscription.toJSON()` gives it." })
export class PushSubscriptionInput {
  @Field(() => String, { description: "The push service URL (https)." })
  endpoint: string;

  @Field(() => PushSubscriptionKeysInput, { description: "The keys the payload is encrypted to." })
  keys: PushSubscriptionKeysInput;

  @Field(() => String, {
    nullable: true,
    description: "The browser's `navigator.userAgent`, only to name the device in the list (a short label is kept, not the string).",
  })
  userAgent?: string | null;
}
