import { Field, ID, Int, ObjectType } from "type-graphql";
import { MAX_REPORT_DETAILS_CHARS, ReportReason } from "../../../../common/chat.js";
import { registerValueEnum } from "../../shared/graphql-enums.js";
import { Connection, SkillFields, UserSummaryFields } from "../../shared/graphql-types.js";
import type { UserSummary } from "../accounts/users.service.js";
import { ChatKind, ChatStatus } from "./chat.entity.js";

// The chat's closed value sets, for modules that show chats in their own types (moderation).
export { ChatKind, ChatStatus };
export { ReportResolution } from "./chat-report.entity.js";

registerValueEnum(ChatKind, "ChatKind", "How a chat was opened.", {
  SWAP: "An accepted swap request: each teaches the other one skill.",
  PAY: "A paid pay request: the learner's coins are held until the chat completes.",
  IMPLEMENT: "An implement post's owner accepted an applicant: `title` is the post's.",
});

registerValueEnum(ChatStatus, "ChatStatus", "Where a chat stands. Only IN_PROGRESS accepts messages, links, ratings and finishing.", {
  IN_PROGRESS: "Open: messages can be sent.",
  COMPLETED: "Both participants finished (after at least 10 days): rewards were given, held coins went to the teacher.",
  SUSPENDED: "A participant reported the chat: closed for good, held coins refunded, the two block each other.",
  CLOSED: "Ended because a participant's account was deleted or suspended; held coins refunded.",
});

registerValueEnum(
  ReportReason,
  "ReportReason",
  `Why a participant reports a chat. OTHER needs details (at most ${MAX_REPORT_DETAILS_CHARS} characters).`,
  {
    SWAPPED_BY_MISTAKE: "Swapped by mistake.",
    INAPPROPRIATE_BEHAVIOR: "Inappropriate behavior.",
    SPAM_OR_SCAM: "Spam or scam.",
    HARASSMENT: "Harassment.",
    OTHER: "Other: say what in details (required).",
  },
);

@ObjectType("ChatUser", { simpleResolvers: true, description: "A chat participant as the chat shows them." })
export class ChatUserView extends UserSummaryFields {
  /** Presence read when a live event was published (the `online` field answers it without a lookup). Not a field. */
  liveOnline?: boolean;
}

@ObjectType("PresenceSettings", { simpleResolvers: true, description: "The caller's own presence choice." })
export class PresenceSettingsView {
  @Field(() => Boolean, {
    description: "Whether the caller's chat partners see them online (true unless turned off with setOnlineStatusVisible).",
  })
  onlineStatusVisible: boolean;
}

@ObjectType("ChatSkill", { simpleResolvers: true, description: "A skill taught in a chat, with its category." })
export class ChatSkillView extends SkillFields {}

@ObjectType("ChatMessage", {
  simpleResolvers: true,
  description: "A chat message. `body` is plain text: render it as text, never as HTML.",
})
export class ChatMessageView {
  @Field(() => ID, { description: "The message's id." })
  id: string;

  @Field(() => ID, { description: "The chat's id (not the partner's: use chatWith for that)." })
  chatId: string;

  @Field(() => Int, { description: "1, 2, 3... within the chat: the order of its messages." })
  seq: number;

  @Field(() => ID, { description: "The sender's user id." })
  fromUserId: string;

  @Field(() => ID, { description: "The recipient's user id." })
  toUserId: string;

  @Field(() => String, { description: "1 to 2000 characters of plain text." })
  body: string;

  @Field(() => Date, { description: "When the server stored it." })
  createdAt: Date;

  @Field(() => ID, {
    nullable: true,
    description: "The clientId the sender passed to sendMessage (only on that reply and its live event): the optimistic copy's identity.",
  })
  clientId: string | null;
}

@ObjectType({
  simpleResolvers: true,
  description: "A page of a chat's messages, oldest first; pageInfo.hasPreviousPage when older ones lie before it.",
})
export class ChatMessageConnection extends Connection<ChatMessageView>("ChatMessage", ChatMessageView) {}

/** The chat as one participant (the viewer) sees it. */
@ObjectType("Chat", { simpleResolvers: true, description: "A one-to-one chat, seen by one of its two participants." })
export class ChatView {
  @Field(() => ID, { description: "The chat's id (the same for both participants)." })
  id: string;

  @Field(() => ChatKind, { description: "How the chat was opened." })
  kind: ChatKind;

  @Field(() => ChatStatus, { description: "Where the chat stands." })
  status: ChatStatus;

  @Field(() => Date, { description: "When the chat opened; the 10 days count from here." })
  startDate: Date;

  @Field(() => Date, { nullable: true, description: "When it completed, was reported or closed; null while in progress." })
  endedAt: Date | null;

