/**
 * The durable outbox: outgoing work (mails, push messages) is written as an `outbox_items` row in
 * the transaction of the change that causes it (`enqueue(em, ...)`), so it exists exactly when the
 * change committed, and a worker delivers it afterwards:
 * - claim: a short transaction sets a lease (`leaseOwner`, `leaseUntil`) on due rows with a
 *   conditional UPDATE (pending, due, no live lease), so of several instances one claims a row;
 *   no lock is held while delivering;
 * - deliver through the row's channel: `sent` marks it sent, `retry` moves `dueAt` on with an
 *   exponential backoff with jitter, `drop` (or retrying past the give-up time) marks it failed
 *   with the reason in `lastError`, logged at error level;
 * - a commit that enqueued nudges the worker, and a timer polls for the rest (retries, rows left by
 *   a stopped or crashed instance once their lease ran out); sent rows are pruned after some days.
 * Delivery is at least once: an instance that dies after the channel delivered and before the row
 * is marked sent leaves it to be delivered again after its lease (channels pass the row id as an
 * idempotency key where the far side supports one, e.g. mail's Message-ID).
 */
import { randomInt } from "node:crypto";
import { Brackets, type DataSource, type EntityManager, In, LessThan } from "typeorm";
import type { Config } from "../config.js";
import { afterCommit, isUniqueViolation, type Tx } from "../db/transaction.js";
import { type Clock, DAY, HOUR } from "./clock.js";
import { newId } from "./ids.js";
import type { Logger } from "./logger.js";
import { OutboxItem, OutboxStatus } from "./outbox.entity.js";

export type DeliveryOutcome = { kind: "sent" } | { kind: "retry"; error: string; afterMs?: number } | { kind: "drop"; reason: string };

export interface OutboxChannel<P> {
  name: string;
  deliver(payload: P, item: { id: string; attempts: number }): Promise<DeliveryOutcome>;
}

export type OutboxSettings = Config["outbox"];

/** A row given up on, for operators. */
export interface OutboxFailure {
  id: string;
  channel: string;
  dedupeKey: string | null;
  attempts: number;
  createdAt: Date;
  failedAt: Date | null;
  lastError: string | null;
}

/** Rows waiting per channel (due now or later), and rows given up on. */
export interface OutboxDepth {
  pending: Record<string, number>;
  failed: number;
}

const BATCH = 20;
const PRUNE_EVERY_MS = HOUR;

export interface OutboxDeps {
  tx: Tx;
  dataSource: DataSource;
  clock: Clock;
  logger: Logger;
  settings: OutboxSettings;
}

export class Outbox {
  private readonly channels = new Map<string, OutboxChannel<unknown>>();
  /** This instance's worker id (in logs; each claim has its own lease token). */
  readonly id = newId();
  private pass: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;
  private lastPrune = 0;
  /** Called after each delivery attempt (metrics hook point for other modules). */
  onAttempt?: (channel: string, outcome: DeliveryOutcome["kind"]) => void;

  constructor(private readonly deps: OutboxDeps) {}

  register<P>(channel: OutboxChannel<P>): void {
    if (this.channels.has(channel.name)) throw new Error(`outbox channel ${channel.name} is registered twice`);
    this.channels.set(channel.name, channel as OutboxChannel<unknown>);
  }

  /**
   * Records `payload` for `channel` in the caller's transaction: it is delivered only if that
   * transaction commits (and then promptly: the commit nudges the worker). With `key`, a row with the
   * same channel and key already recorded (and not yet pruned) makes this a no-op.
   */
  async enqueue(em: EntityManager, channel: string, payload: unknown, opts: { key?: string } = {}): Promise<void> {
    if (!this.channels.has(channel)) throw new Error(`unknown outbox channel ${channel}`);
    const now = this.deps.clock.now();
    const row: OutboxItem = {
      id: newId(),
      channel,
      dedupeKey: opts.key ?? null,
      payload: JSON.stringify(payload),
      status: OutboxStatus.PENDING,
      attempts: 0,
      dueAt: now,
      leaseOwner: null,
      leaseUntil: null,
      createdAt: now,
      finishedAt: null,
      lastError: null,
    };
    try {
      await em.getRepository(OutboxItem).insert(row);
    } catch (e) {
      if (opts.key !== undefined && isUniqueViolation(e)) return; // already recorded
      throw e;
    }
    afterCommit(em, () => this.nudge());
  }

