import "../accounts/account-changes.js";
import { type EntityManager, In } from "typeorm";
import type { Deps } from "../../shared/deps.js";
import { badInput, conflict, notFound } from "../../shared/errors.js";
import { newId } from "../../shared/ids.js";
import { CoinAccount, CoinEntry, CoinTransfer, type HoldState, SYSTEM_ACCOUNTS } from "./ledger.entity.js";

/** What became of held coins; other modules (moderation) read it through holdStates. */
export type { HoldState };
import { CoinOrder } from "./purchase.entity.js";
import { assertCoinAmount, balanceOf, heldFor, NOT_ENOUGH_COINS, studentsMovedIn, transfer } from "./ledger.js";
import { CoinReward } from "./reward.entity.js";
import type { UsersService } from "../accounts/users.service.js";
import { HistoryService } from "./history.service.js";
import { type LeaderboardSources, LeaderboardService } from "./leaderboard.service.js";
import type { RateLimits } from "../../shared/rate-limit.js";
import type { PaymentGateway } from "../../shared/payments.js";
import { PurchasesService } from "./purchases.service.js";
import { RewardsService } from "./rewards.service.js";
import { WebhookService } from "./webhook.service.js";

export interface HoldInput {
  learnerId: string;
  teacherId: string;
  /** What the coins pay for (e.g. the accepted pay request id): the hold's business key. */
  refKey: string;
  coins: number;
}

export interface MoveResult {
  transferId: string;
  coins: number;
  /** false when this business key had already moved coins: nothing moved this time. */
  moved: boolean;
}

const KEY_PART = /^[A-Za-z0-9:_\-.]{1,140}$/;
function assertRefKey(refKey: string): string {
  if (typeof refKey !== "string" || !KEY_PART.test(refKey)) throw badInput("Invalid reference key");
  return refKey;
}

/**
 * The only code that moves skill coins (ARCHITECTURE principle 3). Every method runs in one
 * transaction: its own, or the caller's when `em` is passed (e.g. chat finishing a swap rewards
 * both users in the same transaction). Every method is idempotent on its business key.
 */
export class CoinsService {
  readonly rewards: RewardsService;
  readonly history: HistoryService;
  readonly purchases: PurchasesService;
  readonly webhook: WebhookService;
  readonly leaderboard: LeaderboardService;

  constructor(
    private readonly deps: Deps,
    private readonly users: UsersService,
    gateway: PaymentGateway,
    limits: RateLimits,
    /** What the leaderboard's category and period views read from the modules that own it. */
    leaderboardSources?: LeaderboardSources,
  ) {
    this.rewards = new RewardsService(deps);
    this.history = new HistoryService(deps, users);
    this.purchases = new PurchasesService(deps, gateway, this, limits);
    this.webhook = new WebhookService(deps, gateway, this.purchases);
    this.leaderboard = new LeaderboardService(deps, users, leaderboardSources);
    // Ratings, taught skills, deleted accounts and standing move the ranking (told by the modules below).
    deps.changes.on("rankingChanged", (em, userIds) => this.leaderboard.changed(em, userIds));
    deps.changes.on("standingChanged", (em, userId) => this.leaderboard.changed(em, [userId]));
    if (gateway.mode === "sandbox" && deps.config.env === "production") {
      deps.logger.warn("No Razorpay keys: coin purchases use the TEST MODE sandbox, so anyone can buy coins for free");
    }
  }

  /**
   * Every ledger write goes through here, in the caller's transaction (required: a write never
   * falls back to one of its own, which would commit even if the caller's rolled back); a committed
   * one may move the leaderboard.
   */
  private async run<T>(em: EntityManager, work: (em: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await work(em);
    } finally {
      // The students whose balance moved (none: nothing to tell), whether or not `work` finished.
      this.leaderboard.changed(em, studentsMovedIn(em));
    }
  }

  /** The user's spendable coins (held coins are not included), read through the pool. */
  balanceOf(userId: string): Promise<number> {
    return balanceOf(this.deps.dataSource.manager, userId);
  }

  /** Coins learners have paid the user that are held until their course finishes, read through the pool. */
  heldFor(userId: string): Promise<number> {
    return heldFor(this.deps.dataSource.manager, userId);
  }

