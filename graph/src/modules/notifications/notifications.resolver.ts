import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import type { AddressedTopics } from "../../shared/pubsub.js";
import { AFTER_ARG, firstArg } from "../../shared/graphql-types.js";
import { NOTIFICATIONS_PAGE_SIZE } from "./notifications.service.js";
import { NotificationConnection, NotificationView } from "./notifications.types.js";

@Resolver(() => NotificationView)
export class NotificationsResolver {
  @Authorized()
  @Query(() => NotificationConnection, {
    description:
      "The caller's notifications, newest first, keyset-paged on (time, id). DETAILS_NOT_FILLED until the caller's profile is filled.",
  })
  async notifications(
    @Arg("first", () => Int, firstArg(NOTIFICATIONS_PAGE_SIZE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
    @Ctx() ctx: Context,
  ): Promise<NotificationConnection> {
    return ctx.services.notifications.page(requireUser(ctx).id, { first, after });
  }

  @Authorized()
  @Query(() => Int, { description: "How many notifications the caller has (the dashboard's bracketed count)." })
  notificationCount(@Ctx() ctx: Context): Promise<number> {
    return ctx.services.notifications.countFor(requireUser(ctx).id);
  }

  @Authorized()
  @Mutation(() => ID, { description: "Ok on an informational notification: removes it. Returns its id." })
  async dismissNotification(
    @Arg("id", () => ID, {
      description: "One of the caller's dismissible notifications (FORBIDDEN for one that needs an answer, NOT_FOUND when unknown).",
    })
    id: string,
    @Ctx() ctx: Context,
  ): Promise<string> {
    await ctx.services.notifications.dismiss(requireUser(ctx).id, { id });
    return id;
  }

  @Authorized()
  @Subscription(() => NotificationView, {
    // The caller's own topic: other students' notifications never reach this subscription.
    subscribe: ({ context }) => {
      const me = requireUser(context as Context);
      return (context as Context).services.deps.pubsub.events("NOTIFICATION_ADDED", me.id, (e) => e.recipientId === me.id);
    },
    description: "Each new notification, delivered to its recipient only.",
  })
  notificationAdded(@Root() event: AddressedTopics["NOTIFICATION_ADDED"]): NotificationView {
    return { ...event.payload, createdAt: new Date(event.payload.createdAt) };
  }
}
