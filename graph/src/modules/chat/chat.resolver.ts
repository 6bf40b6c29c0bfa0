import { Arg, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root, Subscription } from "type-graphql";
import { MAX_MESSAGE_CHARS, MAX_REPORT_DETAILS_CHARS, ReportReason } from "../../../../common/chat.js";
import { type Context, requireUser } from "../../kit/context.js";
import { AFTER_ARG, BEFORE_ARG, firstArg, lastArg, sizeRule } from "../../shared/graphql-types.js";
import { type AddressedTopics, startWith } from "../../shared/pubsub.js";
import { CHAT_LIST_PAGE_SIZE, DEFAULT_PAGE_SIZE, MAX_CATCH_UP_MESSAGES, MAX_MEETING_LINK_CHARS } from "./chat.rules.js";
import {
  ChatListItemConnection,
  ChatListItemView,
  ChatMessageConnection,
  ChatMessageView,
  ChatUserView,
  ChatView,
  FinishChatResult,
} from "./chat.types.js";
import { fromChatStateEvent, fromMessageEvent, messageEvent, userView } from "./chat-views.js";

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
  return ctx.services.deps.pubsub.events(topic, chat.id, (e) => e.participantIds.includes(me.id));
}

/**
 * messageAdded with `afterSeq`: the chat's messages after it (at most MAX_CATCH_UP_MESSAGES, oldest first),
 * then the live ones. It listens (on every instance: pubsub.listening) before it reads, so a message committed
 * meanwhile is in the read or arrives live (or both: the live copy of a message already sent is skipped).
 */
async function messagesAfter(ctx: Context, chatWith: unknown, afterSeq: number) {
  const me = requireUser(ctx);
  const chat = await ctx.services.chat.require(me.id, chatWith);
  const pubsub = ctx.services.deps.pubsub;
  const live = pubsub.events("MESSAGE_ADDED", chat.id, (e) => e.participantIds.includes(me.id));
  let stored: ChatMessageView[];
  try {
    // With Redis, listening means Redis acknowledged the subscription: a message published after it reaches `live`.
    await pubsub.listening("MESSAGE_ADDED", chat.id);
    stored = await ctx.services.chat.messages.after(chat.id, afterSeq, MAX_CATCH_UP_MESSAGES);
  } catch (err) {
    await live.return?.();
    throw err;
  }
  const participantIds: [string, string] = [chat.requesterId, chat.receiverId];
  const sent = new Set(stored.map((m) => m.seq));
  const missed = stored.map((m): AddressedTopics["MESSAGE_ADDED"] => ({ participantIds, payload: messageEvent(m) }));
  return startWith(missed, live, (e) => !sent.has(e.payload.seq));
}

@Resolver(() => ChatView)
export class ChatResolver {
  @Authorized()
  @Query(() => ChatView, {
    description:
      "The caller's chat with `chatWith` (the partner's user id). NOT_FOUND 'Chat not found' when there is none; DETAILS_NOT_FILLED until the profile is filled.",
  })
  async chat(
    @Arg("chatWith", () => ID, {
      description:
        "The partner's user id (a chat is named by who it is with). NOT_FOUND 'Chat not found' when the caller has no chat with them; DETAILS_NOT_FILLED until the caller's profile is filled.",
    })
    chatWith: string,
    @Ctx() ctx: Context,
  ): Promise<ChatView> {
    return ctx.services.chat.view(requireUser(ctx).id, chatWith);
  }

  @FieldResolver(() => ChatUserView, { description: "The viewer." })
  me(@Root() chat: ChatView, @Ctx() ctx: Context): Promise<ChatUserView> {
    return resolveUser(ctx, chat, chat.viewerId);
  }

  @FieldResolver(() => ChatUserView, { description: "The other participant ('Former student' once their account is gone)." })
  partner(@Root() chat: ChatView, @Ctx() ctx: Context): Promise<ChatUserView> {
    return resolveUser(ctx, chat, chat.partnerId);
  }

