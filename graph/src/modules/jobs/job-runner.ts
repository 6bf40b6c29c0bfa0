import { IsNull, LessThan, Or } from "typeorm";
import { isUniqueViolation } from "../../db/transaction.js";
import type { Deps } from "../../shared/deps.js";
import { MINUTE } from "../../shared/clock.js";
import { newId } from "../../shared/ids.js";
import { JobRun } from "./job-run.entity.js";

export interface JobDefinition {
  /** Unique; the key of its `job_runs` row. */
  name: string;
  /** The period: the job runs once in each `[offset + k*every, offset + (k+1)*every)` (UTC epoch ms). */
  every: number;
  /** Where periods start, e.g. 7 h for a daily job at 07:00 UTC. Default 0. */
  offset?: number;
  /**
   * Does the work; `slot` is the start of the period being run. Should be safe to repeat after a crash.
   * `signal` aborts when this run lost its lease (another instance took the job over): stop early then.
   */
  run(now: Date, slot: Date, signal: AbortSignal): Promise<void>;
}

const RETRY_AFTER_FAILURE_MS = 5 * MINUTE;
/** A run's lease when no JOBS_LEASE_SECONDS is configured (the setting's default). */
const DEFAULT_LEASE_MS = 30_000;

/** A run of this instance in progress: its lease token, renewed until the run ends or the lease is lost. */
interface ActiveRun {
  token: string;
  /** Until when the lease is known to be held (the last renewal that succeeded). */
  heldUntil: number;
  lost: boolean;
  abort: AbortController;
}

/** The start of the period `now` falls in. */
export function slotOf(job: Pick<JobDefinition, "every" | "offset">, now: Date): Date {
  const offset = job.offset ?? 0;
  return new Date(Math.floor((now.getTime() - offset) / job.every) * job.every + offset);
}

/**
 * Named jobs on a schedule, each run once per period across every instance sharing the database:
 * `runDue(now)` takes a due job's lease with one conditional UPDATE (only one instance's UPDATE
 * matches), runs it, and records the period as done. State lives in `job_runs`, so a restart
 * neither repeats a done period nor forgets one. A run's lease is short (JOBS_LEASE_SECONDS) and
 * renewed every third of it while the run lasts (a heartbeat), so a run whose instance died is taken
 * over within about a lease and a tick; a run that could not renew in time is aborted and records
 * nothing (another instance may hold the job by then). Production ticks on a timer (`start`); tests
 * call `runDue` with a moved clock.
 */
export class JobRunner {
  private readonly jobs = new Map<string, JobDefinition>();
  /** This instance's lease owner id. */
  readonly id = newId();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<unknown> | null = null;
  private stopped = false;
  private readonly active = new Map<string, ActiveRun>();

  /** Job runs by outcome and their durations (metrics configured only). */
  private readonly runs;
  private readonly durations;

  /** How long a run holds the job without renewing (JOBS_LEASE_SECONDS). */
  private readonly leaseMs: number;

  constructor(private readonly deps: Pick<Deps, "dataSource" | "clock" | "logger"> & Partial<Pick<Deps, "metrics" | "config">>) {
    this.leaseMs = deps.config ? deps.config.jobsLeaseSeconds * 1000 : DEFAULT_LEASE_MS;
    this.runs = deps.metrics?.counter("job_runs_total", "Scheduled job runs on this instance, by job and outcome (ok, failed, lost)", [
      "job",
      "outcome",
    ]);
    this.durations = deps.metrics?.histogram(
      "job_run_duration_seconds",
      "Scheduled job runs on this instance, by job",
      ["job"],
      [0.01, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    );
  }

  register(job: JobDefinition): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    if (!(job.every > 0)) throw new Error(`job ${job.name} needs a positive period`);
    this.jobs.set(job.name, job);
  }

  /** The job table through the pool: each lease write is one conditional statement of its own, in no transaction. */
  private pool() {
    return this.deps.dataSource.getRepository(JobRun);
  }

  /** Runs every job whose current period has not run yet; returns the names of those this instance ran. */
  /**
   * Forgets which periods are done and every lease: for a clock moved back (browser tests' E2E hook
   * only), after which done periods would lie in the future and nothing would run again until then.
   */
  async forgetPeriods(): Promise<void> {
    await this.pool().createQueryBuilder().update().set({ doneSlotAt: null, leaseUntil: null, leaseOwner: null }).execute();
  }

  async runDue(now: Date = this.deps.clock.now()): Promise<string[]> {
    const ran: string[] = [];
    for (const job of this.jobs.values()) {
      if (this.stopped) break;
      if (await this.runIfDue(job, now)) ran.push(job.name);
    }
    return ran;
  }

