/**
 * The durable outbox: outgoing work (mails, push messages) is written as an `outbox_items` row in
 * the transaction of the change that causes it (`enqueue(em, ...)`), so it exists exactly when the
 * change committed, and a worker delivers it afterwards, at least once: it claims due rows under a
 * lease (renewed while it works, so a dead instance's rows are taken over within about a lease),
 * delivers each through its channel and marks it sent, retries it later or gives up on it
 * (outbox-delivery.ts). While the worker runs, a row is born claimed by it and, once its transaction
 * committed, delivered from memory at once (no statement finds or claims it); a timer polls the table
 * for the rest (retries, rows left by a stopped or crashed instance once their lease ran out); sent
 * rows are pruned after some days.
 */
import { type EntityManager, LessThan, MoreThanOrEqual } from "typeorm";
import { entityInsert } from "../db/sql.js";
import { afterCommit, isUniqueViolation } from "../db/transaction.js";
import { DAY, HOUR } from "./clock.js";
import { newId } from "./ids.js";
import { OutboxDelivery, type Stop } from "./outbox-delivery.js";
import { OutboxItem, OutboxStatus } from "./outbox.entity.js";
import type { DeliveryOutcome, OutboxChannel, OutboxDeps } from "./outbox-types.js";

export type { DeliveryOutcome, OutboxChannel, OutboxDeps, OutboxSettings } from "./outbox-types.js";

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

const PRUNE_EVERY_MS = HOUR;

export class Outbox {
  private readonly channels = new Map<string, OutboxChannel<unknown>>();
  /** This instance's worker id (in logs; each claim has its own lease token). */
  readonly id = newId();
  private pass: Promise<void> | null = null;
  private again = false;
  /** A pass is to read the table for due rows (the timer, start, an operator's retry), not only deliver rows born here. */
  private pollWanted = false;
  private started = false;
  private stopped = false;
  /** Aborted when a stop's grace ran out: the send in flight is no longer waited for. */
  private readonly halt = new AbortController();
  private readonly stopping: Stop = { stopped: () => this.stopped, halt: this.halt.signal };
  private timer: NodeJS.Timeout | null = null;
  private lastPrune = 0;
  /** Called after each delivery attempt (metrics hook point for other modules). */
  onAttempt?: (channel: string, outcome: DeliveryOutcome["kind"]) => void;

  private readonly delivery: OutboxDelivery;

  constructor(private readonly deps: OutboxDeps) {
    this.delivery = new OutboxDelivery(deps, this.channels, (channel, outcome) => this.onAttempt?.(channel, outcome));
  }

  register<P>(channel: OutboxChannel<P>): void {
    if (this.channels.has(channel.name)) throw new Error(`outbox channel ${channel.name} is registered twice`);
    this.channels.set(channel.name, channel as OutboxChannel<unknown>);
  }

  /**
   * Records `payload` for `channel` in the caller's transaction: it is delivered only if that
   * transaction commits, and then at once by this instance's worker when it runs (the row is born
   * claimed by it; should the instance die first, the lease runs out and any instance's poll takes
   * the row). With `key`, a row with the same channel and key already recorded (and not yet pruned)
   * makes this a no-op.
   */
  async enqueue(em: EntityManager, channel: string, payload: unknown, opts: { key?: string } = {}): Promise<void> {
    if (!this.channels.has(channel)) throw new Error(`unknown outbox channel ${channel}`);
    const now = this.deps.clock.now();
    // A stopped or never started worker claims nothing: the row waits, free, for whichever instance polls.
    const born = this.started && !this.stopped;
    const row: OutboxItem = {
      id: newId(),
      channel,
      dedupeKey: opts.key ?? null,
      payload: JSON.stringify(payload),
      status: OutboxStatus.PENDING,
      dueAt: now,
      ...(born ? this.delivery.bornClaim() : { attempts: 0, leaseOwner: null, leaseUntil: null }),
      createdAt: now,
      finishedAt: null,
      lastError: null,
    };
    try {
      // Written with most writes (every chat message's notice): a plain INSERT, no query builder made for it.
      await entityInsert(em, OutboxItem, row);
    } catch (e) {
      if (opts.key !== undefined && isUniqueViolation(e)) return; // already recorded
      throw e;
    }
    // A commit after a stop leaves its row leased until the lease runs out (the pool may be closing).
    if (born)
      afterCommit(em, () => {
        this.delivery.adopt(row);
        this.wake();
      });
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

  /** Asks the worker for a pass that reads the table for due rows. Passes never overlap on one instance. */
  nudge(): void {
    this.pollWanted = true;
    this.wake();
  }

  /** Starts a pass, or has the one running go round again. */
  private wake(): void {
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
        while (!this.stopped && this.delivery.hasBorn) await this.delivery.deliverBorn(this.stopping);
        if (this.pollWanted) {
          this.pollWanted = false;
          while (!this.stopped && (await this.deliverBatch()) > 0);
        }
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

  /**
   * Stops the worker (shutdown): it finishes the item it is delivering if that takes at most
   * `stopGraceSeconds`, else stops waiting for it (a stuck send); either way every claimed row not
   * delivered is released at once, for the next instance.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const pass = this.pass;
    if (pass) {
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([pass, new Promise<void>((r) => (grace = setTimeout(r, this.deps.settings.stopGraceSeconds * 1000)))]);
      clearTimeout(grace);
      this.halt.abort();
      await pass;
    }
    await this.delivery.releaseBorn().catch((err) => this.deps.logger.error({ err }, "outbox release failed"));
  }

  /** Claims and delivers one batch (outbox-delivery.ts); rows not delivered when this worker stops go back. */
  private deliverBatch(): Promise<number> {
    return this.delivery.deliverBatch(this.stopping);
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

  /** Rows waiting per channel and rows given up on (operators, metrics): one statement, no transaction (a scrape opens none). */
  async depth(): Promise<OutboxDepth> {
    return (async (em: EntityManager) => {
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
    })(this.deps.dataSource.manager);
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

  /**
   * Puts every failed row back in the queue, due now (operators, after fixing a cause that failed many,
   * e.g. a misconfigured mail server); with `since`, only rows that failed at or after it. Returns how many.
   */
  async retryAllFailed(opts: { since?: Date } = {}): Promise<number> {
    const now = this.deps.clock.now();
    const result = await this.deps.tx((em) =>
      em
        .getRepository(OutboxItem)
        .update(
          { status: OutboxStatus.FAILED, ...(opts.since ? { finishedAt: MoreThanOrEqual(opts.since) } : {}) },
          { status: OutboxStatus.PENDING, dueAt: now, createdAt: now, finishedAt: null },
        ),
    );
    const n = result.affected ?? 0;
    if (n > 0) this.nudge();
    return n;
  }
}
