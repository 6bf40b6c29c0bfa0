import { filter, pipe } from "@graphql-yoga/subscription";
import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { REPORT_REASONS } from "../../../../common/chat.js";
import { type Context, requireUser } from "../../server/context.js";
import { formerStudent } from "../../shared/graphql-types.js";
import type { AddressedTopics } from "../../shared/pubsub.js";
import type { UserSummary } from "../accounts/users.service.js";
import { DEFAULT_PAGE_SIZE, MAX_CHATS_LISTED } from "./chat.rules.js";
import { ChatListItemView, ChatMessagePage, ChatMessageView, ChatUserView, ChatView, FinishChatResult } from "./chat.types.js";
import { fromChatStateEvent, fromMessageEvent } from "./chat-views.js";

/** A participant as shown in a chat; someone whose account is gone still shows as a name. */
function userView(id: string, s: UserSummary | null | undefined): ChatUserView {
  return s ? { id: s.id, name: s.name, image: s.image, gender: s.gender } : formerStudent(id);
}

async function resolveUser(ctx: Context, chat: ChatView, id: string): Promise<ChatUserView> {
  return userView(id, chat.users?.get(id) ?? (await ctx.loaders.users.summary.load(id)));
}

/**
 * Live subscriptions to one chat: only its two participants may open them (checked on subscribe),
 * and they listen on that chat's own topic, so a message costs nothing to anyone else connected.
 */
async function chatTopic<K extends "MESSAGE_ADDED" | "CHAT_UPDATED">(ctx: Context, topic: K, chatWith: unknown) {
  const me = requireUser(ctx);
  const chat = await ctx.services.chat.require(me.id, chatWith);
  const source = ctx.services.deps.pubsub.subscribe(topic as "MESSAGE_ADDED", chat.id) as AsyncIterable<AddressedTopics[K]>;
  return pipe(source, filter((e: AddressedTopics[K]) => e.participantIds.includes(me.id)));
}

@Resolver(() => ChatView)
export class ChatResolver {
  @Authorized()
  @Query(() => ChatView, {
    description: "The caller's chat with `chatWith` (the partner's user id). NOT_FOUND 'Chat not found' when there is none; DETAILS_NOT_FILLED until the profile is filled.",
  })
  async chat(@Arg("chatWith", () => ID) chatWith: string, @Ctx() ctx: Context): Promise<ChatView> {
    return ctx.services.chat.view(requireUser(ctx).id, chatWith);
  }

  @FieldResolver(() => ChatUserView, { description: "The viewer." })
  me(@Root() chat: ChatView, @Ctx() ctx: Context): Promise<ChatUserView> {
    return resolveUser(ctx, chat, chat.viewerId);
  }

  @FieldResolver(() => ChatUserView)
  partner(@Root() chat: ChatView, @Ctx() ctx: Context): Promise<ChatUserView> {
    return resolveUser(ctx, chat, chat.partnerId);
  }

  @FieldResolver(() => ChatMessagePage, {
    description: "Messages oldest first: the newest `last` without `before`, else the `last` ones before seq `before` (scrolling up).",
  })
  messages(
    @Root() chat: ChatView,
    @Ctx() ctx: Context,
    @Arg("before", () => Int, { nullable: true }) before?: number | null,
    @Arg("last", () => Int, { defaultValue: DEFAULT_PAGE_SIZE }) last?: number,
  ): Promise<ChatMessagePage> {
    return ctx.services.chat.messages.page(chat.id, { before, last });
  }

  @Authorized()
  @Mutation(() => ChatMessageView, {
    description: "Sends a plain-text message (1..2000 characters) to the partner. Rate-limited per sender. `clientId` is echoed back for the optimistic copy.",
  })
  sendMessage(
    @Arg("chatWith", () => ID) chatWith: string,
    @Arg("body", () => String) body: string,
    @Ctx() ctx: Context,
    @Arg("clientId", () => String, { nullable: true }) clientId?: string | null,
  ): Promise<ChatMessageView> {
    return ctx.services.chat.messages.send(requireUser(ctx).id, chatWith, body, clientId);
  }

