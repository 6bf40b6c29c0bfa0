import { type EntityManager, IsNull, LessThan, Or } from "typeorm";
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
  /** How long a run may hold the job before another instance may take it over. Default 10 min. */
  leaseMs?: number;
  /** Does the work; `slot` is the start of the period being run. Should be safe to repeat after a crash. */
  run(now: Date, slot: Date): Promise<void>;
}

const RETRY_AFTER_FAILURE_MS = 5 * MINUTE;

/** The start of the period `now` falls in. */
export function slotOf(job: Pick<JobDefinition, "every" | "offset">, now: Date): Date {
  const offset = job.offset ?? 0;
  return new Date(Math.floor((now.getTime() - offset) / job.every) * job.every + offset);
}

/**
 * Named jobs on a schedule, each run once per period across every instance sharing the database:
 * `runDue(now)` takes a due job's lease with one conditional UPDATE (only one instance's UPDATE
 * matches), runs it, and records the period as done. State lives in `job_runs`, so a restart
 * neither repeats a done period nor forgets one; a run whose instance died is taken over when its
 * lease expires. Production ticks on a timer (`start`); tests call `runDue` with a moved clock.
 */
export class JobRunner {
  private readonly jobs = new Map<string, JobDefinition>();
  /** This instance's lease owner id. */
  readonly id = newId();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<unknown> | null = null;
  private stopped = false;

  constructor(private readonly deps: Pick<Deps, "dataSource" | "clock" | "logger">) {}

  register(job: JobDefinition): void {
    if (this.jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
    if (!(job.every > 0)) throw new Error(`job ${job.name} needs a positive period`);
    this.jobs.set(job.name, job);
  }

  private repo(em?: EntityManager) {
    return (em ?? this.deps.dataSource.manager).getRepository(JobRun);
  }

  /** Runs every job whose current period has not run yet; returns the names of those this instance ran. */
  /**
   * Forgets which periods are done and every lease: for a clock moved back (browser tests' E2E hook
   * only), after which done periods would lie in the future and nothing would run again until then.
   */
  async forgetPeriods(): Promise<void> {
    await this.repo().createQueryBuilder().update().set({ doneSlotAt: null, leaseUntil: null, leaseOwner: null }).execute();
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
    const leaseUntil = new Date(now.getTime() + (job.leaseMs ?? 10 * MINUTE));
    // The one statement that decides who runs: the period is not done and nobody holds a live lease.
    const taken = await this.repo().update(
      { name: job.name, doneSlotAt: Or(IsNull(), LessThan(slot)), leaseUntil: Or(IsNull(), LessThan(now)) },
      { leaseOwner: this.id, leaseUntil },
    );
    if (taken.affected !== 1) return false;
    try {
      await job.run(now, slot);
    } catch (err) {
      this.deps.logger.error({ err, job: job.name }, `scheduled job failed: ${job.name}`);
      // Keeps the period undone; holding the lease a little longer spaces the retries.
      await this.repo().update(
        { name: job.name, leaseOwner: this.id },
        { leaseUntil: new Date(now.getTime() + RETRY_AFTER_FAILURE_MS), lastError: String((err as Error)?.message ?? err).slice(0, 500) },
      );
      return false;
    }
    await this.repo().update(
      { name: job.name, leaseOwner: this.id },
      { doneSlotAt: slot, leaseOwner: null, leaseUntil: null, lastRunAt: now, lastError: null },
    );
    this.deps.logger.info({ job: job.name, slot }, `scheduled job ran: ${job.name}`);
    return true;
  }

  private async ensureRow(name: string): Promise<void> {
    if (await this.repo().exists({ where: { name } })) return;
    try {
      await this.repo().insert({ name, doneSlotAt: null, leaseOwner: null, leaseUntil: null, lastRunAt: null, lastError: null });
    } catch (e) {
      if (!isUniqueViolation(e)) throw e; // another instance created it first
    }
  }

  /** The shared state of one job (for tests and the operators' view). */
  state(name: string): Promise<JobRun | null> {
    return this.repo().findOne({ where: { name } });
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
