import { Field, ID, Int, ObjectType } from "type-graphql";
import { Connection, SkillFields, UserSummaryFields } from "../../shared/graphql-types.js";
import type { UserSummary } from "../accounts/users.service.js";

@ObjectType("ChatUser", { description: "A chat participant as the chat shows them." })
export class ChatUserView extends UserSummaryFields {
  @Field(() => String, { nullable: true, description: "Male | Female; null until the profile is filled." })
  gender: string | null;
}

@ObjectType("ChatSkill", { description: "A skill taught in a chat, with its category." })
export class ChatSkillView extends SkillFields {}

@ObjectType("ChatMessage", { description: "A chat message. `body` is plain text: render it as text, never as HTML." })
export class ChatMessageView {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  chatId: string;

  @Field(() => Int, { description: "1, 2, 3... within the chat: the order of its messages." })
  seq: number;

  @Field(() => ID)
  fromUserId: string;

  @Field(() => ID)
  toUserId: string;

  @Field(() => String)
  body: string;

  @Field(() => Date)
  createdAt: Date;

  @Field(() => String, { nullable: true, description: "The clientId the sender passed to sendMessage (only on that reply and its live event)." })
  clientId: string | null;
}

@ObjectType({ description: "A page of a chat's messages, oldest first; pageInfo.hasPreviousPage when older ones lie before it." })
export class ChatMessageConnection extends Connection<ChatMessageView>("ChatMessage", ChatMessageView) {}

/** The chat as one participant (the viewer) sees it. */
@ObjectType("Chat", { description: "A one-to-one chat, seen by one of its two participants." })
export class ChatView {
  @Field(() => ID)
  id: string;

  @Field(() => String, { description: "swap | pay | implement" })
  kind: string;

  @Field(() => String, { description: "in_progress | completed | suspended (reported, for good) | closed (a participant's account was deleted or suspended)" })
  status: string;

  @Field(() => Date)
  startDate: Date;

  @Field(() => Date, { nullable: true })
  endedAt: Date | null;

  @Field(() => String, { nullable: true, description: "An http(s) URL both participants see." })
  meetingLink: string | null;

  @Field(() => Boolean, { description: "The viewer has rated the partner in this chat (finish then sends directly)." })
  ratingGiven: boolean;

  @Field(() => Boolean)
  finishedByMe: boolean;

  @Field(() => Boolean)
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

@ObjectType("ChatListItem", { description: "One row of the chat list, newest activity first." })
export class ChatListItemView {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  status: string;

  @Field(() => Date, { description: "The latest message's time (the opening time before any message)." })
  lastMessageAt: Date;

  @Field(() => String, { nullable: true, description: "The start of the latest message." })
  lastMessagePreview: string | null;

  @Field(() => Boolean)
  lastMessageFromMe: boolean;

  partnerId: string;
}

@ObjectType("FinishChatResult")
export class FinishChatResult {
  @Field(() => Boolean, { description: "Both have finished: the chat is completed (REST: ended \"true\")." })
  ended: boolean;

  @Field(() => Boolean, { description: "The viewer has finished and the partner has not yet." })
  waitingForPartner: boolean;

  @Field(() => ChatView)
  chat: ChatView;
}

@ObjectType({ description: "A page of the caller's chats, latest activity first." })
export class ChatListItemConnection extends Connection<ChatListItemView>("ChatListItem", ChatListItemView) {}
