import type { DataSource } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { DAY, HOUR, MINUTE } from "../../shared/clock.js";
import { createLogger } from "../../shared/logger.js";
import { JobRunner, slotOf } from "./job-runner.js";

const logger = createLogger("silent");

/** The same database, but every repository `update` fails while `down()` answers true (renewals cannot reach it). */
function flaky(ds: DataSource, down: () => boolean): DataSource {
  const manager = new Proxy(ds.manager, {
    get: (m, p) =>
      p === "getRepository"
        ? (entity: Parameters<typeof m.getRepository>[0]) =>
            new Proxy(m.getRepository(entity), {
              get: (repo, q) =>
                q === "update" && down() ? () => Promise.reject(new Error("database unreachable")) : Reflect.get(repo, q, repo),
            })
        : Reflect.get(m, p, m),
  });
  return new Proxy(ds, { get: (d, p) => (p === "manager" ? manager : Reflect.get(d, p, d)) });
}

describe("slotOf", () => {
  it("finds the start of the period, offset included", () => {
    const job = { every: DAY, offset: 7 * HOUR };
    expect(slotOf(job, new Date("2026-01-05T09:00:00Z")).toISOString()).toBe("2026-01-05T07:00:00.000Z");
    expect(slotOf(job, new Date("2026-01-05T06:59:59Z")).toISOString()).toBe("2026-01-04T07:00:00.000Z");
  });
});

