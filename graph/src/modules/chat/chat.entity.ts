import { Column, Entity, Index, PrimaryColumn } from "typeorm";

/** GraphQL enum names (UPPER_CASE) to the strings stored and sent over REST (chat.types.ts registers them). */
export const ChatKind = { SWAP: "swap", PAY: "pay", IMPLEMENT: "implement" } as const;
export type ChatKind = (typeof ChatKind)[keyof typeof ChatKind];
/** `closed`: ended because one participant left (account deleted) or was suspended by an operator. */
export const ChatStatus = { IN_PROGRESS: "in_progress", COMPLETED: "completed", SUSPENDED: "suspended", CLOSED: "closed" } as const;
export type ChatStatus = (typeof ChatStatus)[keyof typeof ChatStatus];

/**
 * One chat per pair of students, ever (the spec: swap or pay only while no chat
 * exists). The pair is stored ordered (low id, high id) under a unique index, so two
 * concurrent accepts can never open two chats.
 */
@Entity("chats")
@Index("uq_chats_pair", ["userLowId", "userHighId"], { unique: true })
@Index("idx_chats_high", ["userHighId"])
/** Ratings each side gave in a time range, with their subject and stars (the leaderboard's period views): index-only. */
@Index("idx_chats_requester_rated", ["requesterRatedAt", "receiverId", "requesterStars"])
@Index("idx_chats_receiver_rated", ["receiverRatedAt", "requesterId", "receiverStars"])
export class Chat {
  @PrimaryColumn("varchar", { length: 36 })
  id: string;

  @Column("varchar", { length: 36 })
  userLowId: string;

  @Column("varchar", { length: 36 })
  userHighId: string;

  @Column("varchar", { length: 12 })
  kind: ChatKind;

  /** Who asked (swap/pay requester, implement applicant). */
  @Column("varchar", { length: 36 })
  requesterId: string;

  @Column("varchar", { length: 36 })
  receiverId: string;

  /** What the requester learns from the receiver. */
  @Column("varchar", { length: 100, nullable: true })
  requesterLearnsSkill: string | null;

  @Column("varchar", { length: 60, nullable: true })
  requesterLearnsCategory: string | null;

  /** What the receiver learns from the requester (a swap); null for pay. */
  @Column("varchar", { length: 100, nullable: true })
  receiverLearnsSkill: string | null;

  @Column("varchar", { length: 60, nullable: true })
  receiverLearnsCategory: string | null;

  /** Coins held in escrow for a paid chat (released to the teacher on finish). */
  @Column("int", { default: 0 })
  coins: number;

  /** The ledger's business key for the held coins, when there are any. */
  @Column("varchar", { length: 80, nullable: true })
  escrowRef: string | null;

  /** For an implement chat: the post's title. */
  @Column("varchar", { length: 200, nullable: true })
  title: string | null;

  @Column("varchar", { length: 20 })
  status: ChatStatus;

  @Column("datetime", { precision: 3 })
  startDate: Date;

  @Column("varchar", { length: 500, nullable: true })
  meetingLink: string | null;

  @Column("datetime", { precision: 3, nullable: true })
  requesterFinishedAt: Date | null;

  @Column("datetime", { precision: 3, nullable: true })
  receiverFinishedAt: Date | null;

  @Column("boolean", { default: false })
  requesterRated: boolean;

  @Column("boolean", { default: false })
  receiverRated: boolean;

  /** The stars each participant gave the other (null before rating, and for chats rated before they were kept). Shown beside written reviews. */
  @Column("int", { nullable: true })
  requesterStars: number | null;

  @Column("int", { nullable: true })
  receiverStars: number | null;

  /** When each participant rated the other (null before rating, and for chats rated before it was kept). */
  @Column("datetime", { precision: 3, nullable: true })
  requesterRatedAt: Date | null;

  @Column("datetime", { precision: 3, nullable: true })
  receiverRatedAt: Date | null;

  @Column("datetime", { precision: 3, nullable: true })
  endedAt: Date | null;

  /** Orders the chat list by latest message. */
  @Column("datetime", { precision: 3 })
  lastActivityAt: Date;

  /** How many messages the chat has; the next message's `seq` is this plus one. */
  @Column("int", { default: 0 })
  messageCount: number;

  /** The latest message's start and sender, for the chat list (no query per chat). */
  @Column("varchar", { length: 160, nullable: true })
  lastMessagePreview: string | null;

  @Column("varchar", { length: 36, nullable: true })
  lastMessageSenderId: string | null;

  /**
   * Read markers: the seq of the latest message each participant has seen (opening the chat, or
   * sending, marks everything before read). Unread = messageCount - the viewer's marker, no count query.
   */
  @Column("int", { default: 0 })
  requesterReadSeq: number;

  @Column("int", { default: 0 })
  receiverReadSeq: number;

  /** When each participant last marked the chat read (null: never opened it). */
  @Column("datetime", { precision: 3, nullable: true })
  requesterReadAt: Date | null;

  @Column("datetime", { precision: 3, nullable: true })
  receiverReadAt: Date | null;
}

export function pairOf(a: string, b: string): { userLowId: string; userHighId: string } {
  return a < b ? { userLowId: a, userHighId: b } : { userLowId: b, userHighId: a };
}