  /** Credits bought coins once per gateway payment id (`purchase:<paymentId>`). */
  async creditPurchase(
    input: { userId: string; coins: number; paymentId: string; orderId: string },
    em: EntityManager,
  ): Promise<MoveResult> {
    const { transfer: t, created } = await this.run(em, (m) =>
      transfer(
        m,
        {
          key: `purchase:${assertRefKey(input.paymentId)}`,
          kind: "purchase",
          amount: input.coins,
          from: SYSTEM_ACCOUNTS.purchases,
          to: input.userId,
          fromCounterpart: input.userId,
          toCounterpart: SYSTEM_ACCOUNTS.purchases,
          memo: `Order ${input.orderId}`,
        },
        this.deps.clock.now(),
      ),
    );
    return { transferId: t.id, coins: t.amount, moved: created };
  }

  /**
   * Gives `coins` to a user for `reason` (shown by the dashboard popup, once). Idempotent per
   * (refKey, user): finishing the same swap twice rewards once.
   */
  async reward(userId: string, coins: number, reason: string, refKey: string, em: EntityManager): Promise<MoveResult> {
    assertCoinAmount(coins, 1000);
    const why = String(reason ?? "")
      .trim()
      .slice(0, 200);
    if (!why) throw badInput("A reward needs a reason");
    return this.run(em, async (m) => {
      const now = this.deps.clock.now();
      const {
        transfer: t,
        created,
        entries,
      } = await transfer(
        m,
        {
          key: `reward:${assertRefKey(refKey)}:${userId}`,
          kind: "reward",
          amount: coins,
          from: SYSTEM_ACCOUNTS.rewards,
          to: userId,
          fromCounterpart: userId,
          toCounterpart: SYSTEM_ACCOUNTS.rewards,
          memo: why,
        },
        now,
      );
      if (created) {
        const seq = entries.find((e) => e.accountId === userId)!.seq;
        await m
          .getRepository(CoinReward)
          .insert({ id: newId(), userId, seq, coins, reason: why, transferId: t.id, seen: false, createdAt: now });
      }
      return { transferId: t.id, coins, moved: created };
    });
  }

  /**
   * Moves a learner's payment for a lesson into escrow. Throws BAD_USER_INPUT
   * 'You do not have enough skill coins' (moving nothing) when the learner is short.
   */
  async hold(input: HoldInput, em: EntityManager): Promise<MoveResult> {
    const coins = assertCoinAmount(input.coins);
    if (!input.learnerId || !input.teacherId) throw badInput("A payment needs a learner and a teacher");
    if (input.learnerId === input.teacherId) throw badInput("You cannot pay yourself");
    // The learner is checked by the debit itself; the teacher is only credited on release.
    if (!(await this.users.existsIn(em, input.teacherId))) throw notFound("That teacher does not exist");
    const { transfer: t, created } = await this.run(em, (m) =>
      transfer(
        m,
        {
          key: `hold:${assertRefKey(input.refKey)}`,
          kind: "hold",
          amount: coins,
          from: input.learnerId,
          to: SYSTEM_ACCOUNTS.escrow,
          fromCounterpart: input.teacherId,
          toCounterpart: input.learnerId,
          beneficiaryId: input.teacherId,
          holdState: "held",
          shortMessage: NOT_ENOUGH_COINS,
        },
        this.deps.clock.now(),
      ),
    );
    return { transferId: t.id, coins: t.amount, moved: created };
  }

  /** The lesson finished: the held coins go to the teacher. */
  release(refKey: string, em: EntityManager): Promise<MoveResult> {
    return this.settle(refKey, "released", em);
  }

  /** The lesson was reported: the held coins go back to the learner. */
  refund(refKey: string, em: EntityManager): Promise<MoveResult> {
    return this.settle(refKey, "refunded", em);
  }

  /**
   * A deleted account's remaining spendable coins leave circulation: one `closure` transfer to the
   * closed-accounts sink, in the deletion's transaction (held coins were settled before). Returns
   * how many coins moved.
   */
  async closeAccount(userId: string, em: EntityManager): Promise<number> {
    return this.run(em, async (m) => {
      const coins = await balanceOf(m, userId);
      if (coins <= 0) return 0;
      await transfer(
        m,
        {
          key: `closure:${userId}`,
          kind: "closure",
          amount: coins,
          from: userId,
          to: SYSTEM_ACCOUNTS.closed,
          fromCounterpart: SYSTEM_ACCOUNTS.closed,
          toCounterpart: userId,
          memo: "Account deleted",
        },
        this.deps.clock.now(),
      );
      return coins;
    });
  }

