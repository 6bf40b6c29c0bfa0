import type { EntityManager } from "typeorm";
import { MIN_DAYS_TO_FINISH } from "../../../../common/chat.js";
import { rawQuery } from "../../db/sql.js";
import { afterCommit, isUniqueViolation } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { badInput, conflict } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import type { UserSummary } from "../accounts/users.service.js";
import { Chat } from "./chat.entity.js";
import { ChatReport } from "./chat-report.entity.js";
import { CHAT_MESSAGES, cleanReportReason, cleanStars, FINISH_REWARD_COINS, tooEarlyMessage } from "./chat.rules.js";
import type { ChatCollaborators, ChatRows } from "./chat-parts.js";
import type { ChatView, FinishChatResult } from "./chat.types.js";
import { partnerOf, sideOf, toChatView, wholeDaysSince } from "./chat-views.js";

const KIND_LABEL: Record<Chat["kind"], string> = { swap: "skill swap", pay: "paid course", implement: "project" };

/**
 * The end of a chat: rating the partner, finishing (mutual, after 10 days, rewarded once) and
 * reporting (suspends for good, refunds held coins, blocks both ways). Every decision is a
 * conditional UPDATE on the chat row inside one transaction, so concurrent or repeated calls
 * change state, and move coins, at most once.
 */
export class ChatLifecycleService {
  constructor(
    private readonly deps: Deps,
    private readonly c: ChatCollaborators,
    private readonly chats: ChatRows,
  ) {}

  /** Rates the partner 1..5 stars, once per chat, while the chat is in progress. */
  async rate(me: string, otherId: unknown, rawStars: unknown): Promise<ChatView> {
    const stars = cleanStars(rawStars);
    const chat = await this.deps.tx(async (em) => {
      const chat = await this.chats.requireIn(em, me, otherId);
      if (chat.status !== "in_progress") throw this.chats.stateError(chat);
      const side = sideOf(chat, me);
      const col = side === "requester" ? "requesterRated" : "receiverRated";
      const res = await em
        .createQueryBuilder()
        .update(Chat)
        .set({
          [col]: true,
          [side === "requester" ? "requesterStars" : "receiverStars"]: stars,
          [side === "requester" ? "requesterRatedAt" : "receiverRatedAt"]: this.deps.clock.now(),
        })
        .where(`id = :id AND status = :status AND ${col} = 0`, { id: chat.id, status: "in_progress" })
        .execute();
      const fresh = await em.getRepository(Chat).findOneOrFail({ where: { id: chat.id } });
      if (!res.affected) throw fresh.status !== "in_progress" ? this.chats.stateError(fresh) : conflict(CHAT_MESSAGES.alreadyRated);
      await this.c.users.addRating(partnerOf(chat, me), stars, em);
      await this.c.profiles.reindex(em, partnerOf(chat, me));
      afterCommit(em, () => this.chats.publishState(fresh));
      return fresh;
    });
    return toChatView(chat, me, this.deps.clock.now());
  }

