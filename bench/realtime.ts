/**
 * Realtime fan-out at scale, beside a raw `ws` baseline in the same run (issue #17).
 *
 *   npm run bench:realtime -- --subscribers 1000            (one instance)
 *   npm run bench:realtime -- --subscribers 5000 --instances 2   (two instances sharing Redis)
 *
 * Seeds N students in pairs (N/2 chats in progress) into a fresh MariaDB database (DATABASE_URL or
 * TEST_MYSQL_URL, default mysql://root@127.0.0.1:3306/test; created and dropped here), issues
 * their tokens with the app's own TokenService, starts the compiled server (dist/server/main.js,
 * production mode, as `npm start` runs it) and the baseline (bench/support/raw-chat-server.mjs:
 * node:http + ws + mysql2, the same writes and the same graphql-ws `next` frame). Every student
 * holds one graphql-ws subscription to `messageAdded` of their chat on the app, and one on the
 * baseline (which speaks only the protocol's framing): the same client library on both, so this
 * driver's CPU per delivery, which shares the machine with the servers, is the same for both. Messages go through the real `sendMessage` mutation (the baseline: POST /send)
 * in two kinds of rounds, alternating app/baseline:
 * - paced (the delivery delay): `--senders` x `--messages` messages at `--rate` per second, each
 *   from the next chat, sent on schedule whether or not earlier ones were answered (open loop),
 *   so many chats send at once and the delay is not the queue of a saturated server;
 * - saturated (the capacity): `--senders` chats at once, each sending `--messages` messages one
 *   after the other as fast as answers come (closed loop); messages per second is the capacity,
 *   and the delay there is mostly queueing (about senders / capacity).
 * Before the counted saturated rounds, `--warmup` (1) saturated rounds per target run and are not
 * counted: the paced rounds never load a server fully, and the first full-load round of the app ran
 * 20-40% slower than the next ones (V8 still optimising the code that path takes), so the capacity
 * is the steady state. `--warmup 0` counts that first round.
 * Delay = receive time - send time, both read in this process. Lost = expected deliveries (both
 * participants of each message) - received. With `--instances 2` each chat's sender is on the
 * first instance and its partner on the second, so half the deliveries cross Redis.
 * Bounded: a fixed number of rounds and messages, each round waits at most `--grace-ms`.
 * CPU = the target server's CPU time (user + system, /proc/PID/stat) during a round, per message
 * sent: unlike the delays, it hardly moves with other load on a shared machine. Beside it, the
 * database server's (when it runs on this machine: `mariadbd` or `mysqld`) and this driver's: on a
 * small machine the three share the cores, so capacity is bounded by their sum.
 * `--cpus 1` pins every app and baseline process (all their threads) to those CPUs (`taskset -a
 * -cp`), so both run on the same cores, away from this driver when it is left the others.
 * `--server <bundle>` runs that build as the app instead of dist/server/main.js (an earlier commit's
 * bundle, built in its own worktree so its packages resolve): run with and without it, alternately,
 * to compare two builds, each beside its own baseline run.
 * `--profile` writes a CPU profile of each app process into bench/profiles/.
 * 5,000 students need about 10,500 open files in this process (`ulimit -n`; checked at start).
 */
import "reflect-metadata";
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type Client } from "graphql-ws";
import { createConnection, type RowDataPacket } from "mysql2/promise";
import WebSocket from "ws";
import { generateVapidKeys } from "../graph/src/config.js";
import { openDatabase } from "../graph/src/db/data-source.js";
import { User } from "../graph/src/modules/accounts/user.entity.js";
import { allEntities } from "../graph/src/modules/index.js";
import { Chat, pairOf } from "../graph/src/modules/chat/chat.entity.js";
import { systemClock } from "../graph/src/shared/clock.js";
import { newId } from "../graph/src/shared/ids.js";
import { TokenService } from "../graph/src/shared/tokens.js";
import { createMysqlDatabase } from "../graph/test/harness.js";
import { intFlag, median, ms, p99, ratio, table } from "./support/stats.js";
import { type Child, compiledServer, cpuSeconds, root, startChild } from "./support/servers.js";

