/**
 * The outbox worker's delivery of due rows (outbox.ts writes them and schedules the passes):
 * - claim: a short transaction sets a lease (`leaseOwner`, `leaseUntil`) on due rows with a
 *   conditional UPDATE (pending, due, no live lease), so of several instances one claims a row;
 *   no lock is held while delivering; the lease (OUTBOX_LEASE_SECONDS) is renewed every third of it
 *   while the batch runs (a heartbeat), so only a dead or stalled instance's rows are taken over;
 * - a row enqueued while this worker runs is born claimed (`bornClaim`: its own lease token, the
 *   attempt counted, as a claim leaves it) and, once its transaction committed, handed over
 *   (`adopt`) and delivered from memory (`deliverBorn`): no read finds it, no claim takes it. One
 *   that waited here past the first third of its lease is left to the poll instead (its lease runs
 *   out, then any instance claims it), so a stalled send never holds rows enqueued behind it;
 * - deliver through the row's channel (each send bounded by the channel: SMTP's timeouts for mail): `sent` marks it sent, `retry` moves `dueAt` on with an
 *   exponential backoff with jitter, `drop` (or retrying past the give-up time) marks it failed
 *   with the reason in `lastError`, logged at error level.
 * Delivery is at least once: an instance that dies after the channel delivered and before the row
 * is marked sent leaves it to be delivered again after its lease (channels pass the row id as an
 * idempotency key where the far side supports one, e.g. mail's Message-ID). A halt (shutdown past its
 * grace) stops waiting for the send in flight and gives it back with the rows not started.
 */
import { randomInt } from "node:crypto";
import { Brackets, In } from "typeorm";
import { HOUR } from "./clock.js";
import { newId } from "./ids.js";
import type { DeliveryOutcome, OutboxChannel, OutboxDeps } from "./outbox-types.js";
import { OutboxItem, OutboxStatus } from "./outbox.entity.js";

const BATCH = 20;

/** What a claim sets on a row: the lease's token and end, and the attempt counted. */
export type Claim = Pick<OutboxItem, "leaseOwner" | "leaseUntil" | "attempts">;

/** When to stop starting rows (the worker stopping) and to stop waiting for the one in flight (a halt). */
export interface Stop {
  stopped: () => boolean;
  halt: AbortSignal;
}

/** Claims due rows and delivers them through the channels registered on the outbox. */
export class OutboxDelivery {
  constructor(
    private readonly deps: OutboxDeps,
    private readonly channels: ReadonlyMap<string, OutboxChannel<unknown>>,
    /** Told of each delivery attempt's outcome (the outbox's `onAttempt` hook). */
    private readonly attempted: (channel: string, outcome: DeliveryOutcome["kind"]) => void,
  ) {}

  /** Rows born claimed here whose transaction committed, waiting for delivery (oldest first). */
  private readonly born: OutboxItem[] = [];

  /** The claim a row enqueued now is born with (the row is then `adopt`ed once its transaction commits). */
  bornClaim(): Claim {
    return { leaseOwner: newId(), leaseUntil: new Date(this.deps.clock.now().getTime() + this.leaseMs()), attempts: 1 };
  }

  /** A row born claimed whose transaction committed: delivered by the next `deliverBorn`. */
  adopt(row: OutboxItem): void {
    this.born.push(row);
  }

  get hasBorn(): boolean {
    return this.born.length > 0;
  }

  /**
   * Delivers up to BATCH rows born claimed here, oldest first; one that waited past the first third of
   * its lease is left to the poll (the batch's first lease renewal might come after its end).
   */
  async deliverBorn(stop: Stop): Promise<void> {
    const now = this.deps.clock.now().getTime();
    const fresh: OutboxItem[] = [];
    for (const row of this.born.splice(0, BATCH)) {
      if (row.leaseUntil!.getTime() - now >= (this.leaseMs() * 2) / 3) fresh.push(row);
      else
        this.deps.logger.warn(
          { outbox: row.id, channel: row.channel },
          "outbox row left to the poll: it waited here past a third of its lease",
        );
    }
    if (fresh.length) await this.deliverClaimed(fresh, stop);
  }

  /** Gives back the rows born claimed here and not delivered (a stopping worker): the next instance takes them at once. */
  async releaseBorn(): Promise<void> {
    const rows = this.born.splice(0);
    if (rows.length) await this.release(rows);
  }