  /** Starts the worker: a pass now, then one every `pollSeconds` (0: only nudges and `drain`). */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.nudge();
    const ms = this.deps.settings.pollSeconds * 1000;
    if (ms > 0) {
      this.timer = setInterval(() => this.nudge(), ms);
      this.timer.unref();
    }
  }

  /** Asks the worker for a pass (after a commit that enqueued). Passes never overlap on one instance. */
  nudge(): void {
    if (this.stopped || !this.started) return;
    if (this.pass) {
      this.again = true;
      return;
    }
    this.pass = this.runPasses().finally(() => (this.pass = null));
  }

  private async runPasses(): Promise<void> {
    do {
      this.again = false;
      try {
        while (!this.stopped && (await this.deliverBatch()) > 0);
        await this.pruneIfDue();
      } catch (err) {
        this.deps.logger.error({ err }, "outbox pass failed");
      }
    } while (this.again && !this.stopped);
  }

  /**
   * Delivers every row due now (retries whose backoff has not passed stay), waiting for a pass in
   * progress first. Tests and tools call it; it works whether or not the worker was started.
   */
  async drain(): Promise<void> {
    while (!this.stopped) {
      if (this.pass) {
        await this.pass;
        continue;
      }
      if ((await this.deliverBatch()) === 0 && !this.pass) return;
    }
  }

  /** Stops the worker after the item it is delivering (shutdown); claimed rows not started are released. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.pass;
  }

  /** Claims up to BATCH due rows and delivers them one by one; returns how many were claimed. */
  private async deliverBatch(): Promise<number> {
    const claimed = await this.claim();
    let i = 0;
    try {
      for (; i < claimed.rows.length && !this.stopped; i++) await this.deliverOne(claimed.rows[i], claimed.token);
    } finally {
      // Rows not attempted (stopping, or an error recording an outcome) go back at once instead of
      // waiting for their lease to run out.
      const rest = claimed.rows.slice(i + (i < claimed.rows.length && !this.stopped ? 1 : 0));
      if (rest.length) await this.release(claimed.token, rest).catch((err) => this.deps.logger.error({ err }, "outbox release failed"));
    }
    return claimed.rows.length;
  }

  private async claim(): Promise<{ token: string; rows: OutboxItem[] }> {
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
    if (due.length === 0) return { token, rows: [] };
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
    return { token, rows };
  }

  private async deliverOne(row: OutboxItem, token: string): Promise<void> {
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
    this.onAttempt?.(row.channel, outcome.kind);
    const now = this.deps.clock.now();
    const mine = { id: row.id, leaseOwner: token };
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

  private async update(where: { id: string; leaseOwner: string }, set: Partial<OutboxItem>): Promise<boolean> {
    const result = await this.deps.tx((em) => em.getRepository(OutboxItem).update(where, set));
    return result.affected === 1;
  }

  /** Gives claimed rows back untouched (the attempt is not counted): the next pass or instance takes them. */
  private async release(token: string, rows: OutboxItem[]): Promise<void> {
    await this.deps.tx((em) =>
      em
        .getRepository(OutboxItem)
        .createQueryBuilder()
        .update()
        .set({ leaseOwner: null, leaseUntil: null, attempts: () => "attempts - 1" })
        .where({ id: In(rows.map((r) => r.id)), leaseOwner: token })
        .execute(),
    );
  }

  private async pruneIfDue(): Promise<void> {
    const now = this.deps.clock.now().getTime();
    if (now - this.lastPrune < PRUNE_EVERY_MS && this.lastPrune !== 0) return;
    this.lastPrune = now;
    await this.prune();
  }

  /** Deletes sent rows finished more than `keepDays` ago; returns how many. */
  async prune(): Promise<number> {
    const cutoff = new Date(this.deps.clock.now().getTime() - this.deps.settings.keepDays * DAY);
    const result = await this.deps.tx((em) =>
      em.getRepository(OutboxItem).delete({ status: OutboxStatus.SENT, finishedAt: LessThan(cutoff) }),
    );
    return result.affected ?? 0;
  }

  /** Rows waiting per channel and rows given up on (operators, metrics). */
  async depth(): Promise<OutboxDepth> {
    return this.deps.tx(async (em) => {
      const rows = await em
        .getRepository(OutboxItem)
        .createQueryBuilder("o")
        .select("o.channel", "channel")
        .addSelect("o.status", "status")
        .addSelect("COUNT(*)", "n")
        .where("o.status IN (:...statuses)", { statuses: [OutboxStatus.PENDING, OutboxStatus.FAILED] })
        .groupBy("o.channel")
        .addGroupBy("o.status")
        .getRawMany<{ channel: string; status: string; n: string | number }>();
      const depth: OutboxDepth = { pending: {}, failed: 0 };
      for (const r of rows) {
        if (r.status === OutboxStatus.FAILED) depth.failed += Number(r.n);
        else depth.pending[r.channel] = Number(r.n);
      }
      return depth;
    });
  }

  /** The most recent rows given up on, newest first, with their last error (operators). */
  async failures(limit = 50): Promise<OutboxFailure[]> {
    const rows = await this.deps.tx((em) =>
      em.getRepository(OutboxItem).find({ where: { status: OutboxStatus.FAILED }, order: { finishedAt: "DESC" }, take: limit }),
    );
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      dedupeKey: r.dedupeKey,
      attempts: r.attempts,
      createdAt: r.createdAt,
      failedAt: r.finishedAt,
      lastError: r.lastError,
    }));
  }

  /** Puts a failed row back in the queue, due now (operators, after fixing the cause). */
  async retryFailed(id: string): Promise<boolean> {
    const now = this.deps.clock.now();
    const result = await this.deps.tx((em) =>
      em
        .getRepository(OutboxItem)
        .update({ id, status: OutboxStatus.FAILED }, { status: OutboxStatus.PENDING, dueAt: now, createdAt: now, finishedAt: null }),
    );
    if (result.affected === 1) this.nudge();
    return result.affected === 1;
  }
}
