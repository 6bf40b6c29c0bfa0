/**
 * A real server process stopped while it works: SIGTERM (graceful) and SIGKILL (a machine dying)
 * under concurrent writes lose no acknowledged write and keep the ledger's invariants; a SIGTERM
 * exits even when stdout is a pipe the parent has closed; and the mail outbox, killed with a
 * backlog and one mail in flight at a local SMTP stand-in, sends every mail exactly once after the
 * restart. Exits are awaited (the exit event), never timed.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkLedgerInvariants } from "../../src/modules/coins/ledger.invariants.js";
import { ManualClock } from "../../src/shared/clock.js";
import { ChatMessage } from "../../src/modules/chat/message.entity.js";
import { chatPair, SEND } from "../chat.js";
import { eventually } from "../eventually.js";
import { createMysqlDatabase, dbTargets, startTestApp, type TestApp } from "../harness.js";
import { startSmtpStandIn } from "../smtp-stand-in.js";
import { startServerProcess } from "./server-process.js";

const startServer = startServerProcess;

async function gql(url: string, token: string, query: string, variables: Record<string, unknown>): Promise<any> {
  const res = await fetch(`${url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return res.json();
}

const STOP_AFTER = 40;
const ORDER = `mutation Order($coins: Int!) { createCoinOrder(coins: $coins) { orderId coins } }`;
const SANDBOX_PAY = `mutation Pay($orderId: ID!) { sandboxPay(orderId: $orderId) { orderId paymentId signature } }`;
const VERIFY = `mutation Verify($orderId: ID!, $paymentId: String!, $signature: String!) {
  verifyCoinPayment(orderId: $orderId, paymentId: $paymentId, signature: $signature) { ok coins } }`;

describe.runIf(dbTargets.includes("mysql"))("stopping a server under concurrent writes on mysql", () => {
  for (const signal of ["SIGTERM", "SIGKILL"] as const) {
    it(`${signal}: every acknowledged message and coin payment is there afterwards and the ledger holds`, async () => {
      const db = await createMysqlDatabase();
      const jwtSecret = randomBytes(32).toString("hex");
      // An in-process instance on the same database sets up the students and reads the result. Its
      // clock is the real time: the child server verifies the tokens it signs against the real clock
      // (the harness's default ManualClock date would make them expired there: UNAUTHENTICATED).
      const setup: TestApp = await startTestApp("mysql", {
        clock: new ManualClock(new Date()),
        shareDatabaseWith: { config: { database: { kind: "mysql", url: db.url }, jwtSecret } } as unknown as TestApp,
      });
      try {
        const pairs = await Promise.all([chatPair(setup), chatPair(setup), chatPair(setup)]);
        const server = await startServer({
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sx-stop-")),
          DATABASE_URL: db.url,
          JWT_SECRET: jwtSecret,
          RATE_LIMITS: "chat_message=100000/60,coin_order=100000/3600",
          // The writers write as fast as the server answers, past a student's request budget.
          API_RATE_LIMITS: "student=100000/60",
        });
        const ackedMessages: string[] = [];
        const ackedCoins = new Map<string, number>();
        let stopped = false;
        let lastRefusal: unknown = null;
        const writer = async (i: number) => {
          const { a, b } = pairs[i % pairs.length];
          for (let n = 0; !stopped; n++) {
            // A server that refuses every write would keep this loop going: fail with its answer instead.
            if (n >= 500 && ackedMessages.length === 0) throw new Error(`no write acknowledged: ${JSON.stringify(lastRefusal)}`);
            try {
              if (n % 3 === 2) {
                const order = (await gql(server.url, a.token, ORDER, { coins: 1 + (n % 5) })).data?.createCoinOrder;
                if (!order) continue;
                const paid = (await gql(server.url, a.token, SANDBOX_PAY, { orderId: order.orderId })).data?.sandboxPay;
                if (!paid) continue;
                const v = (await gql(server.url, a.token, VERIFY, paid)).data?.verifyCoinPayment;
                if (v?.ok) ackedCoins.set(a.id, (ackedCoins.get(a.id) ?? 0) + v.coins);
              } else {
                const r = await gql(server.url, a.token, SEND, { chatWith: b.id, body: `durable ${i} ${n}` });
                const id = r.data?.sendMessage?.id;
                if (id) ackedMessages.push(id);
                else lastRefusal = r;
              }
            } catch {
              // the connection was refused or cut: this write was never acknowledged
            }
            if (!stopped && ackedMessages.length >= STOP_AFTER) {
              stopped = true;
              server.child.kill(signal);
            }
          }
        };
        await Promise.all([0, 1, 2, 3, 4, 5].map(writer));
        await server.exited;
        expect(stopped).toBe(true);

        if (signal === "SIGKILL") {
          // Restarted on the same database, it recovers and serves.
          const again = await startServer({
            DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sx-stop-")),
            DATABASE_URL: db.url,
            JWT_SECRET: jwtSecret,
          });
          again.child.kill("SIGTERM");
          await again.exited;
        }
        const stored = new Set((await setup.dataSource.getRepository(ChatMessage).find({ select: { id: true } })).map((m) => m.id));
        expect(ackedMessages.filter((id) => !stored.has(id))).toEqual([]);
        for (const [userId, coins] of ackedCoins) {
          expect(await setup.app.services.coins.balanceOf(userId)).toBeGreaterThanOrEqual(coins);
        }
        expect(await checkLedgerInvariants(setup.dataSource)).toEqual([]);
      } finally {
        await setup.close();
        await db.drop();
      }
    }, 180_000);
  }
});

describe("SIGTERM with stdout closed", () => {
  it("exits even when the parent has closed the pipes the server logs to", async () => {
    const server = await startServer(
      { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sx-pipe-")), JWT_SECRET: randomBytes(32).toString("hex"), LOG_LEVEL: "debug" },
      { pipes: true },
    );
    // Requests keep the logger writing; then the parent stops reading and closes both pipes.
    for (let i = 0; i < 5; i++) await fetch(`${server.url}/readyz`);
    server.child.stdout!.destroy();
    server.child.stderr!.destroy();
    for (let i = 0; i < 5; i++) await fetch(`${server.url}/healthz`);
    server.child.kill("SIGTERM");
    // A hang here fails the test by its timeout; nothing is timed.
    const code = await server.exited;
    expect(code === 0 || code === 1).toBe(true);
  }, 120_000);
});

describe.each(dbTargets)("the mail outbox across a SIGKILL on %s", (target) => {
  it("sends every queued mail exactly once after the restart, the one in flight included", async () => {
    const smtp = await startSmtpStandIn();
    const db = target === "mysql" ? await createMysqlDatabase() : null;
    const env: Record<string, string> = {
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sx-outbox-")),
      JWT_SECRET: randomBytes(32).toString("hex"),
      SMTP_URL: smtp.url,
      RATE_LIMITS: "contact_ip=100000/3600",
      OUTBOX_POLL_SECONDS: "1",
      OUTBOX_LEASE_SECONDS: "2",
      OUTBOX_RETRY_SECONDS: "1",
      OUTBOX_RETRY_MAX_SECONDS: "2",
      ...(db ? { DATABASE_URL: db.url } : {}),
    };
    try {
      // The first ten mails arrive; the eleventh is held at DATA (never answered) when the kill comes.
      smtp.stallAfter(10);
      const first = await startServer(env);
      const markers: string[] = [];
      for (let i = 0; i < 30; i++) {
        const marker = `outbox-kill-${i}-${randomBytes(4).toString("hex")}`;
        const res = await fetch(`${first.url}/api/contact-mail`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ name: "Durability", email: "durable@psgtech.ac.in", msg: marker }),
        });
        expect(res.ok).toBe(true);
        markers.push(marker);
      }
      await eventually(() => smtp.stalled > 0, "a mail in flight at the stand-in");
      first.child.kill("SIGKILL");
      await first.exited;
      expect(smtp.accepted.length).toBeLessThan(30);

      smtp.stallAfter(null);
      const second = await startServer(env);
      const arrived = (marker: string) => smtp.accepted.filter((m) => m.raw.includes(marker)).length;
      await eventually(() => markers.every((m) => arrived(m) >= 1), "every mail arrived", 60_000);
      second.child.kill("SIGTERM");
      await second.exited;
      expect(markers.filter((m) => arrived(m) !== 1)).toEqual([]);
      expect([...smtp.counts().values()].every((c) => c === 1)).toBe(true);
    } finally {
      await smtp.close();
      await db?.drop();
    }
  }, 180_000);
});