  @FieldResolver(() => ChatMessageConnection, {
    description:
      `Messages oldest first, read backwards by default: the newest \`last\` (default ${DEFAULT_PAGE_SIZE}) without \`before\`, ` +
      "else the `last` ones before the cursor `before` (scrolling up). `first`/`after` read forwards instead (messages after a cursor); " +
      "mixing the two directions is BAD_USER_INPUT.",
  })
  messages(
    @Root() chat: ChatView,
    @Ctx() ctx: Context,
    @Arg("last", () => Int, lastArg(`How many of the newest messages (before \`before\`) to return; default ${DEFAULT_PAGE_SIZE}.`))
    last: number | null,
    @Arg("before", () => String, BEFORE_ARG) before: string | null,
    @Arg("first", () => Int, {
      nullable: true,
      description: `How many messages after \`after\` to return (reading forwards): ${sizeRule()}.`,
    })
    first: number | null,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
  ): Promise<ChatMessageConnection> {
    return ctx.services.chat.messages.page(chat.id, { first, after, last, before });
  }

  @Authorized()
  @Mutation(() => ChatMessageView, {
    description:
      "Sends a plain-text message (1..2000 characters) to the partner. Rate-limited per sender. `clientId` is echoed back for the optimistic copy.",
  })
  sendMessage(
    @Arg("chatWith", () => ID, {
      description:
        "The partner's user id (a chat is named by who it is with). NOT_FOUND 'Chat not found' when the caller has no chat with them.",
    })
    chatWith: string,
    @Arg("body", () => String, {
      description: `Plain text, 1 to ${MAX_MESSAGE_CHARS} characters after trimming (BAD_USER_INPUT otherwise). CONFLICT when the chat is not in progress; RATE_LIMITED when sending too fast.`,
    })
    body: string,
    @Ctx() ctx: Context,
    @Arg("clientId", () => String, {
      nullable: true,
      description:
        "Any id the client chose for its optimistic copy; echoed on the reply and the live event (ChatMessage.clientId). String, not ID, so clients that declare `$clientId: String` keep working.",
    })
    clientId?: string | null,
  ): Promise<ChatMessageView> {
    return ctx.services.chat.messages.send(requireUser(ctx), chatWith, body, clientId);
  }

  @Authorized()
  @Mutation(() => ChatView, {
    description:
      "Sets the meeting link both participants see: http(s) only, 'http://' is added to a link without it; an empty link clears it.",
  })
  setMeetingLink(
    @Arg("chatWith", () => ID, {
      description:
        "The partner's user id (a chat is named by who it is with). NOT_FOUND 'Chat not found' when the caller has no chat with them.",
    })
    chatWith: string,
    @Arg("link", () => String, {
      description: `An http(s) link, at most ${MAX_MEETING_LINK_CHARS} characters; empty clears it. BAD_USER_INPUT for anything else.`,
    })
    link: string,
    @Ctx() ctx: Context,
  ): Promise<ChatView> {
    return ctx.services.chat.setMeetingLink(requireUser(ctx).id, chatWith, link);
  }

  @Authorized()
  @Mutation(() => ChatView, { description: "Rates the partner 1..5 stars, once per chat." })
  rateChatPartner(
    @Arg("chatWith", () => ID, {
      description:
        "The partner's user id (a chat is named by who it is with). NOT_FOUND 'Chat not found' when the caller has no chat with them.",
    })
    chatWith: string,
    @Arg("stars", () => Int, { description: "1 to 5 (BAD_USER_INPUT otherwise); CONFLICT when already rated in this chat." }) stars: number,
    @Ctx() ctx: Context,
  ): Promise<ChatView> {
    return ctx.services.chat.lifecycle.rate(requireUser(ctx).id, chatWith, stars);
  }

  @Authorized()
  @Mutation(() => FinishChatResult, {
    description:
      "Finishes the caller's side (after rating, at least 10 whole days after the start). When both have finished the chat completes: 1 coin each, completed skills, held coins to the teacher.",
  })
  finishChat(
    @Arg("chatWith", () => ID, {
      description:
        "The partner's user id (a chat is named by who it is with). NOT_FOUND 'Chat not found' when the caller has no chat with them.",
    })
    chatWith: string,
    @Ctx() ctx: Context,
  ): Promise<FinishChatResult> {
    return ctx.services.chat.lifecycle.finish(requireUser(ctx).id, chatWith);
  }

