import { MIN_DAYS_TO_FINISH } from "../../../../common/chat.js";
import type { UserSummary } from "../accounts/users.service.js";
import { DAY } from "../../shared/clock.js";
import type { Chat } from "./chat.entity.js";
import type { ChatStateEvent, MessageEvent } from "./chat-events.js";
import { formerStudent } from "../../shared/graphql-types.js";
import type { ChatListItemView, ChatMessageView, ChatUserView, ChatView } from "./chat.types.js";
import type { ChatMessage } from "./message.entity.js";

/** The fields of a chat a view needs (an entity or a live event's snapshot). */
type ChatState = Pick<
  Chat,
  | "id"
  | "kind"
  | "status"
  | "requesterId"
  | "receiverId"
  | "requesterLearnsSkill"
  | "requesterLearnsCategory"
  | "receiverLearnsSkill"
  | "receiverLearnsCategory"
  | "coins"
  | "title"
  | "startDate"
  | "endedAt"
  | "meetingLink"
  | "requesterFinishedAt"
  | "receiverFinishedAt"
  | "requesterRated"
  | "receiverRated"
>;

export type Side = "requester" | "receiver";

export function sideOf(chat: Pick<Chat, "requesterId" | "receiverId">, userId: string): Side | null {
  if (chat.requesterId === userId) return "requester";
  if (chat.receiverId === userId) return "receiver";
  return null;
}

export function partnerOf(chat: Pick<Chat, "requesterId" | "receiverId">, userId: string): string {
  return chat.requesterId === userId ? chat.receiverId : chat.requesterId;
}

/** Whole days from the start to now (never negative). */
export function wholeDaysSince(start: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - start.getTime()) / DAY));
}

const skill = (s: string | null, c: string | null) => (s ? { skill: s, category: c ?? "Other" } : null);

export function toChatView(chat: ChatState, viewerId: string, now: Date, users?: Map<string, UserSummary>): ChatView {
  const mine = sideOf(chat, viewerId) === "requester";
  return {
    id: chat.id,
    kind: chat.kind,
    status: chat.status,
    startDate: chat.startDate,
    endedAt: chat.endedAt,
    meetingLink: chat.meetingLink,
    ratingGiven: mine ? chat.requesterRated : chat.receiverRated,
    finishedByMe: (mine ? chat.requesterFinishedAt : chat.receiverFinishedAt) !== null,
    finishedByPartner: (mine ? chat.receiverFinishedAt : chat.requesterFinishedAt) !== null,
    daysCompleted: wholeDaysSince(chat.startDate, now),
    daysRequired: MIN_DAYS_TO_FINISH,
    coins: chat.coins,
    title: chat.title,
    iLearn: mine
      ? skill(chat.requesterLearnsSkill, chat.requesterLearnsCategory)
      : skill(chat.receiverLearnsSkill, chat.receiverLearnsCategory),
    iTeach: mine
      ? skill(chat.receiverLearnsSkill, chat.receiverLearnsCategory)
      : skill(chat.requesterLearnsSkill, chat.requesterLearnsCategory),
    viewerId,
    partnerId: partnerOf(chat, viewerId),
    users,
  };
}

/** What a chat list item is made of (`lastActivityAt` apart: a raw row's is read by the caller). */
export type ListItemSource = Pick<
  Chat,
  | "id"
  | "requesterId"
  | "receiverId"
  | "status"
  | "lastMessagePreview"
  | "lastMessageSenderId"
  | "messageCount"
  | "requesterReadSeq"
  | "receiverReadSeq"
>;

/** The chat's list item as `viewerId` sees it. */
export function toListItem(chat: ListItemSource & Pick<Chat, "lastActivityAt">, viewerId: string): ChatListItemView {
  return listItemOf(chat, viewerId, chat.lastActivityAt);
}

/** The same, the last activity given beside the chat (a raw row's, read by the caller). */
export function listItemOf(chat: ListItemSource, viewerId: string, lastMessageAt: Date): ChatListItemView {
  const marker = chat.requesterId === viewerId ? chat.requesterReadSeq : chat.receiverReadSeq;
  return {
    unreadCount: Math.max(0, Number(chat.messageCount) - Number(marker)),
    id: chat.id,
    status: chat.status,
    lastMessageAt,
    lastMessagePreview: chat.lastMessagePreview,
    lastMessageFromMe: chat.lastMessageSenderId === viewerId,
    partnerId: partnerOf(chat, viewerId),
  };
}

export function toMessageView(m: ChatMessage, clientId: string | null = null): ChatMessageView {
  return {
    id: m.id,
    chatId: m.chatId,
    seq: m.seq,
    fromUserId: m.senderId,
    toUserId: m.receiverId,
    body: m.body,
    createdAt: m.createdAt,
    clientId,
  };
}

export function messageEvent(v: ChatMessageView): MessageEvent {
  return { ...v, createdAt: v.createdAt.toISOString() };
}

export function fromMessageEvent(e: MessageEvent): ChatMessageView {
  return { ...e, createdAt: new Date(e.createdAt) };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function chatStateEvent(chat: ChatState, users: UserSummary[]): ChatStateEvent {
  return {
    id: chat.id,
    kind: chat.kind,
    status: chat.status,
    requesterId: chat.requesterId,
    receiverId: chat.receiverId,
    requesterLearnsSkill: chat.requesterLearnsSkill,
    requesterLearnsCategory: chat.requesterLearnsCategory,
    receiverLearnsSkill: chat.receiverLearnsSkill,
    receiverLearnsCategory: chat.receiverLearnsCategory,
    coins: chat.coins,
    title: chat.title,
    startDate: chat.startDate.toISOString(),
    endedAt: iso(chat.endedAt),
    meetingLink: chat.meetingLink,
    requesterFinishedAt: iso(chat.requesterFinishedAt),
    receiverFinishedAt: iso(chat.receiverFinishedAt),
    requesterRated: chat.requesterRated,
    receiverRated: chat.receiverRated,
    users,
  };
}

const date = (s: string | null) => (s ? new Date(s) : null);

export function fromChatStateEvent(e: ChatStateEvent, viewerId: string, now: Date): ChatView {
  const state: ChatState = {
    ...e,
    startDate: new Date(e.startDate),
    endedAt: date(e.endedAt),
    requesterFinishedAt: date(e.requesterFinishedAt),
    receiverFinishedAt: date(e.receiverFinishedAt),
  };
  return toChatView(state, viewerId, now, new Map(e.users.map((u) => [u.id, u])));
}

/** A participant as shown in a chat; someone whose account is gone still shows as a name. */
export function userView(id: string, s: UserSummary | null | undefined): ChatUserView {
  return s ? { id: s.id, name: s.name, image: s.image, gender: s.gender } : formerStudent(id);
}
