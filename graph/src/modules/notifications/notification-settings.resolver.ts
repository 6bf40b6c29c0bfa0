import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from "type-graphql";
import { MAIL_KIND_LABELS } from "../../../../common/notifications.js";
import { type Context, requireUser } from "../../kit/context.js";
import type { MailSettingView } from "./notification-mail.service.js";
import { NotificationMailSettingInput, NotificationMailSettingView } from "./notification-settings.types.js";

const toView = (s: MailSettingView): NotificationMailSettingView => ({
  id: s.kind,
  kind: s.kind,
  mode: s.mode,
  label: MAIL_KIND_LABELS[s.kind],
});

@Resolver(() => NotificationMailSettingView)
export class NotificationSettingsResolver {
  @Authorized()
  @Query(() => [NotificationMailSettingView], {
    description: "How the caller gets each kind of notification by mail (their choice or the default).",
  })
  async notificationMailSettings(@Ctx() ctx: Context): Promise<NotificationMailSettingView[]> {
    return (await ctx.services.notificationMail.settingsOf(requireUser(ctx).id)).map(toView);
  }

  @Authorized()
  @Mutation(() => [NotificationMailSettingView], {
    description: "Changes the mode of the given kinds (the others keep theirs); returns every setting.",
  })
  async updateNotificationMailSettings(
    @Arg("settings", () => [NotificationMailSettingInput], {
      description: "The kinds to change and their new modes; kinds not named keep theirs. BAD_USER_INPUT for an unknown kind or mode.",
    })
    settings: NotificationMailSettingInput[],
    @Ctx() ctx: Context,
  ): Promise<NotificationMailSettingView[]> {
    return (await ctx.services.notificationMail.update(requireUser(ctx).id, settings)).map(toView);
  }
}