describe.each(dbTargets)("scheduled jobs on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Two instances on one database: each its own runner, the same job. */
  function instances(name: string, runs: string[], opts: { fail?: () => boolean } = {}) {
    const make = (who: string) => {
      const r = new JobRunner({ dataSource: t.dataSource, clock: t.clock, logger });
      r.register({
        name,
        every: DAY,
        offset: 7 * HOUR,
        run: async (now, slot) => {
          if (opts.fail?.()) throw new Error("mail server down");
          runs.push(`${who}@${slot.toISOString()}`);
        },
      });
      return r;
    };
    return { a: make("a"), b: make("b"), make };
  }

  it("runs a job exactly once per period across two instances", async () => {
    const runs: string[] = [];
    const { a, b } = instances(`daily-${target}-1`, runs);
    // Three days of hourly ticks on both instances, in both orders.
    for (let h = 0; h < 72; h++) {
      const now = t.clock.now();
      if (h % 2) await Promise.all([a.runDue(now), b.runDue(now)]);
      else await Promise.all([b.runDue(now), a.runDue(now)]);
      t.clock.advance(HOUR);
    }
    const slots = runs.map((r) => r.split("@")[1]);
    expect(new Set(slots).size).toBe(slots.length);
    // Started 09:00 on day 1: that day's 07:00 period, then the next three days' 07:00 periods (the last one at hour 70).
    expect(slots).toHaveLength(4);
    expect(slots.every((s) => s.endsWith("T07:00:00.000Z"))).toBe(true);
  });

  it("keeps its state in the database: a restarted instance does not repeat a done period", async () => {
    const runs: string[] = [];
    const name = `daily-${target}-2`;
    const { a, make } = instances(name, runs);
    expect(await a.runDue()).toEqual([name]);
    await a.stop();
    const restarted = make("restarted");
    expect(await restarted.runDue()).toEqual([]);
    t.clock.advance(DAY);
    expect(await restarted.runDue()).toEqual([name]);
    expect(runs.map((r) => r.split("@")[0])).toEqual(["a", "restarted"]);
    expect((await restarted.state(name))?.lastRunAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it("retries a failed period and lets another instance take over a lease whose instance died", async () => {
    const runs: string[] = [];
    let failing = true;
    const name = `daily-${target}-3`;
    const { a, b } = instances(name, runs, { fail: () => failing });
    expect(await a.runDue()).toEqual([]);
    expect((await a.state(name))?.lastError).toBe("mail server down");
    failing = false;
    // The failed run's lease spaces retries: not at once, by anyone ...
    expect(await b.runDue()).toEqual([]);
    t.clock.advance(6 * MINUTE);
    // ... but within the same period once it has passed.
    expect(await b.runDue()).toEqual([name]);
    expect(runs).toHaveLength(1);

    // An instance that took the lease and died: the period is done by another once the lease expires.
    t.clock.advance(DAY);
    const dead = new JobRunner({ dataSource: t.dataSource, clock: t.clock, logger });
    dead.register({ name, every: DAY, offset: 7 * HOUR, run: () => new Promise<void>(() => {}) });
    void dead.runDue();
    await eventually(async () => (await a.state(name))?.leaseOwner != null, "lease taken by the dying instance");
    expect(await a.runDue()).toEqual([]);
    t.clock.advance(11 * MINUTE);
    expect(await a.runDue()).toEqual([name]);
    expect(runs).toHaveLength(2);
  });

  it("a long run renews its lease so nobody takes it over; a run that lost its lease records nothing", async () => {
    const name = `daily-${target}-4`;
    const runs: string[] = [];
    let release: () => void = () => undefined;
    let aborted = false;
    const slow = new JobRunner({ dataSource: t.dataSource, clock: t.clock, logger });
    slow.register({
      name,
      every: DAY,
      offset: 7 * HOUR,
      run: (_now, slot, signal) =>
        new Promise<void>((resolve) => {
          release = resolve;
          signal.addEventListener("abort", () => (aborted = true));
        }).then(() => void runs.push(`slow@${slot.toISOString()}`)),
    });
    const other = new JobRunner({ dataSource: t.dataSource, clock: t.clock, logger });
    other.register({
      name,
      every: DAY,
      offset: 7 * HOUR,
      run: async (_now, slot) => void runs.push(`other@${slot.toISOString()}`),
    });
    const leased = () => eventually(async () => (await other.state(name))?.leaseOwner != null, "lease taken");

    // A run longer than its lease (JOBS_LEASE_SECONDS, 30 s): renewed (the timer does it every third of the lease) before it runs out.
    t.clock.advance(DAY);
    const first = slow.runDue();
    await leased();
    t.clock.advance(20_000);
    await slow.renewLeases();
    t.clock.advance(20_000); // past the first lease, within the renewed one
    expect(await other.runDue()).toEqual([]);
    release();
    expect(await first).toEqual([name]);
    expect(await other.runDue()).toEqual([]);
    expect(aborted).toBe(false);

    // A run whose instance stalls without renewing: taken over after its lease; it then records nothing.
    t.clock.advance(DAY);
    const stalled = slow.runDue();
    await leased();
    t.clock.advance(11 * MINUTE);
    expect(await other.runDue()).toEqual([name]);
    const state = await other.state(name);
    await slow.renewLeases(); // finds the lease gone: the run is told to stop
    expect(aborted).toBe(true);
    release();
    expect(await stalled).toEqual([]);
    expect(await other.state(name)).toEqual(state);
    // The period is done once: nobody runs it again.
    expect(await slow.runDue()).toEqual([]);
    expect(await other.runDue()).toEqual([]);
    expect(runs.filter((r) => r.startsWith("other@"))).toHaveLength(1);
  });

  it("a run that cannot renew its lease before it runs out is told to stop, records nothing, and is taken over", async () => {
    const name = `daily-${target}-5`;
    let down = false;
    let aborted = false;
    let release: () => void = () => undefined;
    const cut = new JobRunner({ dataSource: flaky(t.dataSource, () => down), clock: t.clock, logger });
    cut.register({
      name,
      every: DAY,
      offset: 7 * HOUR,
      run: (_now, _slot, signal) =>
        new Promise<void>((resolve) => {
          release = resolve;
          signal.addEventListener("abort", () => (aborted = true));
        }),
    });
    const other = new JobRunner({ dataSource: t.dataSource, clock: t.clock, logger });
    other.register({ name, every: DAY, offset: 7 * HOUR, run: async () => undefined });
    t.clock.advance(DAY);
    const running = cut.runDue();
    // Renewed once while the database answers (the run is under way on `cut` by then).
    t.clock.advance(1000);
    const renewedUntil = t.clock.now().getTime() + 30_000;
    await eventually(async () => {
      await cut.renewLeases();
      return (await other.state(name))?.leaseUntil?.getTime() === renewedUntil;
    }, "lease renewed");
    down = true;
    t.clock.advance(20_000);
    await cut.renewLeases(); // fails, but the lease (30 s) still holds: the run goes on
    expect(aborted).toBe(false);
    t.clock.advance(15_000);
    await cut.renewLeases(); // fails past the lease: another instance may hold the job now
    expect(aborted).toBe(true);
    down = false;
    release();
    expect(await running).toEqual([]);
    expect((await other.state(name))?.doneSlotAt).toBeNull();
    expect(await other.runDue()).toEqual([name]);
  });
});