  /**
   * Ratings received per student, given in [from, to) (the leaderboard's period views): the stars'
   * sum and how many. One statement: over idx_chats_requester_rated and idx_chats_receiver_rated for
   * everyone, or (`ids`: only those students, a patch after a change naming them) over their chats
   * by uq_chats_pair and idx_chats_high.
   */
  async ratingsReceivedBetween(
    from: Date,
    to: Date,
    ids?: readonly string[],
  ): Promise<Array<{ userId: string; stars: number; count: number }>> {
    if (ids && ids.length === 0) return [];
    const rows = ids
      ? await rawQuery<{ userId: string; stars: number | string | null; n: number | string }>(
          this.deps.dataSource,
          `SELECT c.receiverId AS userId, c.requesterStars AS stars, 1 AS n FROM chats c
             WHERE (c.userLowId IN (:...ids) OR c.userHighId IN (:...ids)) AND c.receiverId IN (:...ids)
               AND c.requesterRatedAt >= :from AND c.requesterRatedAt < :to
           UNION ALL
           SELECT c.requesterId AS userId, c.receiverStars AS stars, 1 AS n FROM chats c
             WHERE (c.userLowId IN (:...ids) OR c.userHighId IN (:...ids)) AND c.requesterId IN (:...ids)
               AND c.receiverRatedAt >= :from AND c.receiverRatedAt < :to`,
          { from, to, ids },
        )
      : await rawQuery<{ userId: string; stars: number | string | null; n: number | string }>(
          this.deps.dataSource,
          `SELECT c.receiverId AS userId, SUM(c.requesterStars) AS stars, COUNT(c.requesterStars) AS n FROM chats c
             WHERE c.requesterRatedAt >= :from AND c.requesterRatedAt < :to GROUP BY c.receiverId
           UNION ALL
           SELECT c.requesterId AS userId, SUM(c.receiverStars) AS stars, COUNT(c.receiverStars) AS n FROM chats c
             WHERE c.receiverRatedAt >= :from AND c.receiverRatedAt < :to GROUP BY c.requesterId`,
          { from, to },
        );
    const byUser = new Map<string, { userId: string; stars: number; count: number }>();
    for (const r of rows) {
      const count = Number(r.n);
      if (!count) continue;
      const seen = byUser.get(r.userId) ?? { userId: r.userId, stars: 0, count: 0 };
      seen.stars += Number(r.stars ?? 0);
      seen.count += count;
      byUser.set(r.userId, seen);
    }
    return [...byUser.values()];
  }

  /**
   * The caller finishes (after rating, at least 10 whole days after the start). When both have,
   * the chat completes: each gets 1 coin, learners gain their skills, held coins go to the
   * teacher and both are notified, all in the same transaction. Finishing a completed chat
   * again answers `ended` and moves nothing.
   */
  async finish(me: string, otherId: unknown): Promise<FinishChatResult> {
    const { chat } = await this.deps.tx(async (em) => {
      const chat = await this.chats.requireIn(em, me, otherId);
      if (chat.status === "completed") return { chat };
      if (chat.status !== "in_progress") throw this.chats.stateError(chat);
      const now = this.deps.clock.now();
      const days = wholeDaysSince(chat.startDate, now);
      if (days < MIN_DAYS_TO_FINISH) throw badInput(tooEarlyMessage(days), { daysCompleted: days });
      const mine = sideOf(chat, me) === "requester";
      if (!(mine ? chat.requesterRated : chat.receiverRated)) throw badInput(CHAT_MESSAGES.rateFirst, { reason: "RATING_REQUIRED" });
      const col = mine ? "requesterFinishedAt" : "receiverFinishedAt";
      await em
        .createQueryBuilder()
        .update(Chat)
        .set({ [col]: now })
        .where(`id = :id AND status = :status AND ${col} IS NULL`, { id: chat.id, status: "in_progress" })
        .execute();
      // Whoever sets the last finish completes the chat; of two concurrent finishes only one
      // UPDATE can match, because the row lock makes the second one see the first's write.
      const completed = await em
        .createQueryBuilder()
        .update(Chat)
        .set({ status: "completed", endedAt: now })
        .where("id = :id AND status = :status AND requesterFinishedAt IS NOT NULL AND receiverFinishedAt IS NOT NULL", {
          id: chat.id,
          status: "in_progress",
        })
        .execute();
      const fresh = await em.getRepository(Chat).findOneOrFail({ where: { id: chat.id } });
      if (fresh.status === "suspended" || fresh.status === "closed") throw this.chats.stateError(fresh);
      if (completed.affected) {
        await this.complete(em, fresh);
        await this.chats.ended(em, fresh, me);
      }
      afterCommit(em, () => this.chats.publishState(fresh));
      return { chat: fresh };
    });
    const view = toChatView(chat, me, this.deps.clock.now());
    return { ended: chat.status === "completed", waitingForPartner: chat.status === "in_progress" && view.finishedByMe, chat: view };
  }