  private async runIfDue(job: JobDefinition, now: Date): Promise<boolean> {
    const slot = slotOf(job, now);
    await this.ensureRow(job.name);
    const leaseMs = this.leaseMs;
    const leaseUntil = new Date(now.getTime() + leaseMs);
    // Each run has its own lease token, so a run that lost its lease can never write as the new owner.
    const run: ActiveRun = { token: newId(), heldUntil: leaseUntil.getTime(), lost: false, abort: new AbortController() };
    // The one statement that decides who runs: the period is not done and nobody holds a live lease.
    const taken = await this.pool().update(
      { name: job.name, doneSlotAt: Or(IsNull(), LessThan(slot)), leaseUntil: Or(IsNull(), LessThan(now)) },
      { leaseOwner: run.token, leaseUntil },
    );
    if (taken.affected !== 1) return false;
    this.active.set(job.name, run);
    // Renewed every third of the lease (real time, reading the injected clock) while the run lasts.
    const renewal = setInterval(() => void this.renew(job.name, run), Math.max(100, Math.floor(leaseMs / 3)));
    renewal.unref();
    let failure: unknown = null;
    const started = performance.now();
    try {
      await job.run(now, slot, run.abort.signal);
    } catch (err) {
      failure = err ?? new Error("job failed");
    } finally {
      clearInterval(renewal);
      this.active.delete(job.name);
      this.durations?.observe({ job: job.name }, (performance.now() - started) / 1000);
      this.runs?.inc({ job: job.name, outcome: run.lost ? "lost" : failure ? "failed" : "ok" });
    }
    if (run.lost) {
      // Another instance holds the job now: this run records nothing (neither done nor failed).
      this.deps.logger.warn({ job: job.name, slot }, `scheduled job lost its lease while running: ${job.name}`);
      return false;
    }
    if (failure) {
      this.deps.logger.error({ err: failure, job: job.name }, `scheduled job failed: ${job.name}`);
      // Keeps the period undone; holding the lease a little longer spaces the retries.
      await this.pool().update(
        { name: job.name, leaseOwner: run.token },
        {
          leaseUntil: new Date(this.deps.clock.now().getTime() + RETRY_AFTER_FAILURE_MS),
          lastError: String((failure as Error)?.message ?? failure).slice(0, 500),
        },
      );
      return false;
    }
    const done = await this.pool().update(
      { name: job.name, leaseOwner: run.token },
      { doneSlotAt: slot, leaseOwner: null, leaseUntil: null, lastRunAt: now, lastError: null },
    );
    if (done.affected !== 1) {
      this.deps.logger.warn({ job: job.name, slot }, `scheduled job lost its lease before recording its run: ${job.name}`);
      return false;
    }
    this.deps.logger.info({ job: job.name, slot }, `scheduled job ran: ${job.name}`);
    return true;
  }

  /**
   * Extends the lease of every run of this instance in progress to `now + JOBS_LEASE_SECONDS` (the
   * timer calls it every third of the lease; tests call it with their clock). A run whose lease another
   * instance has taken over, or that could not renew before its lease ran out (the database did not
   * answer), is marked lost and its signal aborted: it will record nothing.
   */
  async renewLeases(now: Date = this.deps.clock.now()): Promise<void> {
    for (const [name, run] of this.active) await this.renew(name, run, now);
  }

  private async renew(name: string, run: ActiveRun, now: Date = this.deps.clock.now()): Promise<void> {
    if (run.lost) return;
    const leaseUntil = new Date(now.getTime() + this.leaseMs);
    try {
      const res = await this.pool().update({ name, leaseOwner: run.token }, { leaseUntil });
      if (res.affected === 1) {
        run.heldUntil = Math.max(run.heldUntil, leaseUntil.getTime());
        return;
      }
      this.deps.logger.warn({ job: name }, `scheduled job lease lost to another instance: ${name}`);
    } catch (err) {
      this.deps.logger.error({ err, job: name }, "job lease renewal failed");
      if (this.deps.clock.now().getTime() < run.heldUntil) return; // the lease still holds: the next renewal may succeed
      this.deps.logger.warn({ job: name }, `scheduled job lease ran out while it could not be renewed: ${name}`);
    }
    run.lost = true;
    run.abort.abort();
  }

  private async ensureRow(name: string): Promise<void> {
    if (await this.pool().exists({ where: { name } })) return;
    try {
      await this.pool().insert({ name, doneSlotAt: null, leaseOwner: null, leaseUntil: null, lastRunAt: null, lastError: null });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e; // another instance created it first
    }
  }

  /** The shared state of one job (for tests and the operators' view). */
  state(name: string): Promise<JobRun | null> {
    return this.pool().findOne({ where: { name } });
  }

  /** Ticks every `intervalMs` of real time, reading the injected clock at each tick. */
  start(intervalMs: number): void {
    if (this.timer || intervalMs <= 0) return;
    this.timer = setInterval(() => {
      if (this.ticking || this.stopped) return;
      this.ticking = this.runDue()
        .catch((err) => this.deps.logger.error({ err }, "job tick failed"))
        .finally(() => (this.ticking = null));
    }, intervalMs);
    this.timer.unref();
  }

  /** Stops ticking and waits for a run in progress (shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }
}