const SUBSCRIBERS = intFlag("subscribers", 1000);
const INSTANCES = intFlag("instances", 1);
const SENDERS = intFlag("senders", 100);
const MESSAGES = intFlag("messages", 5);
const ROUNDS = intFlag("rounds", 3);
/** Saturated rounds per target run first and not counted: the first one at full load still finds code V8 has not optimised. */
const WARMUP = intFlag("warmup", 1);
const RATE = intFlag("rate", 100);
const GRACE_MS = intFlag("grace-ms", 10_000);
const PROFILE = process.argv.includes("--profile");
/** CPUs (a taskset list, e.g. `1` or `0,1`) for the app and baseline processes; unset: not pinned. */
const CPUS = process.argv.includes("--cpus") ? process.argv[process.argv.indexOf("--cpus") + 1] : undefined;
if (CPUS !== undefined && !/^[\d,-]+$/.test(CPUS)) throw new Error("--cpus takes a CPU list such as 1 or 0,1");
/** Writes a heap snapshot of the (first) app process into bench/profiles/ once every subscriber is live. */
const SNAPSHOT = process.argv.includes("--heap-snapshot");
const serverAt = process.argv.indexOf("--server");
const SERVER = serverAt > 0 ? path.resolve(process.argv[serverAt + 1] ?? "") : undefined;
if (SERVER && !existsSync(SERVER)) throw new Error(`--server: no bundle at ${SERVER}`);
const MYSQL_URL = process.env.DATABASE_URL ?? process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test";
const REDIS_URL = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
if (SUBSCRIBERS < 2 || SUBSCRIBERS % 2) throw new Error("--subscribers must be an even number of at least 2");
if (INSTANCES !== 1 && INSTANCES !== 2) throw new Error("--instances is 1 or 2");
const CHATS = SUBSCRIBERS / 2;
// This process holds two sockets per student (one per server) and the servers one each.
const openFiles = Number(/Max open files\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8"))?.[1] ?? Infinity);
if (openFiles < 2 * SUBSCRIBERS + 500) {
  throw new Error(
    `--subscribers ${SUBSCRIBERS} needs about ${2 * SUBSCRIBERS + 500} open files; this shell allows ${openFiles}: run \`ulimit -n 20000\` first`,
  );
}

type Target = "app" | "raw";
interface Student {
  id: string;
  token: string;
  partner: number;
  chatId: string;
  /** Which instance this student's sockets are on. */
  instance: number;
}

const SEND = `mutation Send($chatWith: ID!, $body: String!, $clientId: String) { sendMessage(chatWith: $chatWith, body: $body, clientId: $clientId) { id seq } }`;
const ADDED = `subscription Added($chatWith: ID!) { messageAdded(chatWith: $chatWith) { id seq fromUserId toUserId body clientId } }`;

// --- seed -------------------------------------------------------------------------------------

async function seed(url: string, jwtSecret: string): Promise<Student[]> {
  const ds = await openDatabase({ kind: "mysql", url }, { entities: allEntities }); // applies the committed migrations
  const tokens = new TokenService(jwtSecret, systemClock);
  const now = new Date();
  const users = Array.from({ length: SUBSCRIBERS }, (_, i) => ({
    id: newId(),
    name: `Bench Student ${i}`,
    nameKey: `bench student ${i}`,
    email: `b${i}.${randomBytes(3).toString("hex")}@psgtech.ac.in`,
    passwordHash: "not-a-real-hash",
    tokenVersion: 0,
    gender: null,
    image: null,
    createdAt: now,
    // Students who verified their college mail: an unverified one may not send messages.
    emailVerifiedAt: now,
  }));
  const chats = Array.from({ length: CHATS }, (_, k) => {
    const [a, b] = [users[2 * k].id, users[2 * k + 1].id];
    return {
      id: newId(),
      ...pairOf(a, b),
      kind: "swap" as const,
      requesterId: a,
      receiverId: b,
      requesterLearnsSkill: "Guitar",
      requesterLearnsCategory: "Music & Performing Arts",
      receiverLearnsSkill: "React",
      receiverLearnsCategory: "Programming & Technology",
      status: "in_progress" as const,
      startDate: now,
      lastActivityAt: now,
    };
  });
  for (let i = 0; i < users.length; i += 500)
    await ds
      .createQueryBuilder()
      .insert()
      .into(User)
      .values(users.slice(i, i + 500))
      .execute();
  for (let i = 0; i < chats.length; i += 500)
    await ds
      .createQueryBuilder()
      .insert()
      .into(Chat)
      .values(chats.slice(i, i + 500))
      .execute();
  await ds.destroy();
  return Promise.all(
    users.map(async (u, i) => ({
      id: u.id,
      token: await tokens.sign(u.id, 0),
      partner: i ^ 1,
      chatId: chats[i >> 1].id,
      instance: INSTANCES === 2 ? i % 2 : 0,
    })),
  );
}

// --- deliveries -------------------------------------------------------------------------------

/** Delays per round tag; `remote` holds the deliveries to the second instance (across Redis). */
const rounds = new Map<string, { delays: number[]; remote: number[]; last: number }>();
const warm = { app: new Set<number>(), raw: new Set<number>() };
let socketErrors = 0;

function delivered(target: Target, student: Student, index: number, body: string) {
  const at = performance.now();
  const [tag, sentAt] = body.split("|");
  if (tag === "warm") return void warm[target].add(index);
  const r = rounds.get(tag);
  if (!r) return;
  const delay = at - Number(sentAt);
  r.delays.push(delay);
  if (student.instance === 1) r.remote.push(delay);
  r.last = at;
}

async function inBatches<T>(items: T[], size: number, fn: (item: T, i: number) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map((x, j) => fn(x, i + j)));
}

