import type { EntityManager } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import { badInput, conflict, forbidden, notFound } from "../../shared/errors.js";
import type { CoinsService } from "../coins/coins.service.js";
import type { ResponseStatsService } from "../profiles/response-stats.service.js";
import type { SwapCollaborators, SwapRequestsService } from "./swap-requests.service.js";
import { SwapRequest, type SwapStatus } from "./swap-request.entity.js";
import { SWAP_MESSAGES as M } from "./swap.rules.js";

export interface PaymentOutcome {
  request: SwapRequest;
  coins: number;
  /** 'Payment Successful!! {amount} has been detected from your account.' */
  message: string;
}

/**
 * Notifications describe the notifier's side (preachSkill: what the notifier teaches,
 * learnSkill: what the notifier learns); these read the request's two skills.
 */
const learnOf = (r: SwapRequest) => ({ skill: r.learnSkill, category: r.learnCategory });
const preachOf = (r: SwapRequest) => (r.preachSkill ? { skill: r.preachSkill, category: r.preachCategory ?? "Other" } : null);

/** The ledger key a paid request's coins are held under (released or refunded by chat). */
export const escrowRefOf = (requestId: string) => `pay:${requestId}`;

/**
 * Answers to requests: accept, reject, pay. Each runs in one transaction whose first write is a
 * conditional status update (`WHERE id = ? AND status = <expected>`): of two concurrent answers
 * exactly one changes the row, the other changes nothing and is told the request is no longer
 * pending. Notifications are removed and added in the same transaction.
 */
export class SwapDecisionsService {
  constructor(
    private readonly deps: Deps,
    private readonly requests: SwapRequestsService,
    private readonly c: SwapCollaborators & { coins: CoinsService; responseStats: ResponseStatsService },
  ) {}

  /** The receiver accepts: a swap opens the chat, a pay request waits for the learner's payment. */
  accept(me: string, requestId: string): Promise<SwapRequest> {
    return this.deps.tx(async (em) => {
      const r = await this.load(me, requestId, em);
      if (r.receiverId !== me) throw forbidden(M.onlyReceiver);
      if (r.status !== "pending") throw conflict(M.notPending);
      const name = await this.nameOf(me, em);
      if (r.kind === "pay") {
        await this.transition(em, r, "pending", { status: "awaiting_payment", decidedAt: this.deps.clock.now() });
        await this.c.responseStats.recordAnswer(em, r.receiverId, r.createdAt, r.decidedAt!);
        await this.c.notifications.removeByRef(r.id, em);
        await this.c.notifications.notify(
          {
            recipientId: r.requesterId,
            notifierId: me,
            type: "Accepted-Pay",
            message: `${name} accepted to teach you ${r.learnSkill} for ${r.coins} skill coins. Pay to start.`,
            preachSkill: learnOf(r),
            skillCoins: r.coins,
            refId: r.id,
          },
          em,
        );
        return r;
      }
      if (await this.c.blocks.isBlockedEitherIn(em, r.requesterId, r.receiverId)) throw conflict(M.blocked);
      await this.transition(em, r, "pending", { status: "accepted", openPair: null, decidedAt: this.deps.clock.now() });
      await this.c.responseStats.recordAnswer(em, r.receiverId, r.createdAt, r.decidedAt!);
      const chat = await this.c.chatOpen.open(
        {
          kind: "swap",
          requesterId: r.requesterId,
          receiverId: r.receiverId,
          requesterLearns: learnOf(r),
          receiverLearns: preachOf(r),
        },
        em,
      );
      await this.requests.repo(em).update({ id: r.id }, { chatId: chat.id });
      r.chatId = chat.id;
      await this.c.notifications.removeByRef(r.id, em);
      await this.c.notifications.notify(
        {
          recipientId: r.requesterId,
          notifierId: me,
          type: "swap-accept",
          message: `${name} accepted your swap request. Your chat is open.`,
          preachSkill: learnOf(r),
          learnSkill: preachOf(r),
          refId: chat.id,
        },
        em,
      );
      return r;
    });
  }

  /**
   * The receiver rejects a pending request, or the learner declines to pay an accepted one.
   * Either way the rejector blocks the other student for good (spec: "we will block the user
   * from your view") and the other gets swap-reject.
   */
  reject(me: string, requestId: string): Promise<SwapRequest> {
    return this.deps.tx(async (em) => {
      const r = await this.load(me, requestId, em);
      const byReceiver = r.receiverId === me && r.status === "pending";
      const byLearner = r.requesterId === me && r.kind === "pay" && r.status === "awaiting_payment";
      if (!byReceiver && !byLearner) {
        if (!this.requests.isOpen(r)) throw conflict(M.notPending);
        throw forbidden(r.status === "awaiting_payment" ? "Only the learner can decline an accepted pay request" : M.onlyReceiver);
      }
      const other = byReceiver ? r.requesterId : r.receiverId;
      await this.transition(em, r, r.status, { status: "rejected", openPair: null, rejectedById: me, decidedAt: this.deps.clock.now() });
      // The learner declining to pay is not an answer to a request they received.
      if (byReceiver) await this.c.responseStats.recordAnswer(em, r.receiverId, r.createdAt, r.decidedAt!);
      await this.c.blocks.block(me, other, "swap-rejected", em);
      await this.c.notifications.removeByRef(r.id, em);
      await this.c.notifications.notify(
        {
          recipientId: other,
          notifierId: me,
          type: "swap-reject",
          message: byReceiver ? M.swapRejected : M.paymentDeclined,
          // Seen from the notifier, like every notification: what they would have taught and learnt.
          preachSkill: byReceiver ? learnOf(r) : null,
          learnSkill: byReceiver ? preachOf(r) : learnOf(r),
          skillCoins: r.coins,
          refId: r.id,
        },
        em,
      );
      return r;
    });
  }