  /**
   * Claims up to BATCH due rows and delivers them one by one; returns how many due rows it found (some
   * may have been claimed by another instance first), so a drain goes on while any row is due and free.
   */
  async deliverBatch(stop: Stop): Promise<number> {
    const claimed = await this.claim();
    if (claimed.rows.length) await this.deliverClaimed(claimed.rows, stop);
    return claimed.found;
  }

  /**
   * Delivers claimed rows one by one. Once `stopped` answers true, the rows not started yet are
   * released; once `halt` aborts, the row in flight is released too, without waiting for its send.
   */
  private async deliverClaimed(rows: OutboxItem[], stop: Stop): Promise<void> {
    const heartbeat = this.heartbeat(rows);
    // The first row not attempted (or attempted but given back): everything from it on is released.
    let next = 0;
    try {
      while (next < rows.length && !stop.stopped() && !stop.halt.aborted) {
        const row = rows[next++];
        if (!(await untilHalted(this.deliverOne(row), stop.halt, this.deps.logger))) next--;
      }
    } finally {
      clearInterval(heartbeat);
      // Rows not attempted (stopping, halted) go back at once instead of waiting for their lease to run
      // out; a row whose outcome could not be recorded (an error thrown here) keeps its lease until then.
      const rest = rows.slice(next);
      if (rest.length) await this.release(rest).catch((err) => this.deps.logger.error({ err }, "outbox release failed"));
    }
  }

  private leaseMs(): number {
    return this.deps.settings.leaseSeconds * 1000;
  }

  /** Renews the lease of the batch's rows still held, every third of the lease, until cleared. */
  private heartbeat(rows: OutboxItem[]): NodeJS.Timeout {
    const leaseMs = this.leaseMs();
    const tokens = [...new Set(rows.map((r) => r.leaseOwner!))];
    let renewing = false;
    const timer = setInterval(
      () => {
        if (renewing) return;
        renewing = true;
        this.renew(tokens, leaseMs)
          .catch((err) => this.deps.logger.warn({ err }, "outbox lease renewal failed"))
          .finally(() => (renewing = false));
      },
      Math.max(100, Math.floor(leaseMs / 3)),
    );
    timer.unref();
    return timer;
  }

  /** A claim's rows share its token; rows born claimed have one each. */
  private async renew(tokens: string[], leaseMs: number): Promise<void> {
    const leaseUntil = new Date(this.deps.clock.now().getTime() + leaseMs);
    await this.deps.tx((em) =>
      em.getRepository(OutboxItem).update({ leaseOwner: In(tokens), status: OutboxStatus.PENDING }, { leaseUntil }),
    );
  }

  private async claim(): Promise<{ rows: OutboxItem[]; found: number }> {
    const token = newId();
    const now = this.deps.clock.now();
    const leaseUntil = new Date(now.getTime() + this.deps.settings.leaseSeconds * 1000);
    // Candidates first, with a plain read outside any transaction: an idle poll takes no lock.
    const due = await this.deps.dataSource
      .getRepository(OutboxItem)
      .createQueryBuilder("o")
      .select("o.id", "id")
      .where("o.status = :pending AND o.dueAt <= :now", { pending: OutboxStatus.PENDING, now })
      .andWhere(new Brackets((b) => b.where("o.leaseUntil IS NULL").orWhere("o.leaseUntil < :now", { now })))
      .orderBy("o.dueAt", "ASC")
      .limit(BATCH)
      .getRawMany<{ id: string }>();
    if (due.length === 0) return { rows: [], found: 0 };
    const ids = due.map((d) => d.id).sort();
    const rows = await this.deps.tx(async (em) => {
      const repo = em.getRepository(OutboxItem);
      // The claim: only rows still pending with no live lease change (another instance's claim of the
      // same row, committed first, makes this one skip it; on MariaDB the UPDATE re-reads the locked row).
      await repo
        .createQueryBuilder()
        .update()
        .set({ leaseOwner: token, leaseUntil, attempts: () => "attempts + 1" })
        .where({ id: In(ids), status: OutboxStatus.PENDING })
        .andWhere(new Brackets((b) => b.where("leaseUntil IS NULL").orWhere("leaseUntil < :now", { now })))
        .execute();
      return repo.find({ where: { leaseOwner: token }, order: { dueAt: "ASC" } });
    });
    return { rows, found: due.length };
  }