/**
 * One graphql-ws client per student on `target` (the same client library for both servers, so the
 * driver's own CPU per delivery is the same for both): the app's `messageAdded` of their chat, or
 * the baseline's subscription to their chat (it reads only the variables).
 */
function connect(target: Target, students: Student[], servers: Child[]): Promise<Client[]> {
  const clients: Client[] = [];
  return inBatches(students, 200, (s, i) => {
    return new Promise<void>((resolve, reject) => {
      const client = createClient({
        url: `${servers[s.instance].url.replace("http", "ws")}/${target === "app" ? "graphql" : "ws"}`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${s.token}` },
        retryAttempts: 0,
        lazy: true,
        on: { connected: () => resolve(), closed: () => reject(new Error("socket closed")) },
      });
      clients.push(client);
      const variables = target === "app" ? { chatWith: students[s.partner].id } : { chatId: s.chatId };
      client.subscribe<{ messageAdded: { body: string } }>(
        { query: ADDED, variables },
        {
          next: (v) => (v.data ? delivered(target, s, i, v.data.messageAdded.body) : socketErrors++),
          error: () => socketErrors++,
          complete: () => {},
        },
      );
    });
  }).then(() => clients);
}

// --- sending ----------------------------------------------------------------------------------

let failedSends = 0;

async function send(target: Target, students: Student[], apps: Child[], raws: Child[], chat: number, body: string): Promise<void> {
  const from = students[2 * chat];
  const res =
    target === "app"
      ? await fetch(`${apps[from.instance].url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${from.token}` },
          body: JSON.stringify({ query: SEND, variables: { chatWith: students[2 * chat + 1].id, body, clientId: "b" } }),
        })
      : await fetch(`${raws[from.instance].url}/send`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ chatId: from.chatId, from: from.id, body, clientId: "b" }),
        });
  const text = await res.text();
  if (!res.ok || text.includes('"errors"')) {
    failedSends++;
    if (failedSends <= 3) console.error(`send failed on ${target}: ${res.status} ${text.slice(0, 200)}`);
  }
}

/** Every subscriber has received a warm-up message: the subscriptions (and Redis channels) are live. */
async function warmUp(target: Target, students: Student[], apps: Child[], raws: Child[]) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const missing = Array.from({ length: CHATS }, (_, k) => k).filter((k) => !warm[target].has(2 * k) || !warm[target].has(2 * k + 1));
    if (missing.length === 0) return;
    await inBatches(missing, SENDERS, (k) => send(target, students, apps, raws, k, `warm|0`));
    const end = performance.now() + 5_000;
    while (performance.now() < end && warm[target].size < SUBSCRIBERS) await new Promise((r) => setTimeout(r, 50));
  }
  if (warm[target].size < SUBSCRIBERS) throw new Error(`${target}: only ${warm[target].size} of ${SUBSCRIBERS} subscriptions came alive`);
}

interface RoundResult {
  mode: Mode;
  target: Target;
  delays: number[];
  remote: number[];
  lost: number;
  perSecond: number;
  /** The target servers' CPU time during the round, in ms per message sent. */
  cpuPerMessage: number;
  /** The local database server's CPU time per message (NaN when it is not on this machine). */
  dbCpuPerMessage: number;
  /** This driver's CPU time per message (its clients of the target). */
  driverCpuPerMessage: number;
  /** Statements the database server ran per message (its `Questions` counter: every client's). */
  statementsPerMessage: number;
}

const cpuOf = (servers: Child[]) => servers.reduce((sum, c) => sum + cpuSeconds(c.child.pid!), 0);
/** The database server's process on this machine, if any (its CPU is counted beside the target's). */
const DB_PID = (() => {
  try {
    return Number(execFileSync("pgrep", ["-o", "-x", "mariadbd|mysqld"], { encoding: "utf8" }).trim()) || undefined;
  } catch {
    return undefined;
  }
})();
const dbCpu = () => (DB_PID === undefined ? NaN : cpuSeconds(DB_PID));
/** Statements the database server has run, from every client (`statusConnection`: opened with the run's database). */
const statements = async () => {
  const [rows] = await statusConnection.query<RowDataPacket[]>("SHOW GLOBAL STATUS LIKE 'Questions'");
  return Number(rows[0]?.Value);
};
/** CPU per message: tenths of a millisecond matter here. */
const cpuMs = (v: number) => (Number.isFinite(v) ? `${v.toFixed(2)} ms` : "n/a");
const driverCpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

type Mode = "paced" | "saturated";

async function round(mode: Mode, target: Target, n: number, students: Student[], apps: Child[], raws: Child[]): Promise<RoundResult> {
  const tag = `${mode[0]}${target}${n}`;
  const r = { delays: [] as number[], remote: [] as number[], last: 0 };
  rounds.set(tag, r);
  const total = SENDERS * MESSAGES;
  const expected = total * 2;
  const first = (n * total) % CHATS;
  const servers = target === "app" ? apps : raws;
  const cpuAtStart = cpuOf(servers);
  const dbAtStart = dbCpu();
  const driverAtStart = driverCpu();
  const statementsAtStart = await statements();
  const started = performance.now();
  if (mode === "paced") {
    const sent: Array<Promise<void>> = [];
    for (let i = 0; i < total; i++) {
      const due = started + (i * 1000) / RATE;
      while (performance.now() < due) await new Promise((res) => setTimeout(res, Math.max(0, due - performance.now() - 1)));
      sent.push(send(target, students, apps, raws, (first + i) % CHATS, `${tag}|${performance.now().toFixed(3)}`));
    }
    await Promise.all(sent);
  } else {
    await Promise.all(
      Array.from({ length: SENDERS }, async (_, j) => {
        const chat = (first + j) % CHATS;
        for (let m = 0; m < MESSAGES; m++) await send(target, students, apps, raws, chat, `${tag}|${performance.now().toFixed(3)}`);
      }),
    );
  }
  const end = performance.now() + GRACE_MS;
  while (r.delays.length < expected && performance.now() < end) await new Promise((res) => setTimeout(res, 10));
  rounds.delete(tag);
  const cpuPerMessage = ((cpuOf(servers) - cpuAtStart) * 1000) / total;
  return {
    cpuPerMessage,
    dbCpuPerMessage: ((dbCpu() - dbAtStart) * 1000) / total,
    driverCpuPerMessage: ((driverCpu() - driverAtStart) * 1000) / total,
    // Less this count's own statement.
    statementsPerMessage: ((await statements()) - statementsAtStart - 1) / total,
    mode,
    target,
    delays: r.delays,
    remote: r.remote,
    lost: Math.max(0, expected - r.delays.length),
    perSecond: (SENDERS * MESSAGES) / ((r.last - started) / 1000),
  };
}

// --- run --------------------------------------------------------------------------------------

const db = await createMysqlDatabase(MYSQL_URL);
const statusConnection = await createConnection(db.url);
const children: Child[] = [];
const clients: Client[] = [];
try {
  const jwtSecret = randomBytes(32).toString("hex");
  const vapid = generateVapidKeys();
  console.log(`seeding ${SUBSCRIBERS} students and ${CHATS} chats...`);
  const students = await seed(db.url, jwtSecret);
  const entry = SERVER ?? (await compiledServer());
  const profileDir = path.join(root, "bench/profiles");
  if (PROFILE || SNAPSHOT) mkdirSync(profileDir, { recursive: true });
  // An empty REDIS_URL is "unset" for both servers, whatever this shell exports.
  const redis: Record<string, string> = { REDIS_URL: INSTANCES === 2 ? REDIS_URL : "" };
  const apps: Child[] = [];
  const raws: Child[] = [];
  for (let i = 0; i < INSTANCES; i++) {
    const app = await startChild(
      [
        ...(PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
        ...(SNAPSHOT ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${profileDir}`] : []),
        entry,
      ],
      {
        NODE_ENV: "production",
        DATABASE_URL: db.url,
        JWT_SECRET: jwtSecret,
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
        DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sx-bench-")),
        DEMO_DATA: "off",
        LOG_LEVEL: "warn",
        // The per-sender chat limit (60/min) would stop the senders: this measures delivery, not limits.
        RATE_LIMITS: "chat_message=1000000/60",
        API_RATE_LIMITS: "student=1000000000/60",
        ...redis,
      },
    );
    children.push(app);
    apps.push(app);
    const raw = await startChild([path.join(root, "bench/support/raw-chat-server.mjs")], { DATABASE_URL: db.url, ...redis });
    children.push(raw);
    raws.push(raw);
    if (CPUS !== undefined)
      for (const c of [app, raw]) execFileSync("taskset", ["-a", "-cp", CPUS, String(c.child.pid)], { stdio: "ignore" });
  }
  console.log(`connecting ${SUBSCRIBERS} graphql-ws subscribers to each server...`);
  clients.push(...(await connect("app", students, apps)), ...(await connect("raw", students, raws)));
  await warmUp("app", students, apps, raws);
  await warmUp("raw", students, apps, raws);
  if (SNAPSHOT) {
    apps[0].child.kill("SIGUSR2");
    console.log(`heap snapshot of the app at ${SUBSCRIBERS} subscribers requested (bench/profiles/)`);
    await new Promise((r) => setTimeout(r, 30_000));
  }
  const rss = { app: 0, raw: 0 };
  const sample = () => {
    rss.app = Math.max(rss.app, ...apps.map((c) => c.rssMiB()));
    rss.raw = Math.max(rss.raw, ...raws.map((c) => c.rssMiB()));
  };
  sample();
  const sampler = setInterval(sample, 250);

  const results: RoundResult[] = [];
  for (const mode of ["paced", "saturated"] as Mode[]) {
    for (let w = 0; mode === "saturated" && w < WARMUP; w++) {
      for (const target of ["app", "raw"] as Target[]) {
        const res = await round(mode, target, ROUNDS + w, students, apps, raws);
        console.log(
          `${mode} warm-up ${w + 1} ${target} (not counted): ${res.perSecond.toFixed(0)} msg/s, CPU ${res.cpuPerMessage.toFixed(2)} ms/msg`,
        );
      }
    }
    for (let n = 0; n < ROUNDS; n++) {
      // Alternating order (app, raw, raw, app, ...) so drift on a shared machine hits both alike.
      const order: Target[] = n % 2 === 0 ? ["app", "raw"] : ["raw", "app"];
      for (const target of order) {
        const res = await round(mode, target, n, students, apps, raws);
        results.push(res);
        console.log(
          `${mode} round ${n + 1} ${target}: median ${ms(median(res.delays))}, p99 ${ms(p99(res.delays))}, ${res.perSecond.toFixed(0)} msg/s, CPU ${res.cpuPerMessage.toFixed(2)} ms/msg (db ${res.dbCpuPerMessage.toFixed(2)}, driver ${res.driverCpuPerMessage.toFixed(2)}), lost ${res.lost}`,
        );
      }
    }
  }
  clearInterval(sampler);
  sample();

  console.log(
    `\n${SERVER ? `app: ${path.relative(root, SERVER)}; ` : ""}${SUBSCRIBERS} subscribers, ${INSTANCES} instance(s)${INSTANCES === 2 ? " sharing Redis" : ""}, MariaDB; per target ${ROUNDS} rounds of ${SENDERS * MESSAGES} messages (paced: ${RATE}/s from successive chats; saturated: ${SENDERS} chats at once, after ${WARMUP} not counted)`,
  );
  const rows: Array<Array<string | number>> = [
    ["", "median", "p99", "msg/s", "CPU/msg", "db CPU/msg", "driver CPU/msg", "stmts/msg", "deliveries", "lost", "server RSS"],
  ];
  for (const mode of ["paced", "saturated"] as Mode[]) {
    const of = (t: Target) => results.filter((r) => r.target === t && r.mode === mode);
    const all = (t: Target, k: "delays" | "remote") => of(t).flatMap((r) => r[k]);
    const perSecond = (t: Target) => median(of(t).map((r) => r.perSecond));
    const cpu = (t: Target, k: "cpuPerMessage" | "dbCpuPerMessage" | "driverCpuPerMessage" | "statementsPerMessage" = "cpuPerMessage") =>
      median(of(t).map((r) => r[k]));
    const lost = (t: Target) => of(t).reduce((n, r) => n + r.lost, 0);
    for (const t of ["app", "raw"] as Target[]) {
      rows.push([
        `${mode}: ${t === "app" ? "app (graphql-ws)" : "baseline (raw ws)"}`,
        ms(median(all(t, "delays"))),
        ms(p99(all(t, "delays"))),
        perSecond(t).toFixed(0),
        cpuMs(cpu(t)),
        cpuMs(cpu(t, "dbCpuPerMessage")),
        cpuMs(cpu(t, "driverCpuPerMessage")),
        cpu(t, "statementsPerMessage").toFixed(1),
        all(t, "delays").length,
        lost(t),
        `${rss[t].toFixed(0)} MiB`,
      ]);
    }
    rows.push([
      `${mode}: ratio app/baseline`,
      ratio(median(all("app", "delays")), median(all("raw", "delays"))),
      ratio(p99(all("app", "delays")), p99(all("raw", "delays"))),
      ratio(perSecond("app"), perSecond("raw")),
      ratio(cpu("app"), cpu("raw")),
      ratio(cpu("app", "dbCpuPerMessage"), cpu("raw", "dbCpuPerMessage")),
      ratio(cpu("app", "driverCpuPerMessage"), cpu("raw", "driverCpuPerMessage")),
      "",
      "",
      "",
      "",
    ]);
    if (INSTANCES === 2) {
      rows.push([
        `${mode}: ratio on the receiving instance`,
        ratio(median(all("app", "remote")), median(all("raw", "remote"))),
        ratio(p99(all("app", "remote")), p99(all("raw", "remote"))),
        "",
        "",
        "",
        "",
        "",
        `${all("app", "remote").length}/${all("raw", "remote").length}`,
        "",
        "",
      ]);
    }
  }
  console.log(table(rows));
  console.log(`failed sends ${failedSends}, socket errors ${socketErrors}`);
} finally {
  await Promise.allSettled(clients.map((c) => c.dispose()));
  await Promise.allSettled(children.map((c) => c.stop()));
  await statusConnection.end();
  await db.drop();
}
