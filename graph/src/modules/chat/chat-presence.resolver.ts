import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { type Context, requireUser } from "../../server/context.js";
import type { AddressedTopics } from "../../shared/pubsub.js";
import { ChatListItemView, ChatUserView, PresenceSettingsView } from "./chat.types.js";
import { userView } from "./chat-views.js";

const GRACE = "30 seconds";

/** Unread counts, read markers and who is online. */
@Resolver(() => ChatUserView)
export class ChatPresenceResolver {
  @FieldResolver(() => Boolean, {
    description:
      `The participant has the app open now (a live connection on any server, or one closed less than ${GRACE} ago). ` +
      "Always false for the viewer themselves and for a student who hid their online status (setOnlineStatusVisible).",
  })
  async online(@Root() user: ChatUserView, @Ctx() ctx: Context): Promise<boolean> {
    const me = ctx.user?.id;
    if (!me || user.id === me) return false;
    return ctx.loaders.chat.online.load(user.id);
  }

  @Authorized()
  @Mutation(() => ChatListItemView, {
    description:
      "Marks every message of the caller's chat with `chatWith` read (its unreadCount becomes 0); the chat page calls it when it opens and when a message arrives while it is open. " +
      "The caller's unreadMessageCountChanged subscriptions hear the new total.",
  })
  async markChatRead(
    @Arg("chatWith", () => ID, {
      description:
        "The partner's user id (a chat is named by who it is with). NOT_FOUND 'Chat not found' when the caller has no chat with them.",
    })
    chatWith: string,
    @Ctx() ctx: Context,
  ): Promise<ChatListItemView> {
    const item = await ctx.services.chat.reads.markRead(requireUser(ctx).id, chatWith);
    item.partner = userView(item.partnerId, await ctx.loaders.users.summary.load(item.partnerId));
    return item;
  }

  @Authorized()
  @Query(() => Int, { description: "How many messages from partners the caller has not read yet, over all their chats." })
  unreadMessageCount(@Ctx() ctx: Context): Promise<number> {
    return ctx.services.chat.reads.total(requireUser(ctx).id);
  }

  @Authorized()
  @Subscription(() => Int, {
    subscribe: ({ context }) => (context as Context).services.deps.pubsub.events("UNREAD_CHANGED", requireUser(context as Context).id),
    description:
      "The caller's new unreadMessageCount each time it changes: a message arrives in any of their chats, or they read one (on any device).",
  })
  unreadMessageCountChanged(@Root() event: AddressedTopics["UNREAD_CHANGED"]): number {
    return event.count;
  }

  @Authorized()
  @Query(() => PresenceSettingsView, { description: "The caller's presence choice (whether chat partners see them online)." })
  async presenceSettings(@Ctx() ctx: Context): Promise<PresenceSettingsView> {
    return { onlineStatusVisible: await ctx.services.chat.presence.isVisible(requireUser(ctx).id) };
  }

  @Authorized()
  @Mutation(() => PresenceSettingsView, {
    description:
      "Shows (true) or hides (false) the caller's online status from their chat partners; hidden, ChatUser.online is always false for them.",
  })
  async setOnlineStatusVisible(
    @Arg("visible", () => Boolean, { description: "True: partners see when the caller is online; false: never." }) visible: boolean,
    @Ctx() ctx: Context,
  ): Promise<PresenceSettingsView> {
    return { onlineStatusVisible: await ctx.services.chat.presence.setVisible(requireUser(ctx).id, visible) };
  }
}
