/**
 * Mail keeps moving when the SMTP server misbehaves (issue 51, item 4), against the local SMTP
 * stand-in, on SQLite and MariaDB:
 * - a server that stalls after DATA costs one send its socket timeout, not the rest of the outbox;
 * - a refusal of the sender or the session (530 authentication required and 554 at MAIL FROM, relay
 *   denied at RCPT for every mail) is retried with backoff, a refusal naming the recipient (550 5.1.1)
 *   fails that mail, and the operator command puts every failed row back at once (`--all-failed`,
 *   `--since`);
 * - SIGTERM while a send is stuck exits 0 within the shutdown bound and leaves the rows claimable.
 * Waits are for conditions (a drain returning, a process exiting); the test timeouts are the bounds.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createConnection } from "mysql2/promise";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { OutboxItem } from "../../src/shared/outbox.entity.js";
import { eventually } from "../eventually.js";
import { createMysqlDatabase, dbTargets, startTestApp, type TestApp } from "../harness.js";
import { type SmtpStandIn, startSmtpStandIn } from "../smtp-stand-in.js";
import { sendContactMail, startServerProcess } from "./server-process.js";

const root = path.resolve(import.meta.dirname, "../../..");
const mailTo = (n: number) => ({ to: `student${n}@psgtech.ac.in`, subject: `Fault test ${n}`, text: `Mail number ${n}` });

describe.each(dbTargets)("mail keeps moving on %s", (target) => {
  let smtp: SmtpStandIn;
  let t: TestApp | undefined;
  const start = async (env: Record<string, string> = {}) => {
    t = await startTestApp(target, {
      env: { SMTP_URL: smtp.url, OUTBOX_POLL_SECONDS: "0", OUTBOX_RETRY_SECONDS: "60", OUTBOX_RETRY_MAX_SECONDS: "600", ...env },
    });
    return t;
  };
  const queue = (app: TestApp, n: number) => app.app.services.deps.tx((em) => app.app.services.deps.mail.queue(em, mailTo(n)));
  const rows = (app: TestApp) => app.dataSource.getRepository(OutboxItem).find({ order: { createdAt: "ASC" } });
  const sentTo = () => smtp.accepted.map((m) => m.to[0]).sort();

  beforeAll(async () => {
    smtp = await startSmtpStandIn();
  });
  afterEach(async () => {
    await t?.close();
    t = undefined;
    smtp.reset();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("a send stalled after DATA costs its socket timeout, and the rest of the outbox goes on", async () => {
    const app = await start({ SMTP_SOCKET_TIMEOUT_SECONDS: "1" });
    smtp.stallNext(1);
    for (let n = 0; n < 4; n++) await queue(app, n);
    // Without a socket timeout this drain waits for the stalled answer (nodemailer's default: 10 minutes).
    await app.app.services.outbox.drain();
    expect(smtp.stalled).toBe(1);
    expect(smtp.accepted).toHaveLength(3);
    const waiting = (await rows(app)).filter((r) => r.status === "pending");
    expect(waiting).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ attempts: 1, leaseOwner: null });
    expect(waiting[0].lastError).toMatch(/timeout/i);
    // Retried after its backoff, it arrives; every mail arrived once.
    app.clock.advance(10 * 60_000);
    await app.app.services.outbox.drain();
    expect(sentTo()).toEqual([0, 1, 2, 3].map((n) => mailTo(n).to).sort());
    expect([...smtp.counts().values()].every((c) => c === 1)).toBe(true);
  }, 60_000);

  it("retries a refused sender or session with backoff, fails a refused recipient, and retries every failed row at once", async () => {
    const app = await start({ OUTBOX_GIVE_UP_HOURS: "1" });
    const outbox = app.app.services.outbox;
    const refusals: Array<() => void> = [
      () => smtp.refuseSender(530, "5.7.0 Authentication required"),
      () => smtp.refuseSender(554, "5.7.1 Sender address rejected: Access denied"),
      () => {
        smtp.refuseSender(null);
        smtp.refuseWith(554, "5.7.1 Relay access denied");
      },
    ];
    for (let n = 0; n < 3; n++) await queue(app, n);
    for (const refuse of refusals) {
      refuse();
      await outbox.drain();
      // The server's fault, not the mails': they wait for a retry, none is failed.
      const all = await rows(app);
      expect(all.every((r) => r.status === "pending" && r.leaseOwner === null)).toBe(true);
      expect((await outbox.depth()).failed).toBe(0);
      app.clock.advance(10 * 60_000); // past the longest backoff (OUTBOX_RETRY_MAX_SECONDS)
    }
    expect((await rows(app)).map((r) => r.lastError)).toEqual(Array(3).fill("554 5.7.1 Relay access denied"));
    expect(smtp.accepted).toHaveLength(0);

    // Fixed: the waiting mails go out; a recipient the server does not know fails at once (550 5.1.1).
    smtp.refuseWith(null);
    smtp.rejectRecipient(mailTo(3).to);
    await queue(app, 3);
    await outbox.drain();
    expect(sentTo()).toEqual([0, 1, 2].map((n) => mailTo(n).to).sort());
    const failures = await outbox.failures();
    expect(failures).toHaveLength(1);
    expect(failures[0].lastError).toMatch(/550 5\.1\.1/);

    // Two more mails fail later (given up after OUTBOX_GIVE_UP_HOURS of 4xx).
    smtp.refuseWith(451);
    app.clock.advance(60_000);
    await queue(app, 4);
    await queue(app, 5);
    for (let i = 0; i < 8; i++) {
      app.clock.advance(10 * 60_000);
      await outbox.drain();
    }
    const failed = await outbox.failures();
    expect(failed).toHaveLength(3);
    smtp.refuseWith(null);

    // The operator command puts back the rows failed since a date, then every failed row, at once.
    const env = {
      ...process.env,
      DATA_DIR: app.config.dataDir,
      ...(app.config.database.kind === "mysql" ? { DATABASE_URL: app.config.database.url } : {}),
      LOG_LEVEL: "silent",
    };
    const run = (...args: string[]) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ["--import", "tsx", "scripts/operator.ts", ...args],
          { cwd: root, env, encoding: "utf8" },
          (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
        );
      });
    const since = failed.find((f) => f.lastError?.includes("gave up"))!.failedAt!;
    expect((await run("outbox-retry", "--all-failed", "--since", "yesterday")).status).toBe(1);
    const some = await run("outbox-retry", "--all-failed", "--since", since.toISOString());
    expect(some.stdout.trim()).toBe(`queued again: 2 failed outbox rows (failed since ${since.toISOString()})`);
    expect((await outbox.failures()).map((f) => f.lastError)).toEqual([failures[0].lastError]);
    smtp.reset();
    const all = await run("outbox-retry", "--all-failed");
    expect(all.stdout.trim()).toBe("queued again: 1 failed outbox row");
    expect(all.status).toBe(0);
    expect((await outbox.depth()).failed).toBe(0);
    // The command ran on real time: move the test clock to when the rows became due.
    const due = Math.max(app.clock.now().getTime(), ...(await rows(app)).map((r) => r.dueAt.getTime()));
    app.clock.set(new Date(due + 1000));
    await outbox.drain();
    expect(sentTo()).toEqual([3, 4, 5].map((n) => mailTo(n).to).sort());
  }, 90_000);
});

describe.each(dbTargets)("SIGTERM during a stuck send on %s", (target) => {
  it("exits 0 within the shutdown bound and leaves the claimed rows for the next instance", async () => {
    const smtp = await startSmtpStandIn();
    const db = target === "mysql" ? await createMysqlDatabase() : null;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sx-stuck-"));
    try {
      // Every send stalls after DATA; the socket timeout is longer than the shutdown bound, so only
      // the outbox's own stop (its grace, then giving the rows back) lets the process exit in time.
      smtp.stallNext(1000);
      const server = await startServerProcess({
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString("hex"),
        SMTP_URL: smtp.url,
        SMTP_SOCKET_TIMEOUT_SECONDS: "600",
        SHUTDOWN_TIMEOUT_SECONDS: "8",
        RATE_LIMITS: "contact_ip=100000/3600",
        ...(db ? { DATABASE_URL: db.url } : {}),
      });
      for (let i = 0; i < 3; i++) await sendContactMail(server.url, `stuck-${i}`);
      await eventually(() => smtp.stalled > 0, "a send stuck at the stand-in");
      const signalled = performance.now();
      server.child.kill("SIGTERM");
      const code = await server.exited;
      console.info(`SIGTERM during a stuck send: exit ${code} after ${Math.round(performance.now() - signalled)} ms`);
      expect({ code, stderr: code === 0 ? "" : server.stderr() }).toEqual({ code: 0, stderr: "" });

      let stored: Array<{ status: string; leaseOwner: string | null; attempts: number }>;
      const sql = "SELECT status, leaseOwner, attempts FROM outbox_items";
      if (db) {
        const c = await createConnection(db.url);
        stored = (await c.query(sql))[0] as typeof stored;
        await c.end();
      } else {
        const file = new Database(path.join(dataDir, "skill-exchange.sqlite"), { readonly: true });
        stored = file.prepare(sql).all() as typeof stored;
        file.close();
      }
      // Every mail is still to be sent, and none is leased: the next instance claims them at once.
      expect(stored).toHaveLength(3);
      expect(stored.every((r) => r.status === "pending" && r.leaseOwner === null)).toBe(true);
    } finally {
      await smtp.close();
      await db?.drop();
    }
  }, 180_000);
});
