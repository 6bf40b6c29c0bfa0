import { LessThanOrEqual } from "typeorm";
import { DAY, MINUTE } from "../../shared/clock.js";
import type { Deps } from "../../shared/deps.js";
import type { UsersService } from "../accounts/users.service.js";
import type { JobRunner } from "../jobs/job-runner.js";
import type { NotificationsService } from "../notifications/notifications.service.js";
import type { ResponseStatsService } from "../profiles/response-stats.service.js";
import type { SwapRequestsService } from "./swap-requests.service.js";
import { SwapRequest } from "./swap-request.entity.js";

export const EXPIRY_JOB = "swap-request-expiry";
/** Requests read per batch, and batches per run: a run's work is bounded; the next period takes the rest. */
export const EXPIRY_BATCH = 100;
const MAX_BATCHES_PER_RUN = 50;

/**
 * Ends pending swap and pay requests nobody answered within `REQUEST_EXPIRY_DAYS`, and accepted pay
 * requests nobody paid within as many days of the acceptance (else the pair could never ask again,
 * and the teacher could not close it). The job runs
 * every 15 minutes, once across instances (job runner), and walks `idx_swap_requests_status_created`
 * oldest first in bounded batches. Each expiry is its own transaction whose first write is the
 * conditional `pending -> expired` update, as every answer's is: of an expiry and a concurrent
 * accept or reject (or a second runner) exactly one changes the row, and only that one notifies
 * and counts; an unpaid acceptance's is `awaiting_payment -> expired`, exclusive with a payment or a
 * withdrawal the same way. Neither holds coins (a pay request's coins move into escrow only when
 * the learner pays, which settles it as `paid`), so an expiry moves none.
 */
export class SwapExpiryService {
  constructor(
    private readonly deps: Deps,
    private readonly requests: SwapRequestsService,
    private readonly c: { notifications: NotificationsService; users: UsersService; responseStats: ResponseStatsService },
  ) {}

  schedule(jobs: JobRunner): void {
    jobs.register({ name: EXPIRY_JOB, every: 15 * MINUTE, run: async (now) => void (await this.expireDue(now)) });
  }

  /** When a request sent at `sentAt` expires. */
  expiresAt(sentAt: Date): Date {
    return new Date(sentAt.getTime() + this.deps.config.requestExpiryDays * DAY);
  }

  /** Expires every request due at `now` (at most MAX_BATCHES_PER_RUN batches); returns how many this call expired. */
  async expireDue(now: Date = this.deps.clock.now()): Promise<number> {
    const cutoff = new Date(now.getTime() - this.deps.config.requestExpiryDays * DAY);
    let expired = 0;
    // Unanswered requests count from when they were sent; unpaid acceptances from the acceptance.
    // Both walks use idx_swap_requests_status_created's status prefix; unpaid ones are few.
    const walks = [
      { status: "pending" as const, where: { status: "pending" as const, createdAt: LessThanOrEqual(cutoff) } },
      { status: "awaiting_payment" as const, where: { status: "awaiting_payment" as const, decidedAt: LessThanOrEqual(cutoff) } },
    ];
    for (const walk of walks) {
      for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
        const due = await this.requests
          .reader()
          .find({ select: { id: true }, where: walk.where, order: { createdAt: "ASC" }, take: EXPIRY_BATCH });
        for (const { id } of due) if (await this.expire(id, walk.status, now)) expired++;
        if (due.length < EXPIRY_BATCH) break;
      }
    }
    return expired;
  }

  /**
   * Expires one request if it is still `from` (pending, or accepted and unpaid); false when an
   * answer, a payment, a withdrawal (or another runner) got there first.
   */
  private async expire(id: string, from: "pending" | "awaiting_payment", now: Date): Promise<boolean> {
    return this.deps.tx(async (em) => {
      const r = await this.requests.byId(id, em);
      if (!r || r.status !== from) return false;
      const unpaid = from === "awaiting_payment";
      const res = await em
        .createQueryBuilder()
        .update(SwapRequest)
        // An unpaid acceptance keeps its decidedAt: the teacher did answer, then.
        .set(unpaid ? { status: "expired", openPair: null } : { status: "expired", openPair: null, decidedAt: now })
        .where("id = :id AND status = :from", { id, from })
        .execute();
      if ((res.affected ?? 0) !== 1) return false;
      // The teacher answered an unpaid one: it already counted as answered.
      if (!unpaid) await this.c.responseStats.recordExpired(em, r.receiverId);
      await this.c.notifications.removeByRef(r.id, em);
      const names = await this.c.users.summariesIn(em, [r.requesterId, r.receiverId]);
      const requester = names.get(r.requesterId)?.name ?? "A student";
      const receiver = names.get(r.receiverId)?.name ?? "A student";
      const days = this.deps.config.requestExpiryDays;
      const what = r.kind === "pay" ? `pay request (${r.coins} skill coins)` : "swap request";
      const learn = { skill: r.learnSkill, category: r.learnCategory };
      const preach = r.preachSkill ? { skill: r.preachSkill, category: r.preachCategory ?? "Other" } : null;
      await this.c.notifications.notify(
        {
          recipientId: r.requesterId,
          notifierId: r.receiverId,
          type: "request-expired",
          message: unpaid
            ? `Your ${what} to ${receiver} to learn ${r.learnSkill} expired: it was not paid within ${days} days of being accepted. Nothing was paid; you can send a new one.`
            : `Your ${what} to ${receiver} to learn ${r.learnSkill} expired after ${days} days without an answer. You can send a new one.`,
          // Seen from the notifier (the receiver): what they would have taught and learnt.
          preachSkill: learn,
          learnSkill: preach,
          skillCoins: r.coins,
          refId: r.id,
        },
        em,
      );
      await this.c.notifications.notify(
        {
          recipientId: r.receiverId,
          notifierId: r.requesterId,
          type: "request-expired",
          message: unpaid
            ? `The ${what} from ${requester} to learn ${r.learnSkill} that you accepted expired: it was not paid within ${days} days.`
            : `The ${what} from ${requester} to learn ${r.learnSkill} expired after ${days} days without an answer.`,
          preachSkill: preach,
          learnSkill: learn,
          skillCoins: r.coins,
          refId: r.id,
        },
        em,
      );
      return true;
    });
  }
}
