import type { UserSummary } from "../accounts/users.service.js";
import type { ChatKind, ChatStatus } from "./chat.entity.js";

/**
 * Realtime payloads of the chat topics (shared/pubsub.ts). JSON-safe (dates as ISO strings)
 * because they cross Redis between instances, and complete: a subscriber's resolver maps
 * them without a query.
 */
export interface MessageEvent {
  id: string;
  chatId: string;
  seq: number;
  fromUserId: string;
  toUserId: string;
  body: string;
  createdAt: string;
  /** The sender's own id for the optimistic copy, echoed so the sender can reconcile it. */
  clientId: string | null;
}

declare module "../../shared/pubsub.js" {
  interface AddressedTopics {
    /** id = the chat. A new message; its two participants subscribe (checked on subscribe). */
    MESSAGE_ADDED: { participantIds: [string, string]; payload: MessageEvent };
    /** id = the chat. Its link, rating, finish or report changed. */
    CHAT_UPDATED: { participantIds: [string, string]; payload: ChatStateEvent };
    /** id = the student. Their total of unread messages changed (a message arrived, or they read a chat). */
    UNREAD_CHANGED: { userId: string; count: number };
  }
}

/** A chat's state after a change (meeting link, rating, finish, report), seen from neither side. */
export interface ChatStateEvent {
  id: string;
  kind: ChatKind;
  status: ChatStatus;
  requesterId: string;
  receiverId: string;
  requesterLearnsSkill: string | null;
  requesterLearnsCategory: string | null;
  receiverLearnsSkill: string | null;
  receiverLearnsCategory: string | null;
  coins: number;
  title: string | null;
  startDate: string;
  endedAt: string | null;
  meetingLink: string | null;
  requesterFinishedAt: string | null;
  receiverFinishedAt: string | null;
  requesterRated: boolean;
  receiverRated: boolean;
  users: UserSummary[];
}

/** A chat's list columns after a change, JSON-safe: each recipient's list item is computed from it (chat-views.ts listItemOf). */
export interface ChatListRowEvent {
  id: string;
  requesterId: string;
  receiverId: string;
  status: ChatStatus;
  lastActivityAt: string;
  lastMessagePreview: string | null;
  lastMessageSenderId: string | null;
  messageCount: number;
  requesterReadSeq: number;
  receiverReadSeq: number;
}

/**
 * One change of a student's chat list: a chat (with both participants' summaries and which of them
 * showed online when it was published, so the subscriber's resolver runs no query), or a partner's
 * presence.
 */
export interface ChatListChangeEvent {
  item?: { chat: ChatListRowEvent; users: UserSummary[]; online: string[] };
  partner?: UserSummary & { online: boolean };
}

/** A "typing" signal: never stored, addressed to the partner only. */
export interface ChatTypingEvent {
  chatId: string;
  /** Who is typing. */
  userId: string;
  at: string;
}

declare module "../../shared/pubsub.js" {
  interface AddressedTopics {
    /** id = the student. A chat of their list changed (a message either way, a new chat, a read, its status) or a partner went online/offline. */
    CHAT_LIST_CHANGED: ChatListChangeEvent;
    /** id = the student who is told. Their partner in chat `chatId` is typing. */
    CHAT_TYPING: ChatTypingEvent;
  }
}
