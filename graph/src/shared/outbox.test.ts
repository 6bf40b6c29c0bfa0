/**
 * The durable outbox against a local SMTP stand-in, on SQLite and MariaDB: a mail exists exactly
 * when its transaction committed, a server refusing for a while loses and repeats nothing, a
 * permanent refusal or the give-up time leaves a failed row operators can read, and two instances
 * on one database never send one row twice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../test/harness.js";
import { captureStatements } from "../../test/profiles.js";
import { type SmtpStandIn, startSmtpStandIn } from "../../test/smtp-stand-in.js";
import { HOUR } from "./clock.js";
import type { DeliveryOutcome } from "./outbox.js";
import { OutboxItem } from "./outbox.entity.js";

const mailTo = (n: number) => ({ to: `student${n}@psgtech.ac.in`, subject: `Outbox test ${n}`, text: `Mail number ${n}` });

describe.each(dbTargets)("durable outbox on %s", (target) => {
  let smtp: SmtpStandIn;
  const apps: TestApp[] = [];
  const start = async (env: Record<string, string> = {}, share?: TestApp) => {
    const t = await startTestApp(target, {
      env: { SMTP_URL: smtp.url, OUTBOX_POLL_SECONDS: "0", OUTBOX_RETRY_SECONDS: "60", OUTBOX_RETRY_MAX_SECONDS: "600", ...env },
      shareDatabaseWith: share,
    });
    apps.push(t);
    return t;
  };
  const queue = (t: TestApp, n: number, key?: string) =>
    t.app.services.deps.tx((em) => t.app.services.deps.mail.queue(em, mailTo(n), { key }));
  const rows = (t: TestApp) => t.dataSource.getRepository(OutboxItem).find();

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterEach(async () => {
    // Later apps share the first one's database: close them first.
    for (const t of apps.splice(0).reverse()) await t.close();
    smtp.reset();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("records a row only when its transaction commits, sends it once, and dedupes by key", async () => {
    const t = await start();
    const deliveries: string[] = [];
    t.app.services.outbox.register<{ n: number }>({
      name: "test",
      deliver: async (p): Promise<DeliveryOutcome> => {
        deliveries.push(String(p.n));
        return { kind: "sent" };
      },
    });
    await expect(
      t.app.services.deps.tx(async (em) => {
        await t.app.services.outbox.enqueue(em, "test", { n: 1 });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await t.app.services.deps.tx((em) => t.app.services.outbox.enqueue(em, "test", { n: 2 }, { key: "k" }));
    await t.app.services.deps.tx((em) => t.app.services.outbox.enqueue(em, "test", { n: 3 }, { key: "k" }));
    await t.app.services.outbox.drain();
    await t.app.services.outbox.drain();
    expect(deliveries).toEqual(["2"]);
    expect((await rows(t)).map((r) => r.status)).toEqual(["sent"]);
  });

  /** A "test" channel whose deliveries wait until the test lets them go. */
  const heldChannel = (t: TestApp) => {
    const delivered: number[] = [];
    const waiting: Array<() => void> = [];
    let started = () => {};
    t.app.services.outbox.register<{ n: number }>({
      name: "test",
      deliver: async (p): Promise<DeliveryOutcome> => {
        started();
        await new Promise<void>((go) => waiting.push(go));
        delivered.push(p.n);
        return { kind: "sent" };
      },
    });
    return {
      delivered,
      /** Resolves once a delivery has started (and waits). */
      nextStart: () => new Promise<void>((r) => (started = r)),
      releaseAll: () => waiting.splice(0).forEach((go) => go()),
    };
  };
  const enqueue = (t: TestApp, n: number) => t.app.services.deps.tx((em) => t.app.services.outbox.enqueue(em, "test", { n }));

  it("delivers a row enqueued while the worker runs from memory once it commits: no read finds it, no claim takes it", async () => {
    const t = await start();
    t.app.services.outbox.register<{ n: number }>({ name: "test", deliver: async () => ({ kind: "sent" }) });
    await t.app.services.outbox.drain(); // the worker's first pass (a look for due rows, the prune) is over
    const statements = await captureStatements(t, async () => {
      await enqueue(t, 1);
      await t.app.services.outbox.drain();
    });
    const onOutbox = statements.map((s) => s.sql).filter((sql) => sql.includes("outbox_items"));
    // Its INSERT, the UPDATE marking it sent, then the drain's own look for due rows (none left).
    expect(onOutbox.map((sql) => sql.trim().split(/\s/)[0])).toEqual(["INSERT", "UPDATE", "SELECT"]);
    expect(await rows(t)).toMatchObject([{ status: "sent", attempts: 1, leaseOwner: null }]);
  });

  it("gives back at once, on stop, the rows enqueued here and not yet delivered; one that waited past a third of its lease goes to the poll", async () => {
    const t = await start();
    const channel = heldChannel(t);
    const started = channel.nextStart();
    await enqueue(t, 1);
    await started; // the worker is busy with row 1
    await enqueue(t, 2);
    // Row 2 waited behind row 1 for longer than a third of its lease: left for whichever instance polls
    // once its lease ran out, and delivered once.
    t.clock.advance(t.config.outbox.leaseSeconds * 1000 + 1);
    channel.releaseAll();
    const third = channel.nextStart();
    const draining = t.app.services.outbox.drain();
    await third;
    channel.releaseAll();
    await draining;
    expect(channel.delivered).toEqual([1, 2]);
    const byN = async () => (await rows(t)).sort((a, b) => a.payload.localeCompare(b.payload));
    expect((await byN()).map((r) => [r.status, r.attempts])).toEqual([
      ["sent", 1],
      ["sent", 2],
    ]);

    // Row 4 is waiting behind row 3 when the worker stops: it goes back, free for the next instance.
    const fourth = channel.nextStart();
    await enqueue(t, 3);
    await fourth;
    await enqueue(t, 4);
    const stopping = t.app.services.outbox.stop();
    channel.releaseAll();
    await stopping;
    expect(channel.delivered).toEqual([1, 2, 3]);
    const left = (await rows(t)).filter((r) => r.status === "pending");
    expect(left).toMatchObject([{ attempts: 0, leaseOwner: null, leaseUntil: null }]);
    expect(JSON.parse(left[0].payload)).toEqual({ n: 4 });
  });

  it("keeps retrying with backoff while the SMTP server refuses (4xx), then sends each mail exactly once", async () => {
    const t = await start();
    smtp.refuseWith(451);
    for (let n = 0; n < 12; n++) await queue(t, n);
    for (let round = 0; round < 4; round++) {
      await t.app.services.outbox.drain();
      t.clock.advance(10 * 60_000); // past the longest backoff (OUTBOX_RETRY_MAX_SECONDS)
    }
    expect(smtp.accepted).toHaveLength(0);
    const waiting = await rows(t);
    expect(waiting.every((r) => r.status === "pending" && r.attempts >= 3 && /451/.test(r.lastError ?? ""))).toBe(true);
    expect((await t.app.services.outbox.depth()).pending).toEqual({ mail: 12 });

    smtp.refuseWith(null);
    await t.app.services.outbox.drain();
    expect(smtp.accepted).toHaveLength(12);
    expect(new Set(smtp.accepted.map((m) => m.messageId)).size).toBe(12);
    expect(new Set(smtp.accepted.map((m) => m.to[0]))).toEqual(new Set(Array.from({ length: 12 }, (_, n) => mailTo(n).to)));
    expect((await rows(t)).every((r) => r.status === "sent" && r.finishedAt)).toBe(true);
    // Nothing is sent again later.
    t.clock.advance(HOUR);
    await t.app.services.outbox.drain();
    expect(smtp.accepted).toHaveLength(12);
    // Sent rows are pruned after OUTBOX_KEEP_DAYS (7).
    t.clock.advance(8 * 24 * HOUR);
    expect(await t.app.services.outbox.prune()).toBe(12);
  });

  it("fails a recipient the server rejects (5xx) at once, and gives up on 4xx after OUTBOX_GIVE_UP_HOURS; operators read why", async () => {
    const t = await start({ OUTBOX_GIVE_UP_HOURS: "1" });
    smtp.rejectRecipient(mailTo(1).to);
    await queue(t, 1);
    await t.app.services.outbox.drain();
    let failures = await t.app.services.outbox.failures();
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ channel: "mail", attempts: 1 });
    expect(failures[0].lastError).toMatch(/550/);

    smtp.refuseWith(421);
    await queue(t, 2);
    await t.app.services.outbox.drain();
    expect((await t.app.services.outbox.depth()).failed).toBe(1);
    for (let i = 0; i < 8; i++) {
      t.clock.advance(10 * 60_000);
      await t.app.services.outbox.drain();
    }
    failures = await t.app.services.outbox.failures();
    expect(failures).toHaveLength(2);
    expect(failures.some((f) => /gave up after \d+ attempts: .*421/.test(f.lastError ?? ""))).toBe(true);
    expect(smtp.accepted).toHaveLength(0);

    // An operator puts it back once the cause is fixed.
    smtp.refuseWith(null);
    const gaveUp = failures.find((f) => f.lastError?.includes("gave up"))!;
    expect(await t.app.services.outbox.retryFailed(gaveUp.id)).toBe(true);
    await t.app.services.outbox.drain();
    expect(smtp.accepted.map((m) => m.to[0])).toEqual([mailTo(2).to]);
  });

  // Two instances share a database only on MariaDB (SQLite is one process's embedded file).
  (target === "mysql" ? it : onlyOnMysql)("two instances on one database never send a row twice", async () => {
    const a = await start();
    const b = await start({}, a);
    smtp.refuseWith(451);
    for (let n = 0; n < 40; n++) await queue(n % 2 ? a : b, n);
    // Both workers take turns through refusals and retries at the same time.
    for (let round = 0; round < 3; round++) {
      await Promise.all([a.app.services.outbox.drain(), b.app.services.outbox.drain(), a.app.services.outbox.drain()]);
      a.clock.advance(10 * 60_000);
      b.clock.advance(10 * 60_000);
    }
    smtp.refuseWith(null);
    await Promise.all([a.app.services.outbox.drain(), b.app.services.outbox.drain(), b.app.services.outbox.drain()]);
    await Promise.all([a.app.services.outbox.drain(), b.app.services.outbox.drain()]);
    const unsent = (await rows(a)).filter((r) => r.status !== "sent");
    expect(
      unsent.map((r) => ({ status: r.status, attempts: r.attempts, dueAt: r.dueAt, leaseUntil: r.leaseUntil, lastError: r.lastError })),
    ).toEqual([]);
    expect(smtp.accepted).toHaveLength(40);
    expect([...smtp.counts().values()].every((c) => c === 1)).toBe(true);
  });
});

/** A case that needs MariaDB's concurrency is not declared for SQLite at all (CI refuses skipped tests). */
function onlyOnMysql(_name: string, _fn: () => Promise<void>, _timeout?: number): void {}
