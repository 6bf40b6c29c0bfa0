/**
 * `npm run backup` while students write, `npm run restore` into an empty data folder and database:
 * the same students, chats, files and coin balances come back, as one consistent moment. Chat
 * messages and coin purchases go on during the backup; each writer's acknowledged writes form a
 * sequence, so the restored copy must hold a prefix of each sequence (all writes acknowledged
 * before the backup began, none after it ended) and the ledger's invariants must hold in it.
 * The scripts run as an operator runs them: child processes configured by DATA_DIR/DATABASE_URL.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DataSource } from "typeorm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/data-source.js";
import { seedDemoData } from "../../src/app/seed/seed.js";
import { User } from "../../src/modules/accounts/user.entity.js";
import { Chat } from "../../src/modules/chat/chat.entity.js";
import { ChatMessage } from "../../src/modules/chat/message.entity.js";
import { allEntities } from "../../src/modules/index.js";
import { checkLedgerInvariants } from "../../src/modules/coins/ledger.invariants.js";
import { CoinAccount, CoinTransfer } from "../../src/modules/coins/ledger.entity.js";
import { chatPair, SEND } from "../chat.js";
import { eventually } from "../eventually.js";
import { createMysqlDatabase, dbTargets, startTestApp, type TestApp } from "../harness.js";
import { ledgerWrites } from "../ledger.js";

const root = path.resolve(import.meta.dirname, "../../..");
const MESSAGE_WRITERS = 3;
const COIN_WRITERS = 2;
const COINS = 5;

/** Runs `npm run <script>` as its tsx command, with exactly this configuration. */
function npmScript(
  script: "backup" | "restore",
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string }> {
  const { DATABASE_URL: _d, JWT_SECRET: _j, DATA_DIR: _a, CLOUDINARY_URL: _c, ...inherited } = process.env;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      cwd: root,
      env: { ...inherited, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d));
    child.stderr.on("data", (d: Buffer) => (out += d));
    child.once("exit", (code) => resolve({ code, out }));
  });
}

/** Every file under `dir` with its sha256, by relative path. */
function filesOf(dir: string, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) for (const [k, v] of filesOf(full, rel)) out.set(k, v);
    else out.set(rel, createHash("sha256").update(readFileSync(full)).digest("hex"));
  }
  return out;
}

async function community(ds: DataSource) {
  const users = await ds.getRepository(User).find({ order: { id: "ASC" } });
  const chats = await ds.getRepository(Chat).find({ order: { id: "ASC" } });
  const accounts = await ds.getRepository(CoinAccount).find({ order: { id: "ASC" } });
  return {
    students: users.map((u) => ({ id: u.id, email: u.email, name: u.name, image: u.image })),
    chats: chats.map((c) => ({ id: c.id, kind: c.kind, status: c.status })),
    balances: new Map(accounts.map((a) => [a.id, Number(a.balance)])),
  };
}