  @Field(() => String, { nullable: true, description: "An http(s) URL both participants see." })
  meetingLink: string | null;

  @Field(() => Boolean, { description: "The viewer has rated the partner in this chat (finish then sends directly)." })
  ratingGiven: boolean;

  @Field(() => Boolean, { description: "The viewer has pressed Finish." })
  finishedByMe: boolean;

  @Field(() => Boolean, { description: "The partner has pressed Finish." })
  finishedByPartner: boolean;

  @Field(() => Int, { description: "Whole days since startDate, by the server's clock." })
  daysCompleted: number;

  @Field(() => Int, { description: "Whole days needed before finishing (10)." })
  daysRequired: number;

  @Field(() => Int, { description: "Coins held for a paid chat (0 otherwise)." })
  coins: number;

  @Field(() => String, { nullable: true, description: "An implement chat's project title." })
  title: string | null;

  @Field(() => ChatSkillView, { nullable: true, description: "What the viewer learns from the partner." })
  iLearn: ChatSkillView | null;

  @Field(() => ChatSkillView, { nullable: true, description: "What the viewer teaches the partner." })
  iTeach: ChatSkillView | null;

  // Not fields: the `me`, `partner` and `messages` field resolvers read these.
  viewerId: string;
  partnerId: string;
  /** Pre-resolved users (live events carry them), else the per-request loader is used. */
  users?: Map<string, UserSummary>;
}

@ObjectType("ChatListItem", { simpleResolvers: true, description: "One row of the chat list, newest activity first." })
export class ChatListItemView {
  @Field(() => ID, { description: "The chat's id." })
  id: string;

  @Field(() => ChatStatus, { description: "Where the chat stands." })
  status: ChatStatus;

  @Field(() => Date, { description: "The latest message's time (the opening time before any message)." })
  lastMessageAt: Date;

  @Field(() => String, { nullable: true, description: "The start of the latest message." })
  lastMessagePreview: string | null;

  @Field(() => Boolean, { description: "The viewer sent the latest message (false before any message)." })
  lastMessageFromMe: boolean;

  @Field(() => Int, {
    description:
      "Messages from the partner the viewer has not read yet (after their read marker). markChatRead sets it to 0; sending a message marks everything before it read.",
  })
  unreadCount: number;

  partnerId: string;

  /**
   * Set by the resolvers that answer list items (`chats`, `markChatRead`), every page's partners
   * read in one statement: a plain field, not a resolver called once per row.
   */
  @Field(() => ChatUserView, { description: "The other participant ('Former student' once their account is gone)." })
  partner?: ChatUserView;
}

@ObjectType("FinishChatResult", {
  simpleResolvers: true,
  description: "What finishChat did: the chat after it, and whether it is now completed.",
})
export class FinishChatResult {
  @Field(() => Boolean, { description: 'Both have finished: the chat is completed (REST: ended "true").' })
  ended: boolean;

  @Field(() => Boolean, { description: "The viewer has finished and the partner has not yet." })
  waitingForPartner: boolean;

  @Field(() => ChatView, { description: "The chat after finishing." })
  chat: ChatView;
}

@ObjectType({ simpleResolvers: true, description: "A page of the caller's chats, latest activity first." })
export class ChatListItemConnection extends Connection<ChatListItemView>("ChatListItem", ChatListItemView) {}

@ObjectType("ChatListChange", {
  simpleResolvers: true,
  description: "One live change of the caller's chat list (chatListChanged): either `item` (with `cursor`) or `partner` is set.",
})
export class ChatListChangeView {
  @Field(() => ChatListItemView, {
    nullable: true,
    description:
      "A chat of the caller's list as it is now: a message either way (it moves to the top), a new chat, the caller reading it on any device, or a new status. " +
      "The list is ordered by lastMessageAt, then id, newest first. Null for a presence change.",
  })
  item: ChatListItemView | null;

  @Field(() => String, {
    nullable: true,
    description: "`item`'s cursor in the caller's chat list (as ChatListItemEdge.cursor). Null with `partner`.",
  })
  cursor: string | null;

  @Field(() => ChatUserView, {
    nullable: true,
    description:
      "A chat partner who came online or went offline (`online` says which), told only to partners they do not block and only while they show their status. Null with `item`.",
  })
  partner: ChatUserView | null;
}

@ObjectType("ChatTyping", { simpleResolvers: true, description: "The partner is typing in a chat (partnerTyping). Never stored." })
export class ChatTypingView {
  @Field(() => ID, { description: "The chat's id." })
  chatId: string;

  @Field(() => ID, { description: "Who is typing (the partner)." })
  userId: string;

  @Field(() => Date, {
    description: "When the server received the signal. Clients show the line until a few seconds of silence or the partner's message.",
  })
  at: Date;
}
