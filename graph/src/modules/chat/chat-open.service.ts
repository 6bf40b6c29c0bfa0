import type { DataSource, EntityManager } from "typeorm";
import { afterCommit, isUniqueViolation } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { badInput, conflict } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import { Chat, type ChatKind, pairOf } from "./chat.entity.js";

export interface OpenChatInput {
  kind: ChatKind;
  requesterId: string;
  receiverId: string;
  requesterLearns?: { skill: string; category: string } | null;
  receiverLearns?: { skill: string; category: string } | null;
  coins?: number;
  escrowRef?: string | null;
  title?: string | null;
}

/** Opening chats and asking whether a pair has one: what swaps and implements need from chat. */
export class ChatOpenService {
  /** `opened` hears of each new chat once its transaction committed (the chat lists' live update, ChatListEvents). */
  constructor(
    private readonly deps: Deps,
    private readonly opened: (chat: Chat) => void = () => {},
  ) {}

  /** Whether the pair has a chat, read by `reader`: the pool (`deps.dataSource`) or the caller's transaction. */
  async existsBetween(a: string, b: string, reader: DataSource | EntityManager): Promise<boolean> {
    return reader.getRepository(Chat).exists({ where: pairOf(a, b) });
  }

  /** The pair's chat, read by `reader`: the pool (`deps.dataSource`) or the caller's transaction. */
  async findBetween(a: string, b: string, reader: DataSource | EntityManager): Promise<Chat | null> {
    return reader.getRepository(Chat).findOne({ where: pairOf(a, b) });
  }

  /**
   * Opens the one chat of a pair (in progress, started now). A second open for the
   * same pair, even a concurrent one, fails with CONFLICT and changes nothing. Inside the caller's
   * transaction `em` (e.g. the accepted swap's).
   */
  async open(input: OpenChatInput, em: EntityManager): Promise<Chat> {
    if (input.requesterId === input.receiverId) throw badInput("You cannot open a chat with yourself");
    const now = this.deps.clock.now();
    const repo = em.getRepository(Chat);
    const chat = repo.create({
      id: newId(),
      ...pairOf(input.requesterId, input.receiverId),
      kind: input.kind,
      requesterId: input.requesterId,
      receiverId: input.receiverId,
      requesterLearnsSkill: input.requesterLearns?.skill ?? null,
      requesterLearnsCategory: input.requesterLearns?.category ?? null,
      receiverLearnsSkill: input.receiverLearns?.skill ?? null,
      receiverLearnsCategory: input.receiverLearns?.category ?? null,
      coins: input.coins ?? 0,
      escrowRef: input.escrowRef ?? null,
      title: input.title ?? null,
      status: "in_progress",
      startDate: now,
      meetingLink: null,
      requesterFinishedAt: null,
      receiverFinishedAt: null,
      requesterRated: false,
      receiverRated: false,
      endedAt: null,
      lastActivityAt: now,
      messageCount: 0,
      lastMessagePreview: null,
      lastMessageSenderId: null,
    });
    if (await this.existsBetween(input.requesterId, input.receiverId, em)) throw conflict("You already have a chat with this user");
    try {
      await repo.insert(chat);
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict("You already have a chat with this user");
      throw e;
    }
    afterCommit(em, () => this.opened(chat));
    return chat;
  }
}