  /** Everything a completed chat gives, inside the completing transaction. */
  private async complete(em: EntityManager, chat: Chat): Promise<void> {
    const ledger = this.c.ledger;
    const users = await this.c.users.summariesIn(em, [chat.requesterId, chat.receiverId]);
    const name = (id: string) => users.get(id)?.name ?? "your partner";
    const what = KIND_LABEL[chat.kind];
    for (const [userId, partnerId] of [
      [chat.requesterId, chat.receiverId],
      [chat.receiverId, chat.requesterId],
    ]) {
      // The ledger key names chat and user: finishing again can never pay twice.
      await ledger.reward(userId, FINISH_REWARD_COINS, `You finished a ${what} with ${name(partnerId)}`, `chat:${chat.id}`, em);
    }
    // Whoever had something to learn in this chat gains it, with the partner as mentor. A pay
    // chat teaches only the payer; an implement chat (a shared project, no listed skill) none.
    const profiles = this.c.profiles;
    if (chat.requesterLearnsSkill) {
      await profiles.addCompletedSkill(em, {
        learnerId: chat.requesterId,
        mentorId: chat.receiverId,
        skill: chat.requesterLearnsSkill,
        category: chat.requesterLearnsCategory ?? "Other",
      });
    }
    if (chat.receiverLearnsSkill) {
      await profiles.addCompletedSkill(em, {
        learnerId: chat.receiverId,
        mentorId: chat.requesterId,
        skill: chat.receiverLearnsSkill,
        category: chat.receiverLearnsCategory ?? "Other",
      });
    }
    if (chat.escrowRef && chat.coins > 0) await ledger.release(chat.escrowRef, em);
    for (const [userId, partnerId] of [
      [chat.requesterId, chat.receiverId],
      [chat.receiverId, chat.requesterId],
    ]) {
      await this.c.notifications.notify(
        {
          recipientId: userId,
          notifierId: partnerId,
          type: "success-Finish",
          message: finishMessage(what, users.get(partnerId), chat, userId),
          refId: chat.id,
        },
        em,
      );
    }
  }

  /**
   * Reports the partner. A chat in progress is suspended for good: held coins go back to the
   * learner and nobody is rewarded. In any state the report is kept and both are blocked from
   * each other. Each participant reports a chat once.
   */
  async report(me: string, otherId: unknown, rawReason: unknown, rawDetails?: unknown): Promise<ChatView> {
    const { reason, details } = cleanReportReason(rawReason, rawDetails);
    const chat = await this.deps.tx(async (em) => {
      const chat = await this.chats.requireIn(em, me, otherId);
      const partnerId = partnerOf(chat, me);
      const now = this.deps.clock.now();
      const suspended = await em
        .createQueryBuilder()
        .update(Chat)
        .set({ status: "suspended", endedAt: now })
        .where("id = :id AND status = :status", { id: chat.id, status: "in_progress" })
        .execute();
      const fresh = await em.getRepository(Chat).findOneOrFail({ where: { id: chat.id } });
      let refundedCoins = 0;
      if (suspended.affected && fresh.escrowRef && fresh.coins > 0) {
        refundedCoins = (await this.c.ledger.refund(fresh.escrowRef, em)).coins;
      }
      if (suspended.affected) await this.chats.ended(em, fresh, me);
      try {
        await em.getRepository(ChatReport).insert({
          id: newId(),
          chatId: chat.id,
          reporterId: me,
          reportedId: partnerId,
          reason,
          details,
          chatStatus: suspended.affected ? "in_progress" : fresh.status,
          refundedCoins,
          createdAt: now,
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw conflict(CHAT_MESSAGES.alreadyReported);
        throw e;
      }
      await this.c.blocks.block(me, partnerId, "reported", em);
      await this.c.blocks.block(partnerId, me, "reported", em);
      afterCommit(em, () => this.chats.publishState(fresh));
      return fresh;
    });
    return toChatView(chat, me, this.deps.clock.now());
  }
}

function finishMessage(what: string, partner: UserSummary | undefined, chat: Chat, userId: string): string {
  const who = partner?.name ?? "your partner";
  const paid = chat.escrowRef && chat.coins > 0 && chat.receiverId === userId ? ` and the ${chat.coins} skill coins paid for it` : "";
  return `Your ${what} with ${who} is complete. You earned ${FINISH_REWARD_COINS} skill coin${paid}!`;
}