  private async deliverOne(row: OutboxItem): Promise<void> {
    const channel = this.channels.get(row.channel);
    let outcome: DeliveryOutcome;
    if (!channel) {
      outcome = { kind: "retry", error: `no channel ${row.channel} is registered on this instance` };
    } else {
      try {
        outcome = await channel.deliver(JSON.parse(row.payload) as unknown, { id: row.id, attempts: row.attempts });
      } catch (err) {
        outcome = { kind: "retry", error: String((err as Error)?.message ?? err) };
      }
    }
    this.attempted(row.channel, outcome.kind);
    const now = this.deps.clock.now();
    const mine = { id: row.id, leaseOwner: row.leaseOwner! };
    const log = { outbox: row.id, channel: row.channel, key: row.dedupeKey, attempts: row.attempts };
    if (outcome.kind === "sent") {
      const done = await this.update(mine, {
        status: OutboxStatus.SENT,
        finishedAt: now,
        leaseOwner: null,
        leaseUntil: null,
        lastError: null,
      });
      if (!done) this.deps.logger.warn(log, "outbox row was delivered after its lease ran out (another instance may deliver it too)");
      return;
    }
    const giveUpAt = row.createdAt.getTime() + this.deps.settings.giveUpHours * HOUR;
    const retryAt = now.getTime() + (outcome.kind === "retry" ? (outcome.afterMs ?? this.backoff(row.attempts)) : 0);
    if (outcome.kind === "drop" || retryAt > giveUpAt) {
      const reason = outcome.kind === "drop" ? outcome.reason : `gave up after ${row.attempts} attempts: ${outcome.error}`;
      await this.update(mine, {
        status: OutboxStatus.FAILED,
        finishedAt: now,
        leaseOwner: null,
        leaseUntil: null,
        lastError: reason.slice(0, 1000),
      });
      this.deps.logger.error({ ...log, reason }, `outbox delivery failed for good (${row.channel})`);
      return;
    }
    await this.update(mine, { dueAt: new Date(retryAt), leaseOwner: null, leaseUntil: null, lastError: outcome.error.slice(0, 1000) });
    this.deps.logger.warn({ ...log, error: outcome.error, retryAt: new Date(retryAt) }, `outbox delivery will be retried (${row.channel})`);
  }

  /** Exponential backoff with jitter: base * 2^(attempts-1), capped, times a random 50-100%. */
  private backoff(attempts: number): number {
    const { retrySeconds, retryMaxSeconds } = this.deps.settings;
    const ceiling = Math.min(retryMaxSeconds, retrySeconds * 2 ** Math.min(30, Math.max(0, attempts - 1))) * 1000;
    return Math.round(ceiling / 2 + randomInt(0, Math.max(1, Math.floor(ceiling / 2))));
  }

  /** One conditional statement, atomic on its own: no transaction around it (two round trips fewer per row). */
  private async update(where: { id: string; leaseOwner: string }, set: Partial<OutboxItem>): Promise<boolean> {
    const result = await this.deps.dataSource.getRepository(OutboxItem).update(where, set);
    return result.affected === 1;
  }

  /** Gives claimed rows back untouched (the attempt is not counted): the next pass or instance takes them. */
  private async release(rows: OutboxItem[]): Promise<void> {
    await this.deps.tx((em) =>
      em
        .getRepository(OutboxItem)
        .createQueryBuilder()
        .update()
        .set({ leaseOwner: null, leaseUntil: null, attempts: () => "attempts - 1" })
        .where({ id: In(rows.map((r) => r.id)), leaseOwner: In([...new Set(rows.map((r) => r.leaseOwner!))]) })
        .execute(),
    );
  }
}

/**
 * Waits for a delivery unless `halt` aborts first: true when it finished, false when halted (the
 * delivery goes on unawaited; its late outcome matches no lease and is only logged).
 */
function untilHalted(delivery: Promise<void>, halt: AbortSignal, logger: OutboxDeps["logger"]): Promise<boolean> {
  if (halt.aborted) {
    delivery.catch((err) => logger.warn({ err }, "outbox delivery finished after a halt"));
    return Promise.resolve(false);
  }
  return new Promise<boolean>((resolve, reject) => {
    const onHalt = () => {
      delivery.catch((err) => logger.warn({ err }, "outbox delivery finished after a halt"));
      resolve(false);
    };
    halt.addEventListener("abort", onHalt, { once: true });
    delivery.then(
      () => {
        halt.removeEventListener("abort", onHalt);
        resolve(true);
      },
      (err: unknown) => {
        halt.removeEventListener("abort", onHalt);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
