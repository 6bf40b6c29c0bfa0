import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { type Context, requireUser } from "../../kit/context.js";
import { type AddressedTopics, startWith } from "../../shared/pubsub.js";
import { chatListCursor } from "./chat.service.js";
import { ChatListChangeView, ChatListItemView, ChatTypingView, ChatUserView, PresenceSettingsView } from "./chat.types.js";
import { listItemOf, userView } from "./chat-views.js";
import { TYPING_SHOWN_MS } from "./chat-typing.service.js";

const GRACE = "30 seconds";

/**
 * The caller's unread count now, then its changes. It listens (on every instance: pubsub.listening) before it
 * reads, so a message committed between a page's first read and this subscription going live is counted.
 */
async function unreadCounts(ctx: Context) {
  const me = requireUser(ctx).id;
  const pubsub = ctx.services.deps.pubsub;
  const live = pubsub.events("UNREAD_CHANGED", me);
  let count: number;
  try {
    await pubsub.listening("UNREAD_CHANGED", me);
    count = await ctx.services.chat.reads.total(me);
  } catch (err) {
    await live.return?.();
    throw err;
  }
  return startWith([{ userId: me, count }], live);
}

/** Unread counts, read markers, who is online, the live chat list and "typing" signals. */
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
    // A live event carries the presence read when it was published: a subscription's loaders live as long as it does.
    if (user.liveOnline !== undefined) return user.liveOnline;
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
    subscribe: ({ context }) => unreadCounts(context as Context),
    description:
      "The caller's unreadMessageCount as the subscription starts, then each time it changes: a message arrives in any of their " +
      "chats, or they read one (on any device).",
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

  @Authorized()
  @Subscription(() => ChatListChangeView, {
    subscribe: ({ context }) => (context as Context).services.deps.pubsub.events("CHAT_LIST_CHANGED", requireUser(context as Context).id),
    description:
      "Live changes of the caller's chat list, theirs only: a chat after a message either way, a new chat, a read on any device or a new status (`item`), " +
      `and partners coming online or going offline (\`partner\`; offline once ${GRACE} passed without a connection). Each event is complete: write it into the list.`,
  })
  chatListChanged(@Root() event: AddressedTopics["CHAT_LIST_CHANGED"], @Ctx() ctx: Context): ChatListChangeView {
    const me = requireUser(ctx).id;
    if (event.item) {
      const { chat, users, online } = event.item;
      const item = listItemOf(chat, me, new Date(chat.lastActivityAt));
      const partner: ChatUserView = userView(
        item.partnerId,
        users.find((u) => u.id === item.partnerId),
      );
      partner.liveOnline = online.includes(item.partnerId);
      item.partner = partner;
      return { item, cursor: chatListCursor(item), partner: null };
    }
    const partner: ChatUserView = userView(event.partner!.id, event.partner);
    partner.liveOnline = event.partner!.online;
    return { item: null, cursor: null, partner };
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      "Tells the partner in the caller's chat with `chatWith` that the caller is typing (their partnerTyping subscription); never stored. " +
      `Send it at most every few seconds while keys are pressed: the partner shows the line for ${TYPING_SHOWN_MS / 1000} s after the last one. ` +
      "NOT_FOUND 'Chat not found' for a chat the caller is not in, CONFLICT once the chat ended, RATE_LIMITED when sent too often. False when not sent on (a block).",
  })
  sendTypingSignal(
    @Arg("chatWith", () => ID, { description: "The partner's user id (a chat is named by who it is with)." }) chatWith: string,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return ctx.services.chat.typing.signal(requireUser(ctx).id, chatWith);
  }

  @Authorized()
  @Subscription(() => ChatTypingView, {
    subscribe: async ({ args, context }) => {
      const ctx = context as Context;
      const me = requireUser(ctx).id;
      const chat = await ctx.services.chat.require(me, (args as { chatWith: unknown }).chatWith);
      return ctx.services.deps.pubsub.events("CHAT_TYPING", me, (e) => e.chatId === chat.id);
    },
    description:
      "Each typing signal of the partner in the caller's chat with `chatWith` (only its two members can subscribe; each hears the other only).",
  })
  partnerTyping(
    @Root() event: AddressedTopics["CHAT_TYPING"],
    @Arg("chatWith", () => ID, {
      description: "The partner's user id. NOT_FOUND 'Chat not found' when the caller has no chat with them.",
    })
    _chatWith: string,
  ): ChatTypingView {
    return { chatId: event.chatId, userId: event.userId, at: new Date(event.at) };
  }
}