  @Authorized()
  @Mutation(() => ChatView, {
    description: "Sets the meeting link both participants see: http(s) only, 'http://' is added to a link without it; an empty link clears it.",
  })
  setMeetingLink(@Arg("chatWith", () => ID) chatWith: string, @Arg("link", () => String) link: string, @Ctx() ctx: Context): Promise<ChatView> {
    return ctx.services.chat.setMeetingLink(requireUser(ctx).id, chatWith, link);
  }

  @Authorized()
  @Mutation(() => ChatView, { description: "Rates the partner 1..5 stars, once per chat." })
  rateChatPartner(@Arg("chatWith", () => ID) chatWith: string, @Arg("stars", () => Int) stars: number, @Ctx() ctx: Context): Promise<ChatView> {
    return ctx.services.chat.lifecycle.rate(requireUser(ctx).id, chatWith, stars);
  }

  @Authorized()
  @Mutation(() => FinishChatResult, {
    description:
      "Finishes the caller's side (after rating, at least 10 whole days after the start). When both have finished the chat completes: 1 coin each, completed skills, held coins to the teacher.",
  })
  finishChat(@Arg("chatWith", () => ID) chatWith: string, @Ctx() ctx: Context): Promise<FinishChatResult> {
    return ctx.services.chat.lifecycle.finish(requireUser(ctx).id, chatWith);
  }

  @Authorized()
  @Mutation(() => ChatView, {
    description:
      `Reports the partner: reason is ${REPORT_REASONS.join(" | ")} (with details). Suspends the chat for good, refunds held coins, blocks both ways.`,
  })
  reportChat(
    @Arg("chatWith", () => ID) chatWith: string,
    @Arg("reason", () => String) reason: string,
    @Ctx() ctx: Context,
    @Arg("details", () => String, { nullable: true }) details?: string | null,
  ): Promise<ChatView> {
    return ctx.services.chat.lifecycle.report(requireUser(ctx).id, chatWith, reason, details);
  }

  @Authorized()
  @Subscription(() => ChatMessageView, {
    subscribe: ({ args, context }) => chatTopic(context as Context, "MESSAGE_ADDED", (args as { chatWith: unknown }).chatWith),
    description: "Each new message of the caller's chat with `chatWith`, from either side. Only the two participants can subscribe.",
  })
  messageAdded(@Root() event: AddressedTopics["MESSAGE_ADDED"], @Arg("chatWith", () => ID) _chatWith: string): ChatMessageView {
    return fromMessageEvent(event.payload);
  }

  @Authorized()
  @Subscription(() => ChatView, {
    subscribe: ({ args, context }) => chatTopic(context as Context, "CHAT_UPDATED", (args as { chatWith: unknown }).chatWith),
    description: "The caller's chat with `chatWith` after its meeting link, rating, finish or report changed.",
  })
  chatUpdated(@Root() event: AddressedTopics["CHAT_UPDATED"], @Arg("chatWith", () => ID) _chatWith: string, @Ctx() ctx: Context): ChatView {
    return fromChatStateEvent(event.payload, requireUser(ctx).id, ctx.services.deps.clock.now());
  }
}

@Resolver(() => ChatListItemView)
export class ChatListResolver {
  @Authorized()
  @Query(() => [ChatListItemView], {
    description: "The caller's chats, latest message first. DETAILS_NOT_FILLED until the profile is filled.",
  })
  async chats(
    @Ctx() ctx: Context,
    @Arg("limit", () => Int, { defaultValue: MAX_CHATS_LISTED }) limit: number,
    @Arg("offset", () => Int, { defaultValue: 0 }) offset: number,
  ): Promise<ChatListItemView[]> {
    return ctx.services.chat.list(requireUser(ctx).id, { limit, offset });
  }

  @FieldResolver(() => ChatUserView)
  async partner(@Root() item: ChatListItemView, @Ctx() ctx: Context): Promise<ChatUserView> {
    return userView(item.partnerId, await ctx.loaders.users.summary.load(item.partnerId));
  }
}
