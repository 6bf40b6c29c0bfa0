import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from "type-graphql";
import { PUSH_KIND_LABELS } from "../../../../common/notifications.js";
import { type Context, requireUser } from "../../kit/context.js";
import { AFTER_ARG, firstArg } from "../../shared/graphql-types.js";
import type { PushSettingView } from "./push.service.js";
import {
  NotificationPushSettingInput,
  NotificationPushSettingView,
  PushDeviceConnection,
  PushDeviceType,
  PushSubscriptionInput,
} from "./push.types.js";

const toView = (s: PushSettingView): NotificationPushSettingView => ({
  id: s.kind,
  kind: s.kind,
  enabled: s.enabled,
  label: PUSH_KIND_LABELS[s.kind],
});

@Resolver()
export class PushResolver {
  @Query(() => String, {
    description:
      "The server's VAPID public key (base64url): the `applicationServerKey` a browser subscribes with (`pushManager.subscribe`). Public.",
  })
  pushPublicKey(@Ctx() ctx: Context): string {
    return ctx.services.push.publicKey();
  }

  @Authorized()
  @Query(() => PushDeviceConnection, {
    description: "The caller's devices (browsers) with push on, newest first; only the owner sees them.",
  })
  pushDevices(
    @Ctx() ctx: Context,
    @Arg("first", () => Int, firstArg(20)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
  ): Promise<PushDeviceConnection> {
    return ctx.services.push.devicePage(requireUser(ctx).id, { first, after });
  }

  @Authorized()
  @Mutation(() => PushDeviceType, {
    description:
      "Turns push on for the caller's browser (its push subscription); the same browser again refreshes its keys, and a browser another student had subscribed moves to the caller. " +
      "BAD_USER_INPUT for an endpoint that is not https on a named host or for malformed keys; CONFLICT past 20 devices.",
  })
  subscribePushDevice(
    @Arg("subscription", () => PushSubscriptionInput, { description: "`PushSubscription.toJSON()` and the browser's user agent." })
    subscription: PushSubscriptionInput,
    @Ctx() ctx: Context,
  ): Promise<PushDeviceType> {
    return ctx.services.push.subscribe(requireUser(ctx).id, subscription, subscription.userAgent);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: "Turns push off for one of the caller's devices (true). NOT_FOUND for an id that is not one of theirs.",
  })
  async removePushDevice(@Arg("id", () => ID, { description: "The device's id." }) id: string, @Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.push.removeDevice(requireUser(ctx).id, id);
    return true;
  }

  @Authorized()
  @Query(() => [NotificationPushSettingView], {
    description: "Whether each kind of notification is pushed to the caller's devices (their choice or the default: on except expiries).",
  })
  async notificationPushSettings(@Ctx() ctx: Context): Promise<NotificationPushSettingView[]> {
    return (await ctx.services.push.settingsOf(requireUser(ctx).id)).map(toView);
  }

  @Authorized()
  @Mutation(() => [NotificationPushSettingView], {
    description: "Turns push on or off for the given kinds (the others keep theirs); returns every setting.",
  })
  async updateNotificationPushSettings(
    @Arg("settings", () => [NotificationPushSettingInput], {
      description: "The kinds to change; kinds not named keep theirs. BAD_USER_INPUT for an unknown kind.",
    })
    settings: NotificationPushSettingInput[],
    @Ctx() ctx: Context,
  ): Promise<NotificationPushSettingView[]> {
    return (await ctx.services.push.update(requireUser(ctx).id, settings)).map(toView);
  }
}