  /**
   * The teacher takes back their acceptance of a pay request the learner has not paid: it ends as
   * `withdrawn` (no coins had moved; nobody is blocked) and the learner, told so, may ask again.
   * The conditional update from `awaiting_payment` makes it exclusive with a concurrent payment.
   */
  withdrawAcceptance(me: string, requestId: string): Promise<SwapRequest> {
    return this.deps.tx(async (em) => {
      const r = await this.load(me, requestId, em);
      if (r.receiverId !== me) throw forbidden(M.onlyTeacherWithdraws);
      if (r.kind !== "pay") throw badInput(M.notAPayRequest);
      if (r.status !== "awaiting_payment") throw conflict(M.notAwaitingPayment);
      await this.transition(em, r, "awaiting_payment", { status: "withdrawn", openPair: null });
      await this.c.notifications.removeByRef(r.id, em);
      const name = await this.nameOf(me, em);
      await this.c.notifications.notify(
        {
          recipientId: r.requesterId,
          notifierId: me,
          type: "acceptance-withdrawn",
          message: `${name} withdrew their acceptance of your pay request to learn ${r.learnSkill} (${r.coins} skill coins). Nothing was paid; you can send a new request.`,
          preachSkill: learnOf(r),
          skillCoins: r.coins,
          refId: r.id,
        },
        em,
      );
      return r;
    });
  }

  /**
   * The learner pays an accepted pay request: the agreed coins move into escrow through the
   * coins ledger (all or nothing), the acceptance is recorded with no teaching skill and the
   * chat opens carrying the escrow key. `expectedCoins`, when given, must be the agreed price.
   */
  pay(me: string, requestId: string, expectedCoins?: number): Promise<PaymentOutcome> {
    return this.deps.tx(async (em) => {
      await this.lockWithoutWaiting(em, requestId);
      const r = await this.load(me, requestId, em);
      if (r.kind !== "pay") throw badInput(M.notAPayRequest);
      if (r.requesterId !== me) throw forbidden(M.onlyLearner);
      if (r.status === "pending") throw conflict("The teacher has not accepted this request yet");
      if (r.status !== "awaiting_payment") throw conflict(M.notPending);
      const coins = r.coins ?? 0;
      if (expectedCoins !== undefined && expectedCoins !== coins) throw badInput(M.amountMismatch);
      if (await this.c.blocks.isBlockedEitherIn(em, r.requesterId, r.receiverId)) throw conflict(M.blocked);
      const escrowRef = escrowRefOf(r.id);
      const now = this.deps.clock.now();
      await this.transition(em, r, "awaiting_payment", { status: "paid", openPair: null, escrowRef, paidAt: now });
      // Throws 'You do not have enough skill coins' when short: the transaction rolls back whole.
      await this.c.coins.hold({ learnerId: me, teacherId: r.receiverId, refKey: escrowRef, coins }, em);
      const chat = await this.c.chatOpen.open(
        {
          kind: "pay",
          requesterId: r.requesterId,
          receiverId: r.receiverId,
          requesterLearns: learnOf(r),
          receiverLearns: null,
          coins,
          escrowRef,
        },
        em,
      );
      await this.requests.repo(em).update({ id: r.id }, { chatId: chat.id });
      r.chatId = chat.id;
      await this.c.notifications.removeByRef(r.id, em);
      await this.c.notifications.notify(
        {
          recipientId: r.receiverId,
          notifierId: me,
          type: "swap-accept",
          message: `${await this.nameOf(me, em)} paid ${coins} skill coins to learn ${r.learnSkill}. Your chat is open.`,
          learnSkill: learnOf(r),
          skillCoins: coins,
          refId: chat.id,
        },
        em,
      );
      return { request: r, coins, message: M.paid(coins) };
    });
  }

  /**
   * MySQL/MariaDB: the request's row, locked without waiting (`FOR UPDATE NOWAIT`). A second tap of
   * "pay" while the first is still in its transaction (waiting for a coin row locked elsewhere, say)
   * is answered SERVICE_BUSY at once, instead of waiting DB_WAIT_SECONDS for the request row and then
   * again for the coin row. SQLite runs one transaction at a time: nothing to do.
   */
  private async lockWithoutWaiting(em: EntityManager, id: string): Promise<void> {
    if (em.connection.options.type !== "mysql" && em.connection.options.type !== "mariadb") return;
    await em
      .getRepository(SwapRequest)
      .createQueryBuilder("r")
      .select("r.id", "id")
      .where("r.id = :id", { id })
      .setLock("pessimistic_write")
      .setOnLocked("nowait")
      .getRawOne();
  }

  /** A request the caller is a party to; anyone else is told it does not exist. */
  private async load(me: string, id: string, em: EntityManager): Promise<SwapRequest> {
    const r = await this.requests.byId(id, em);
    if (!r || (r.requesterId !== me && r.receiverId !== me)) throw notFound(M.notFound);
    return r;
  }

  private async transition(em: EntityManager, r: SwapRequest, from: SwapStatus, to: Partial<SwapRequest>): Promise<void> {
    const res = await em
      .createQueryBuilder()
      .update(SwapRequest)
      .set(to)
      .where("id = :id AND status = :from", { id: r.id, from })
      .execute();
    if ((res.affected ?? 0) !== 1) throw conflict(M.notPending);
    Object.assign(r, to);
  }

  private async nameOf(id: string, em: EntityManager): Promise<string> {
    return (await this.c.users.summariesIn(em, [id])).get(id)?.name ?? "A student";
  }
}
