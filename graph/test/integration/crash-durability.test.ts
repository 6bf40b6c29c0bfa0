/**
 * Kill -9 during writes loses no acknowledged write. A real server process takes a bounded
 * stream of writes (contact messages, each one row) from several clients at once; once enough
 * are acknowledged it is killed with SIGKILL mid-stream, restarted on the same data, and every
 * write that got a 2xx must be there (SQLite in WAL mode and MariaDB/InnoDB both commit durably
 * before the answer). Writes in flight at the kill may or may not be there: nobody was told.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { createConnection } from "mysql2/promise";
import { describe, expect, it } from "vitest";
import { eventually } from "../eventually.js";
import { createMysqlDatabase, dbTargets } from "../harness.js";
import { compiledServer, freePort } from "./server-process.js";

const root = path.resolve(import.meta.dirname, "../../..");
const WRITERS = 6;
const ACKED_BEFORE_KILL = 60;
const MAX_WRITES = 2000;

async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; exited: Promise<unknown> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [await compiledServer()], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), DEMO_DATA: "off", LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  await eventually(async () => (await fetch(`${url}/healthz`)).ok, "server up", 60_000);
  return { child, url, exited };
}

describe.each(dbTargets)("kill -9 during writes on %s", (target) => {
  it("keeps every acknowledged write", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sx-crash-"));
    const db = target === "mysql" ? await createMysqlDatabase() : null;
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString("hex"),
      RATE_LIMITS: "contact_ip=100000/3600",
      ...(db ? { DATABASE_URL: db.url } : {}),
    };
    try {
      const first = await startServer(env);
      const acked: string[] = [];
      let sent = 0;
      let killed = false;
      const writer = async () => {
        while (!killed && sent < MAX_WRITES) {
          const marker = `crash-test ${sent++} ${randomBytes(6).toString("hex")}`;
          try {
            const res = await fetch(`${first.url}/api/contact-mail`, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify({ name: "Durability", email: "durable@psgtech.ac.in", msg: marker }),
            });
            if (res.ok && (await res.json()).error === "The mail has been sent successfully ") acked.push(marker);
          } catch {
            // the connection died with the server: this write was never acknowledged
          }
          if (!killed && acked.length >= ACKED_BEFORE_KILL) {
            killed = true;
            first.child.kill("SIGKILL");
          }
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, writer));
      await first.exited;
      expect(killed).toBe(true);
      expect(acked.length).toBeGreaterThanOrEqual(ACKED_BEFORE_KILL);

      // Restart on the same data: it recovers and serves, and every acknowledged row is there.
      const second = await startServer(env);
      second.child.kill("SIGTERM");
      await second.exited;
      let stored: string[];
      if (db) {
        const c = await createConnection(db.url);
        const [rows] = await c.query("SELECT message FROM contact_messages");
        await c.end();
        stored = (rows as Array<{ message: string }>).map((r) => r.message);
      } else {
        const file = new Database(path.join(dataDir, "skill-exchange.sqlite"), { readonly: true });
        stored = (file.prepare("SELECT message FROM contact_messages").all() as Array<{ message: string }>).map((r) => r.message);
        file.close();
      }
      const missing = acked.filter((m) => !stored.includes(m));
      expect(missing).toEqual([]);
    } finally {
      await db?.drop();
    }
  }, 120_000);
});