describe.each(dbTargets)("backup and restore on %s", (target) => {
  it("restores a community backed up under writes: the same students, chats, files, a consistent ledger and message history", async () => {
    const t: TestApp = await startTestApp(target, {
      // The writers send as fast as the server answers: neither the chat limit nor a student's request budget may stop them.
      env: { DEMO_DATA: target === "sqlite" ? "on" : "off", RATE_LIMITS: "chat_message=100000/60", API_RATE_LIMITS: "student=100000/60" },
    });
    const restoredDb = target === "mysql" ? await createMysqlDatabase() : null;
    const backupDir = path.join(mkdtempSync(path.join(os.tmpdir(), "sx-backups-")), "nightly");
    const restoredDir = mkdtempSync(path.join(os.tmpdir(), "sx-restored-"));
    let restored: DataSource | undefined;
    try {
      // The demo community (the embedded default seeds it at start; on MariaDB the same seed is run here).
      if (target === "mysql") await seedDemoData(t.app.services);
      const pairs = await Promise.all(Array.from({ length: Math.max(MESSAGE_WRITERS, COIN_WRITERS) }, () => chatPair(t)));
      const before = await community(t.dataSource);
      expect(before.students.length).toBeGreaterThan(40);
      expect(before.chats.length).toBeGreaterThan(MESSAGE_WRITERS);

      // Writers: chat messages over GraphQL, coin purchases through the ledger, each in sequence.
      let stop = false;
      const sent: number[] = Array(MESSAGE_WRITERS).fill(0);
      const bought: number[] = Array(COIN_WRITERS).fill(0);
      const messageWriter = async (i: number) => {
        const { a, b } = pairs[i];
        while (!stop) {
          let res;
          try {
            res = await t.gql(SEND, { chatWith: b.id, body: `w${i}-${sent[i]}` }, a.token);
          } catch {
            // The connection failed (a kept-alive socket reset): that write may or may not have been
            // stored, and nobody was told; the writer stops there, so its writes stay a sequence.
            return;
          }
          expect(res.errors).toBeUndefined();
          sent[i]++;
        }
      };
      const coinWriter = async (j: number) => {
        while (!stop) {
          const n = bought[j];
          await ledgerWrites(t.app.services).creditPurchase({
            userId: pairs[j].b.id,
            coins: COINS,
            paymentId: `bk-${j}-${n}`,
            orderId: `order-bk-${j}-${n}`,
          });
          bought[j]++;
          // SQLite's driver is synchronous: without a turn of the event loop this loop would starve the server's I/O.
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const writers = [
        ...Array.from({ length: MESSAGE_WRITERS }, (_, i) => messageWriter(i)),
        ...Array.from({ length: COIN_WRITERS }, (_, j) => coinWriter(j)),
      ];
      await eventually(() => sent.every((n) => n >= 5) && bought.every((n) => n >= 5), "writers under way", 60_000);

      const ackedBefore = { sent: [...sent], bought: [...bought] };
      const env = {
        DATA_DIR: t.config.dataDir,
        JWT_SECRET: t.config.jwtSecret,
        ...(t.config.database.kind === "mysql" ? { DATABASE_URL: t.config.database.url } : {}),
      };
      const backup = await npmScript("backup", ["--out", backupDir], env);
      const ackedAfter = { sent: [...sent], bought: [...bought] };
      stop = true;
      await Promise.all(writers);
      expect(backup.out).toContain(`backup written to ${backupDir}`);
      expect(backup.code).toBe(0);
      // The writers kept going while the backup ran (it did not stop the world).
      expect(ackedAfter.sent.some((n, i) => n > ackedBefore.sent[i]) || ackedAfter.bought.some((n, j) => n > ackedBefore.bought[j])).toBe(
        true,
      );

      const manifest = JSON.parse(readFileSync(path.join(backupDir, "manifest.json"), "utf8"));
      expect(manifest).toMatchObject({
        format: 1,
        app: { name: "skill-exchange" },
        database: { kind: target },
        migration: expect.stringMatching(/^\w+\d{13}$/),
        uploads: { storage: "local", copied: true },
        jwtSecret: false,
        // The Web Push key pair generated into DATA_DIR (no VAPID_* set) is the one the server uses: it is kept.
        vapidKeys: true,
      });
      expect(manifest.uploads.files).toBeGreaterThanOrEqual(before.students.length);

      // Restore into an empty data folder (and an empty MariaDB database).
      const restoreEnv = {
        DATA_DIR: restoredDir,
        JWT_SECRET: t.config.jwtSecret,
        ...(restoredDb ? { DATABASE_URL: restoredDb.url } : {}),
      };
      const restore = await npmScript("restore", [backupDir], restoreEnv);
      expect(restore.out).toContain("restored the backup");
      expect(restore.code).toBe(0);
      // A second restore into the now non-empty target is refused and changes nothing.
      const again = await npmScript("restore", [backupDir], restoreEnv);
      expect(again.code).toBe(1);
      expect(again.out).toMatch(/target is not empty/);
      // The restored folder holds the backed-up Web Push key pair, not the one the restore's start-up generated
      // there (devices subscribed with the old public key keep getting pushes).
      expect(readFileSync(path.join(restoredDir, "vapid-keys.json"), "utf8")).toBe(
        readFileSync(path.join(t.config.dataDir, "vapid-keys.json"), "utf8"),
      );

      restored = await openDatabase(
        restoredDb ? { kind: "mysql", url: restoredDb.url } : { kind: "sqlite", file: path.join(restoredDir, "skill-exchange.sqlite") },
        { entities: allEntities },
      );
      const after = await community(restored);
      // The same students and chats (nobody registered or opened a chat during the writes).
      expect(after.students).toEqual(before.students);
      expect(after.chats).toEqual(before.chats);
      // The ledger is whole, and the copy is one moment: each writer's restored writes are a prefix of
      // its sequence, holding everything acknowledged before the backup began.
      expect(await checkLedgerInvariants(restored)).toEqual([]);
      for (let i = 0; i < MESSAGE_WRITERS; i++) {
        const bodies = (await restored.getRepository(ChatMessage).find({ where: { chatId: pairs[i].chat.id }, order: { seq: "ASC" } }))
          .map((m) => m.body)
          .filter((b) => b.startsWith(`w${i}-`));
        expect(bodies.length).toBeGreaterThanOrEqual(ackedBefore.sent[i]);
        expect(bodies.length).toBeLessThanOrEqual(ackedAfter.sent[i] + 1);
        expect(bodies).toEqual(Array.from({ length: bodies.length }, (_, n) => `w${i}-${n}`));
      }
      for (let j = 0; j < COIN_WRITERS; j++) {
        const keys = (await restored.getRepository(CoinTransfer).find())
          .map((tr) => tr.key)
          .filter((k) => k.startsWith(`purchase:bk-${j}-`));
        const k = keys.length;
        expect(k).toBeGreaterThanOrEqual(ackedBefore.bought[j]);
        expect(k).toBeLessThanOrEqual(ackedAfter.bought[j] + 1);
        expect(new Set(keys)).toEqual(new Set(Array.from({ length: k }, (_, n) => `purchase:bk-${j}-${n}`)));
        // A student's coin account is named by their id.
        const student = pairs[j].b.id;
        expect(after.balances.get(student)).toBe((before.balances.get(student) ?? 0) + k * COINS);
      }
      // Accounts no writer touched have their balances exactly.
      const touched = new Set(pairs.slice(0, COIN_WRITERS).map((p) => p.b.id));
      for (const [id, balance] of before.balances) {
        if (!touched.has(id) && !id.startsWith("system:")) expect(after.balances.get(id)).toBe(balance);
      }
      // The files: every upload, byte for byte, and every student's picture is there.
      const sourceFiles = filesOf(path.join(t.config.dataDir, "uploads"));
      expect(filesOf(path.join(restoredDir, "uploads"))).toEqual(sourceFiles);
      for (const s of after.students)
        if (s.image?.startsWith("/uploads/")) expect(sourceFiles.has(s.image.slice("/uploads/".length))).toBe(true);
    } finally {
      await restored?.destroy();
      await t.close();
      await restoredDb?.drop();
    }
  }, 240_000);
});

describe("restore refuses", () => {
  it("a damaged backup, and a backup of the other database kind", async () => {
    const t = await startTestApp("sqlite", { env: { DEMO_DATA: "on" } });
    const backupDir = path.join(mkdtempSync(path.join(os.tmpdir(), "sx-backups-")), "b");
    try {
      expect((await npmScript("backup", ["--out", backupDir], { DATA_DIR: t.config.dataDir, JWT_SECRET: t.config.jwtSecret })).code).toBe(
        0,
      );
      // Restoring into a MariaDB configuration is refused before anything is touched.
      if (process.env.TEST_MYSQL_URL) {
        const other = await npmScript("restore", [backupDir], {
          DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sx-restored-")),
          JWT_SECRET: t.config.jwtSecret,
          DATABASE_URL: process.env.TEST_MYSQL_URL,
        });
        expect(other.code).toBe(1);
        expect(other.out).toMatch(/holds a sqlite database but the configured one is mysql/);
      }
      const manifest = JSON.parse(readFileSync(path.join(backupDir, "manifest.json"), "utf8"));
      const upload = manifest.files.find((f: { path: string }) => f.path.startsWith("uploads/")).path as string;
      writeFileSync(path.join(backupDir, upload), "tampered");
      const target = mkdtempSync(path.join(os.tmpdir(), "sx-restored-"));
      const damaged = await npmScript("restore", [backupDir], { DATA_DIR: target, JWT_SECRET: t.config.jwtSecret });
      expect(damaged.code).toBe(1);
      expect(damaged.out).toContain(`${upload} is missing or damaged (checksum)`);
      expect(existsSync(path.join(target, "skill-exchange.sqlite"))).toBe(false);
      expect(statSync(target).isDirectory()).toBe(true);
    } finally {
      await t.close();
    }
  }, 120_000);
});