  /** Everything the ledger holds about a student: their entries (oldest first) and their purchase orders. */
  async exportFor(userId: string): Promise<{ balance: number; entries: CoinEntry[]; orders: CoinOrder[] }> {
    const m = this.deps.dataSource.manager;
    const [balance, entries, orders] = await Promise.all([
      balanceOf(m, userId),
      m.getRepository(CoinEntry).find({ where: { accountId: userId }, order: { seq: "ASC" } }),
      m.getRepository(CoinOrder).find({ where: { userId }, order: { createdAt: "ASC" } }),
    ]);
    return { balance, entries, orders };
  }

  /** What happened to the coins held for each lesson (moderation shows it beside a report). */
  async holdStates(refKeys: readonly string[]): Promise<Map<string, { coins: number; state: HoldState }>> {
    const keys = [...new Set(refKeys)].map((r) => `hold:${assertRefKey(r)}`);
    if (keys.length === 0) return new Map();
    const holds = await this.deps.dataSource.getRepository(CoinTransfer).find({ where: { key: In(keys) } });
    return new Map(holds.map((h) => [h.key.slice("hold:".length), { coins: h.amount, state: h.holdState ?? "held" }]));
  }

  /** Coins students hold (spendable, the sum of their balances) and coins held in escrow, from the ledger. */
  async circulation(): Promise<{ inCirculation: number; inEscrow: number }> {
    const m = this.deps.dataSource.manager;
    const row = await m
      .getRepository(CoinAccount)
      .createQueryBuilder("a")
      .select("COALESCE(SUM(a.balance), 0)", "s")
      .where("a.kind = :kind", { kind: "user" })
      .getRawOne<{ s: number | string }>();
    return { inCirculation: Number(row?.s ?? 0), inEscrow: await balanceOf(m, SYSTEM_ACCOUNTS.escrow) };
  }

  /** The hold for refKey, if any (e.g. to show "coins held" on a chat), read through the pool. */
  findHold(refKey: string): Promise<CoinTransfer | null> {
    return this.deps.dataSource.getRepository(CoinTransfer).findOne({ where: { key: `hold:${assertRefKey(refKey)}` } });
  }

  private settle(refKey: string, outcome: "released" | "refunded", em: EntityManager): Promise<MoveResult> {
    const kind = outcome === "released" ? "release" : "refund";
    return this.run(em, async (m) => {
      const repo = m.getRepository(CoinTransfer);
      const hold = await repo.findOne({ where: { key: `hold:${assertRefKey(refKey)}` } });
      if (!hold || hold.kind !== "hold") throw notFound("No skill coins are held for this lesson");
      const done = await repo.findOne({ where: { key: `${kind}:${refKey}` } });
      if (done) return { transferId: done.id, coins: done.amount, moved: false };
      // Release and refund race for the same hold: exactly one flips it out of "held".
      const flipped = await m
        .createQueryBuilder()
        .update(CoinTransfer)
        .set({ holdState: outcome })
        .where("id = :id AND holdState = :held", { id: hold.id, held: "held" })
        .execute();
      if ((flipped.affected ?? 0) === 0) {
        const again = await repo.findOne({ where: { key: `${kind}:${refKey}` } });
        if (again) return { transferId: again.id, coins: again.amount, moved: false };
        throw conflict(
          outcome === "released" ? "These coins were already returned to the learner" : "These coins were already paid to the teacher",
        );
      }
      const learnerId = hold.fromAccountId;
      const teacherId = hold.beneficiaryId!;
      const to = outcome === "released" ? teacherId : learnerId;
      const { transfer: t } = await transfer(
        m,
        {
          key: `${kind}:${refKey}`,
          kind,
          amount: hold.amount,
          from: SYSTEM_ACCOUNTS.escrow,
          to,
          fromCounterpart: to,
          toCounterpart: outcome === "released" ? learnerId : teacherId,
        },
        this.deps.clock.now(),
      );
      return { transferId: t.id, coins: t.amount, moved: true };
    });
  }
}