  @Authorized()
  @Mutation(() => ChatView, {
    description:
      "Reports the partner: suspends the chat for good, refunds held coins, blocks both ways. CONFLICT when the caller already reported it.",
  })
  reportChat(
    @Arg("chatWith", () => ID, {
      description:
        "The partner's user id (a chat is named by who it is with). NOT_FOUND 'Chat not found' when the caller has no chat with them.",
    })
    chatWith: string,
    @Arg("reason", () => ReportReason, { description: "Why: one of the listed reasons." }) reason: ReportReason,
    @Ctx() ctx: Context,
    @Arg("details", () => String, {
      nullable: true,
      description: `The reporter's own words, at most ${MAX_REPORT_DETAILS_CHARS} characters; required with OTHER (BAD_USER_INPUT).`,
    })
    details?: string | null,
  ): Promise<ChatView> {
    return ctx.services.chat.lifecycle.report(requireUser(ctx).id, chatWith, reason, details);
  }

  @Authorized()
  @Subscription(() => ChatMessageView, {
    subscribe: ({ args, context }) => {
      const { chatWith, afterSeq } = args as { chatWith: unknown; afterSeq?: number | null };
      return afterSeq == null
        ? chatTopic(context as Context, "MESSAGE_ADDED", chatWith)
        : messagesAfter(context as Context, chatWith, afterSeq);
    },
    description:
      "Each new message of the caller's chat with `chatWith`, from either side. Only the two participants can subscribe. " +
      "With `afterSeq`, first the messages after that seq (oldest first, at most one page), then the live ones, each once: " +
      "nothing sent between reading the chat and the subscription starting is missed.",
  })
  messageAdded(
    @Root() event: AddressedTopics["MESSAGE_ADDED"],
    @Arg("chatWith", () => ID, {
      description:
        "The partner's user id (a chat is named by who it is with). NOT_FOUND 'Chat not found' when the caller has no chat with them.",
    })
    _chatWith: string,
    @Arg("afterSeq", () => Int, {
      nullable: true,
      description:
        "The seq of the newest message the caller already has (0 for none). When given, the subscription starts with the messages " +
        `after it that are already stored, oldest first, at most ${MAX_CATCH_UP_MESSAGES} (one page: the first ones after \`afterSeq\`; ` +
        "a caller further behind reads the chat again), then sends the live ones, never a message twice. " +
        "Without it, only messages sent once the subscription is live.",
    })
    _afterSeq: number | null,
  ): ChatMessageView {
    return fromMessageEvent(event.payload);
  }

  @Authorized()
  @Subscription(() => ChatView, {
    subscribe: ({ args, context }) => chatTopic(context as Context, "CHAT_UPDATED", (args as { chatWith: unknown }).chatWith),
    description: "The caller's chat with `chatWith` after its meeting link, rating, finish or report changed.",
  })
  chatUpdated(
    @Root() event: AddressedTopics["CHAT_UPDATED"],
    @Arg("chatWith", () => ID, {
      description:
        "The partner's user id (a chat is named by who it is with). NOT_FOUND 'Chat not found' when the caller has no chat with them.",
    })
    _chatWith: string,
    @Ctx() ctx: Context,
  ): ChatView {
    return fromChatStateEvent(event.payload, requireUser(ctx).id, ctx.services.deps.clock.now());
  }
}

@Resolver(() => ChatListItemView)
export class ChatListResolver {
  @Authorized()
  @Query(() => ChatListItemConnection, {
    description:
      "The caller's chats, latest message first, keyset-paged on the latest activity (a chat that becomes active moves to the top, " +
      "never onto a later page twice). DETAILS_NOT_FILLED until the profile is filled.",
  })
  async chats(
    @Ctx() ctx: Context,
    @Arg("first", () => Int, firstArg(CHAT_LIST_PAGE_SIZE)) first: number,
    @Arg("after", () => String, AFTER_ARG) after: string | null,
  ): Promise<ChatListItemConnection> {
    const page = await ctx.services.chat.listPage(requireUser(ctx).id, { first, after });
    // Every chat list shows its partners: their summaries in one read beside the page.
    const partners = await ctx.services.users.summaries(page.edges.map((e) => e.node.partnerId));
    for (const { node } of page.edges) node.partner = userView(node.partnerId, partners.get(node.partnerId));
    return page;
  }
}
