/**
 * A crashed instance's work resumes within about a lease (issue 51, item 5), on MariaDB (instances
 * share a database only there): two real server processes with short leases configured; the one
 * holding a job lease or an outbox lease is killed with SIGKILL, and the other takes the work over.
 * While the holder lives, its lease is renewed (a heartbeat), so the other does not take it over even
 * though the work outlasts the lease; each mail still arrives once. Waits are for conditions read
 * from the database or the SMTP stand-in; the test timeouts are the bounds.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Connection, createConnection } from "mysql2/promise";
import { describe, expect, it } from "vitest";
import { eventually } from "../eventually.js";
import { startTestApp, type TestApp } from "../harness.js";
import { startSmtpStandIn } from "../smtp-stand-in.js";
import { sendContactMail, type ServerProcess, startServerProcess } from "./server-process.js";

const LEASE_SECONDS = 3;

async function one<T>(c: Connection, sql: string, params: unknown[] = []): Promise<T | undefined> {
  const [rows] = await c.query(sql, params);
  return (rows as T[])[0];
}

describe.runIf(process.env.TEST_MYSQL_URL)("kill -9 of a lease holder on mysql", () => {
  it("a job run whose instance died is taken over within about a lease; a live one keeps its lease", async () => {
    // A migrated database; the test app runs no jobs (no timer).
    const setup: TestApp = await startTestApp("mysql");
    const url = (setup.config.database as { url: string }).url;
    const lock = await createConnection(url);
    const probe = await createConnection(url);
    const servers: ServerProcess[] = [];
    try {
      const env = {
        DATABASE_URL: url,
        JWT_SECRET: setup.config.jwtSecret,
        JOBS_TICK_SECONDS: "1",
        JOBS_LEASE_SECONDS: String(LEASE_SECONDS),
      };
      // The swap-request expiry job reads swap_requests: while the table is locked its run waits, as a
      // long run would, holding the job's lease.
      await lock.query("LOCK TABLES swap_requests WRITE");
      const holder = await startServerProcess({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sx-job-a-")) });
      servers.push(holder);
      type Lease = { leaseOwner: string | null; leaseUntil: Date | null; doneSlotAt: Date | null };
      const lease = () =>
        one<Lease>(probe, "SELECT leaseOwner, leaseUntil, doneSlotAt FROM job_runs WHERE name = ?", ["swap-request-expiry"]);
      const held = await eventually(async () => {
        const l = await lease();
        return l?.leaseOwner ? l : null;
      }, "the expiry job's lease taken");
      expect(held.doneSlotAt).toBeNull();

      // Another instance starts; the holder's run outlasts its lease, yet the lease stays the holder's.
      const other = await startServerProcess({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sx-job-b-")) });
      servers.push(other);
      const renewedFrom = (await lease())!.leaseUntil!.getTime();
      await eventually(async () => {
        const l = (await lease())!;
        if (l.leaseOwner !== held.leaseOwner) throw new Error(`the lease moved while its holder lived: ${JSON.stringify(l)}`);
        return l.leaseUntil!.getTime() >= renewedFrom + (LEASE_SECONDS + 1) * 1000;
      }, "the lease renewed past its first end, by its holder");

      // The holder dies; the other instance runs the job once its lease has run out.
      holder.child.kill("SIGKILL");
      await holder.exited;
      const killedAt = performance.now();
      await lock.query("UNLOCK TABLES");
      const done = await eventually(
        async () => {
          const l = (await lease())!;
          return l.doneSlotAt && !l.leaseOwner ? l : null;
        },
        "the job run by the other instance",
        90_000,
      );
      console.info(`job lease taken over ${Math.round(performance.now() - killedAt)} ms after the kill`);
      expect(done.doneSlotAt).not.toBeNull();
      const state = await one<{ lastError: string | null }>(probe, "SELECT lastError FROM job_runs WHERE name = ?", [
        "swap-request-expiry",
      ]);
      expect(state?.lastError).toBeNull();
    } finally {
      await lock.end();
      await probe.end();
      for (const s of servers) {
        s.child.kill("SIGKILL");
        await s.exited;
      }
      await setup.close();
    }
  }, 240_000);

  it("an outbox lease whose instance died is taken over within about a lease, and every mail arrives once", async () => {
    const setup: TestApp = await startTestApp("mysql");
    const url = (setup.config.database as { url: string }).url;
    const smtp = await startSmtpStandIn();
    const probe = await createConnection(url);
    const servers: ServerProcess[] = [];
    try {
      const env = {
        DATABASE_URL: url,
        JWT_SECRET: randomBytes(32).toString("hex"),
        SMTP_URL: smtp.url,
        // A stalled send outlasts the lease many times over; only the heartbeat keeps it.
        SMTP_SOCKET_TIMEOUT_SECONDS: "600",
        OUTBOX_POLL_SECONDS: "1",
        OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS),
        OUTBOX_RETRY_SECONDS: "1",
        RATE_LIMITS: "contact_ip=100000/3600",
      };
      smtp.stallNext(1);
      const holder = await startServerProcess({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sx-mail-a-")) });
      servers.push(holder);
      const markers = [0, 1, 2].map((i) => `lease-${i}-${randomBytes(4).toString("hex")}`);
      for (const m of markers) await sendContactMail(holder.url, m);
      await eventually(() => smtp.stalled === 1, "a send stalled at the stand-in");
      type Lease = { id: string; leaseOwner: string | null; leaseUntil: Date | null };
      // The stalled row is the one the stand-in holds (its Message-ID carries the row's id); rows
      // enqueued behind it are leased too, from birth, by the same instance.
      const stalled = async () => {
        const [rows] = await probe.query("SELECT id, leaseOwner, leaseUntil FROM outbox_items WHERE leaseOwner IS NOT NULL");
        return (rows as Lease[]).find((r) => smtp.received.some((messageId) => messageId.includes(r.id)));
      };
      const held = (await eventually(stalled, "the stalled row leased"))!;

      const other = await startServerProcess({ ...env, DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sx-mail-b-")) });
      servers.push(other);
      const lease = () => one<Lease>(probe, "SELECT id, leaseOwner, leaseUntil FROM outbox_items WHERE id = ?", [held.id]);
      const renewedFrom = (await lease())!.leaseUntil!.getTime();
      await eventually(async () => {
        const l = await lease();
        if (l?.leaseOwner !== held.leaseOwner) throw new Error(`the row moved while its holder lived: ${JSON.stringify(l)}`);
        return l.leaseUntil!.getTime() >= renewedFrom + (LEASE_SECONDS + 1) * 1000;
      }, "the lease renewed past its first end, by its holder");
      // The stalled mail was sent once so far (the others may have gone out through the other instance).
      expect(smtp.received.filter((id) => id.includes(held.id))).toHaveLength(1);

      holder.child.kill("SIGKILL");
      await holder.exited;
      const killedAt = performance.now();
      const arrived = (marker: string) => smtp.accepted.filter((m) => m.raw.includes(marker)).length;
      await eventually(() => markers.every((m) => arrived(m) >= 1), "every mail sent by the other instance", 90_000);
      console.info(`outbox lease taken over ${Math.round(performance.now() - killedAt)} ms after the kill`);
      expect(markers.map(arrived)).toEqual([1, 1, 1]);
      expect([...smtp.counts().values()].every((c) => c === 1)).toBe(true);
    } finally {
      await probe.end();
      for (const s of servers) {
        s.child.kill("SIGKILL");
        await s.exited;
      }
      await smtp.close();
      await setup.close();
    }
  }, 240_000);
});
