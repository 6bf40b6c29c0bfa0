/**
 * Scale mode of `npm run bench`: a community of N students on MariaDB, each read scenario run
 * through the app's doors (GraphQL and REST, the compiled server in production mode) beside a
 * bare node:http + mysql2 server running the very same SQL, alternating, in the same run.
 *
 *   npm run bench -- --students 100000 [--rounds 5] [--requests 400] [--slices 3] [--concurrency 16] [--warmup 600] [--fresh]
 *
 * MariaDB from BENCH_MYSQL_URL, DATABASE_URL or TEST_MYSQL_URL. The community is seeded once into
 * `sx_bench_<N>` (bulk SQL, a few minutes at 100,000) and reused by later runs unless --fresh.
 * What the app runs for a request is read from MariaDB's general log (switched on only while one
 * request of each variant is sent), so the baseline replays exactly those statements.
 *
 * Printed per scenario: SQL statements per request; the SQL time of those statements run
 * directly, as a multiple of an indexed 20-row read of `users` (alternating, same connection);
 * the door's requests per second as a share of the raw server's (median, min, max over rounds);
 * and p99 latency against the raw server's p99 at the same concurrency. Ratios, not times: the
 * machine is shared, so compare runs by their ratios.
 */
import "reflect-metadata";
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Connection, createConnection } from "mysql2/promise";
import { openDatabase } from "../graph/src/db/data-source.js";
import { allEntities } from "../graph/src/modules/index.js";
import { systemClock } from "../graph/src/shared/clock.js";
import { TokenService } from "../graph/src/shared/tokens.js";
import { load, median, quantile, type Req, send } from "./scale/load.js";
import {
  appEnv,
  CHATS,
  cpuMs,
  FEED,
  FEED_FILTERED,
  gql,
  LEADERBOARD,
  mariadbPid,
  PROFILE_QUERY,
  pick,
  rest,
  SEARCH,
  SEARCH_FILTERED,
} from "./scale/requests.js";
import { seedCommunity } from "./scale/seed.js";

const root = path.resolve(import.meta.dirname, "..");

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const STUDENTS = arg("students", 10_000);
const ROUNDS = arg("rounds", 5);
const REQUESTS = arg("requests", 400);
const CONCURRENCY = arg("concurrency", 16);
/**
 * Requests each door answers for a scenario before it is measured: enough for V8 to optimise the
 * code the scenario runs (a few hundred calls before a function is compiled by TurboFan), as in a
 * server that has been up for a while. The raw server's path is a few functions; the app's is
 * thousands, so a short warm-up measured the app partly in its unoptimised tiers.
 */
const WARMUP = arg("warmup", 600);
/** `--slices K`: each round alternates the two doors K times, REQUESTS/K requests each time (see the round loop). */
const SLICES = Math.max(1, arg("slices", 3));
const VARIANTS = 16;
const FRESH = process.argv.includes("--fresh");
/** `--profile DIR`: the app runs with --cpu-prof into DIR (summarise with bench/scale/profile-summary.mjs). */
const PROFILE = process.argv.includes("--profile") ? path.resolve(process.argv[process.argv.indexOf("--profile") + 1]) : null;
/** `--only a,b`: just the scenarios whose "door name" contains one of these. */
const ONLY = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1].split(",") : null;

const baseUrl = process.env.BENCH_MYSQL_URL ?? process.env.DATABASE_URL ?? process.env.TEST_MYSQL_URL;
if (!baseUrl || !/^(mysql|mariadb):/.test(baseUrl)) {
  console.error("Scale mode needs MariaDB: set BENCH_MYSQL_URL, DATABASE_URL or TEST_MYSQL_URL (mysql://root@127.0.0.1:3306/test).");
  process.exit(1);
}
/** BENCH_DB_NAME: another database for a branch whose schema differs (the community is seeded there). */
const dbName = process.env.BENCH_DB_NAME ?? `sx_bench_${STUDENTS}`;
const serverUrl = new URL(baseUrl.replace(/^mariadb:/, "mysql:"));
serverUrl.pathname = "";
const dbUrl = new URL(serverUrl);
dbUrl.pathname = `/${dbName}`;
const log = (s: string) => console.log(s);

async function ensureCommunity(admin: Connection): Promise<{ ids: string[]; chatty: string[] }> {
  const [have] = (await admin.query(
    "SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'bench_meta'",
    [dbName],
  )) as unknown as [Array<{ n: number }>];
  if (!FRESH && Number(have[0].n) > 0) {
    const [meta] = (await admin.query(`SELECT students, chatty FROM \`${dbName}\`.bench_meta`)) as unknown as [
      Array<{ students: number; chatty: string }>,
    ];
    if (meta[0] && Number(meta[0].students) === STUDENTS) {
      log(`reusing ${dbName} (--fresh seeds it again)`);
      const [rows] = (await admin.query(`SELECT id FROM \`${dbName}\`.users ORDER BY createdAt, id`)) as unknown as [Array<{ id: string }>];
      return { ids: rows.map((r) => r.id), chatty: JSON.parse(meta[0].chatty) as string[] };
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS \`${dbName}\``);
  await admin.query(`CREATE DATABASE \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const ds = await openDatabase({ kind: "mysql", url: dbUrl.toString() } as never, { entities: allEntities });
  await ds.destroy();
  const conn = await createConnection({ uri: dbUrl.toString(), timezone: "Z", charset: "utf8mb4_unicode_ci" });
  const started = Date.now();
  log(`seeding ${STUDENTS} students, ${STUDENTS / 10} chats, ${STUDENTS / 20} implement posts into ${dbName}...`);
  await conn.query("SET unique_checks = 0, foreign_key_checks = 0");
  const seeded = await seedCommunity(
    conn,
    { students: STUDENTS, chats: STUDENTS / 10, implementPosts: STUDENTS / 20 },
    new Date(Date.now() - 3600_000),
    log,
  );
  for (const t of ["users", "user_skills", "user_languages", "feed_entries", "search_terms", "chats", "chat_messages", "implement_posts"]) {
    await conn.query(`ANALYZE TABLE \`${t}\``);
  }
  await conn.query("CREATE TABLE bench_meta (students INT NOT NULL, chatty LONGTEXT NOT NULL)");
  await conn.query("INSERT INTO bench_meta VALUES (?, ?)", [STUDENTS, JSON.stringify(seeded.chatty.slice(0, 64))]);
  await conn.end();
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { ids: seeded.ids, chatty: seeded.chatty.slice(0, 64) };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
async function waitFor(port: number, p: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await send(port, { method: "GET", path: p })).status === 200) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`no answer on ${p}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

interface Scenario {
  name: string;
  door: "GraphQL" | "REST";
  /** Whether the "SQL within 10x of an indexed read" applies (feed and search pages). */
  sqlBound: boolean;
  /** Served from a cache after its first read (the leaderboard): the raw server runs the SQL of a miss every time. */
  cached?: boolean;
  variants: Req[];
}

async function feedCursor(port: number, token: string, page: number): Promise<string | null> {
  let after: string | null = null;
  for (let p = 1; p < page; p++) {
    const r = await send(port, gql(FEED, { first: 10, after }, token));
    const feed = (JSON.parse(r.body) as { data: { feed: { pageInfo: { endCursor: string | null } } } }).data.feed;
    after = feed.pageInfo.endCursor;
  }
  return after;
}

/** The statements the app's connections ran while one request was answered (general log). */
async function capture(admin: Connection, port: number, r: Req): Promise<string[]> {
  const [[{ t0 }]] = (await admin.query("SELECT NOW(6) AS t0")) as unknown as [[{ t0: string }]];
  const res = await send(port, r);
  if (res.status !== 200 || res.body.startsWith('{"errors"')) throw new Error(`${r.path}: ${res.status} ${res.body.slice(0, 300)}`);
  const [threads] = (await admin.query("SELECT ID FROM information_schema.PROCESSLIST WHERE DB = ? AND ID <> CONNECTION_ID()", [
    dbName,
  ])) as unknown as [Array<{ ID: number }>];
  if (threads.length === 0) return [];
  const [rows] = (await admin.query(
    `SELECT argument FROM mysql.general_log WHERE event_time >= ? AND command_type = 'Query' AND thread_id IN (${threads.map((t) => Number(t.ID)).join(",")})`,
    [t0],
  )) as unknown as [Array<{ argument: Buffer | string }>];
  return rows.map((x) => String(x.argument));
}

async function sqlRatio(conn: Connection, statements: string[][], ids: string[]): Promise<number> {
  const page: number[] = [];
  const read: number[] = [];
  for (let rep = 0; rep < 6; rep++) {
    for (const [v, list] of statements.entries()) {
      const after = ids[(v * 7919 + rep * 104729) % ids.length];
      let t = performance.now();
      await conn.query("SELECT id, name, image, createdAt FROM users WHERE id > ? ORDER BY id LIMIT 20", [after]);
      read.push(performance.now() - t);
      t = performance.now();
      for (const s of list) await conn.query(s);
      page.push(performance.now() - t);
    }
  }
  return median(page) / median(read);
}

const mariadb = mariadbPid();

const fmt = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : "-");

async function main() {
  const admin = await createConnection({ uri: serverUrl.toString().replace(/\/$/, ""), timezone: "Z" });
  const community = await ensureCommunity(admin);
  const { ids, chatty } = community;
  const [[bp]] = (await admin.query("SELECT @@innodb_buffer_pool_size AS b")) as unknown as [[{ b: number }]];
  log(`MariaDB innodb_buffer_pool_size ${(Number(bp.b) / 2 ** 20).toFixed(0)} MiB`);

  const { buildServer, serverIsStale } = (await import(pathToFileURL(path.join(root, "scripts/build-server.mjs")).href)) as {
    buildServer: () => Promise<void>;
    serverIsStale: () => boolean;
  };
  if (serverIsStale()) {
    log("compiling the server...");
    await buildServer();
  }
  const secret = randomBytes(32).toString("hex");
  const appPort = await freePort();
  const nodeArgs = PROFILE ? ["--cpu-prof", "--cpu-prof-dir", PROFILE] : [];
  const app = spawn(process.execPath, [...nodeArgs, path.join(root, "dist/server/main.js")], {
    cwd: root,
    env: appEnv(appPort, dbUrl.toString(), secret),
    stdio: ["ignore", "inherit", "inherit"],
  });
  let raw: ChildProcess | null = null;
  try {
    await waitFor(appPort, "/healthz");
    const tokens = new TokenService(secret, systemClock);
    const viewers = pick(ids, VARIANTS);
    const viewerTokens = await Promise.all(viewers.map((id) => tokens.sign(id, 0)));
    const chatTokens = await Promise.all(pick(chatty, VARIANTS).map((id) => tokens.sign(id, 0)));
    const targets = pick(ids.slice().reverse(), VARIANTS);
    log("walking feed cursors for pages 5 and 50...");
    const p5 = await Promise.all(viewerTokens.map((t) => feedCursor(appPort, t, 5)));
    const p50 = await Promise.all(viewerTokens.map((t) => feedCursor(appPort, t, 50)));
    const names = ["aar", "kav", "pri", "kar", "sne", "meera", "raghav", "sha", "ven", "jos", "nai", "ana", "vig", "har", "lak", "dee"];
    const skills = [
      "pyth",
      "gui",
      "java",
      "react",
      "yoga",
      "chess",
      "calc",
      "c",
      "go",
      "pho",
      "mach",
      "publ",
      "tamil",
      "pia",
      "sql",
      "ard",
    ];
    const langs = ["tam", "hin", "fre", "eng", "ger", "jap", "tel", "mal", "kan", "ben", "spa", "ara", "ita", "kor", "rus", "urd"];
    const fullLangs = ["Tamil", "Hindi", "English", "French", "German", "Telugu", "Malayalam", "Kannada"];
    const v = (f: (i: number) => Req) => Array.from({ length: VARIANTS }, (_, i) => f(i));
    const scenarios: Scenario[] = [
      // The floor: no SQL and no token, what each door costs before any work (the raw server answers `{"data":[]}`).
      { name: "floor", door: "GraphQL", sqlBound: false, variants: [gql("{ __typename }", {})] },
      { name: "feed page 1", door: "GraphQL", sqlBound: true, variants: v((i) => gql(FEED, { first: 10 }, viewerTokens[i])) },
      { name: "feed page 5", door: "GraphQL", sqlBound: true, variants: v((i) => gql(FEED, { first: 10, after: p5[i] }, viewerTokens[i])) },
      {
        name: "feed page 50",
        door: "GraphQL",
        sqlBound: true,
        variants: v((i) => gql(FEED, { first: 10, after: p50[i] }, viewerTokens[i])),
      },
      {
        name: "search name",
        door: "GraphQL",
        sqlBound: true,
        variants: v((i) => gql(SEARCH, { query: names[i], filter: "NAME", first: 20 }, viewerTokens[i])),
      },
      {
        name: "search skill",
        door: "GraphQL",
        sqlBound: true,
        variants: v((i) => gql(SEARCH, { query: skills[i], filter: "SKILLS_KNOWN", first: 20 }, viewerTokens[i])),
      },
      {
        name: "search language",
        door: "GraphQL",
        sqlBound: true,
        variants: v((i) => gql(SEARCH, { query: langs[i], filter: "LANGUAGES", first: 20 }, viewerTokens[i])),
      },
      // Discovery filters: the feed with three filters (ranking kept, bounded walks), and a search with three.
      {
        name: "feed page 1, 3 filters",
        door: "GraphQL",
        sqlBound: true,
        variants: v((i) =>
          gql(
            FEED_FILTERED,
            { first: 10, filters: { language: fullLangs[i % fullLangs.length], minRating: 3, maxCoins: 20 } },
            viewerTokens[i],
          ),
        ),
      },
      {
        name: "feed page 1, skill + online",
        door: "GraphQL",
        sqlBound: true,
        variants: v((i) =>
          gql(
            FEED_FILTERED,
            { first: 10, filters: { category: "Programming & Technology", hasTaught: true, onlineNow: true } },
            viewerTokens[i],
          ),
        ),
      },
      {
        name: "search skill, 3 filters",
        door: "GraphQL",
        sqlBound: true,
        variants: v((i) =>
          gql(
            SEARCH_FILTERED,
            { query: skills[i], filter: "SKILLS_KNOWN", first: 20, filters: { language: "English", minRating: 3, maxCoins: 20 } },
            viewerTokens[i],
          ),
        ),
      },
      {
        name: "feed page 1, 3 filters",
        door: "REST",
        sqlBound: true,
        variants: v((i) =>
          rest("GET", `/dashboard?skip=0&language=${fullLangs[i % fullLangs.length]}&minRating=3&maxCoins=20`, viewerTokens[i]),
        ),
      },
      { name: "profile", door: "GraphQL", sqlBound: false, variants: v((i) => gql(PROFILE_QUERY, { id: targets[i] }, viewerTokens[i])) },
      { name: "chat list", door: "GraphQL", sqlBound: false, variants: v((i) => gql(CHATS, {}, chatTokens[i])) },
      { name: "leaderboard", door: "GraphQL", sqlBound: false, cached: true, variants: [gql(LEADERBOARD, { first: 100 })] },
      { name: "feed page 1", door: "REST", sqlBound: true, variants: v((i) => rest("GET", "/dashboard?skip=0", viewerTokens[i])) },
      {
        name: "search skill",
        door: "REST",
        sqlBound: true,
        variants: v((i) => rest("POST", "/dashboard/search", viewerTokens[i], { searchQuery: skills[i], selectedFilter: "skillsKnown" })),
      },
      { name: "profile", door: "REST", sqlBound: false, variants: v((i) => rest("GET", `/user/${targets[i]}`, viewerTokens[i])) },
      { name: "chat list", door: "REST", sqlBound: false, variants: v((i) => rest("GET", "/user/chat", chatTokens[i])) },
      { name: "leaderboard", door: "REST", sqlBound: false, cached: true, variants: [rest("GET", "/leaderboard")] },
      { name: "/healthz (liveness, no SQL)", door: "REST", sqlBound: false, variants: [{ method: "GET", path: "/healthz" }] },
    ];
    const key = (s: Scenario) => `${s.door} ${s.name}`;
    if (ONLY) scenarios.splice(0, scenarios.length, ...scenarios.filter((s) => ONLY.some((o) => key(s).includes(o))));

    log("capturing each request's SQL from the general log...");
    const [[logState]] = (await admin.query("SELECT @@general_log AS g, @@log_output AS o")) as unknown as [[{ g: number; o: string }]];
    await admin.query("SET GLOBAL log_output = 'TABLE'");
    await admin.query("SET GLOBAL general_log = 1");
    const captured: Record<string, string[][]> = {};
    try {
      // REST first: its leaderboard reads the ranking once per request, so its first capture is a
      // clean cache miss (GraphQL's first request also sends the cache's readiness probe).
      for (const s of [...scenarios].reverse()) {
        captured[key(s)] = [];
        for (const r of s.variants) captured[key(s)].push(await capture(admin, appPort, r));
      }
    } finally {
      await admin.query(`SET GLOBAL general_log = ${Number(logState.g) ? 1 : 0}`);
      await admin.query("SET GLOBAL log_output = ?", [logState.o]);
      await admin.query("TRUNCATE TABLE mysql.general_log").catch(() => undefined);
    }
    // A cached answer runs no SQL once warm: its baseline runs what a miss runs, as captured on
    // the first request through either door.
    for (const s of scenarios.filter((x) => x.cached)) {
      const miss = scenarios.map((o) => (o.name === s.name ? captured[key(o)].find((l) => l.length > 0) : undefined)).find(Boolean);
      if (miss) captured[key(s)] = captured[key(s)].map(() => miss);
    }
    // Warm both the app and MariaDB's buffer pool before measuring.
    for (const s of scenarios) await load(appPort, (i) => s.variants[i % s.variants.length], s.variants.length * 2, 4);

    const file = path.join(mkdtempSync(path.join(os.tmpdir(), "sx-bench-sql-")), "statements.json");
    writeFileSync(file, JSON.stringify(captured));
    log(`captured statements: ${file}`);

    raw = spawn(process.execPath, [path.join(root, "bench/scale/raw-server.mjs"), dbUrl.toString(), file], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const rawPort = await new Promise<number>((resolve, reject) => {
      raw!.stdout!.once("data", (d: Buffer) => resolve(Number(String(d).trim())));
      raw!.once("exit", () => reject(new Error("raw server exited")));
    });

    const conn = await createConnection({ uri: dbUrl.toString(), timezone: "Z" });
    const rows: string[][] = [];
    for (const s of scenarios) {
      const statements = captured[key(s)];
      const perRequest = median(statements.map((l) => l.length));
      const sqlX = s.sqlBound ? await sqlRatio(conn, statements, ids) : NaN;
      const ratios: number[] = [];
      const appCpu = { server: [] as number[], db: [] as number[] };
      const rawCpu = { server: [] as number[], db: [] as number[] };
      const appLat: number[] = [];
      const rawLat: number[] = [];
      const rawReq = (i: number): Req => ({ method: "GET", path: `/r/${encodeURIComponent(key(s))}/${i % s.variants.length}` });
      await load(appPort, (i) => s.variants[i % s.variants.length], WARMUP, CONCURRENCY);
      await load(rawPort, rawReq, WARMUP, CONCURRENCY);
      for (let round = 0; round < ROUNDS; round++) {
        // A round is SLICES short runs of each door, alternating (app raw raw app app raw ...), and its
        // ratio is the app's requests over its total time against the raw server's: load that comes
        // and goes on a shared machine then falls on both doors alike, where one long run of each met
        // whatever the machine was doing during its own half-second.
        // CPU per request of the server and of MariaDB: steadier than requests/s on a shared box.
        const tally = { app: { n: 0, ms: 0 }, raw: { n: 0, ms: 0 } };
        const cpu = { app: { server: 0, db: 0 }, raw: { server: 0, db: 0 } };
        const slice = Math.ceil(REQUESTS / SLICES);
        const run = async (door: "app" | "raw") => {
          const pid = door === "app" ? app.pid! : raw!.pid!;
          const [s0, d0] = [cpuMs(pid), cpuMs(mariadb)];
          const r =
            door === "app"
              ? await load(appPort, (i) => s.variants[i % s.variants.length], slice, CONCURRENCY)
              : await load(rawPort, rawReq, slice, CONCURRENCY);
          cpu[door].server += cpuMs(pid) - s0;
          cpu[door].db += cpuMs(mariadb) - d0;
          tally[door].n += slice;
          tally[door].ms += r.ms;
          (door === "app" ? appLat : rawLat).push(...r.latencies);
        };
        for (let k = 0; k < SLICES; k++) {
          // Alternate which door goes first, so neither always meets a warmer machine.
          const appFirst = (round + k) % 2 === 0;
          await run(appFirst ? "app" : "raw");
          await run(appFirst ? "raw" : "app");
        }
        const appRate = tally.app.n / tally.app.ms;
        ratios.push(appRate / (tally.raw.n / tally.raw.ms));
        appCpu.server.push(cpu.app.server / tally.app.n);
        appCpu.db.push(cpu.app.db / tally.app.n);
        rawCpu.server.push(cpu.raw.server / tally.raw.n);
        rawCpu.db.push(cpu.raw.db / tally.raw.n);
      }
      const row = [
        s.door,
        s.name,
        s.cached ? `0 (cached; raw runs the ${perRequest} of a miss)` : String(perRequest),
        s.sqlBound ? `${fmt(sqlX, 1)}x` : "-",
        `${fmt(median(ratios))} (${fmt(Math.min(...ratios))}-${fmt(Math.max(...ratios))})`,
        fmt(quantile(appLat, 0.99) / quantile(rawLat, 0.99)),
        `${fmt(median(appCpu.server))} + ${fmt(median(appCpu.db))} / ${fmt(median(rawCpu.server))} + ${fmt(median(rawCpu.db))}`,
        `${fmt(quantile(appLat, 0.99), 1)} / ${fmt(quantile(rawLat, 0.99), 1)}`,
      ];
      rows.push(row);
      log(row.join(" | "));
    }
    await conn.end();
    // The GraphQL leaderboard against REST's, both answered by the app from its cache: their two doors
    // alternate in the same rounds (as app and raw do above), so load that comes and goes on the box falls
    // on both; each scenario's own median, measured minutes apart, would compare two different machines.
    const graphqlBoard = scenarios.find((s) => s.door === "GraphQL" && s.name === "leaderboard");
    const restBoard = scenarios.find((s) => s.door === "REST" && s.name === "leaderboard");
    const boardRatios: number[] = [];
    if (graphqlBoard && restBoard) {
      const slice = Math.ceil(REQUESTS / SLICES);
      for (let round = 0; round < ROUNDS; round++) {
        const ms = { graphql: 0, rest: 0 };
        for (let k = 0; k < SLICES; k++) {
          const order: Array<"graphql" | "rest"> = (round + k) % 2 === 0 ? ["graphql", "rest"] : ["rest", "graphql"];
          for (const door of order) {
            const s = door === "graphql" ? graphqlBoard : restBoard;
            ms[door] += (await load(appPort, (i) => s.variants[i % s.variants.length], slice, CONCURRENCY)).ms;
          }
        }
        boardRatios.push(ms.rest / ms.graphql);
      }
    }
    log(
      `\n${STUDENTS} students on MariaDB, ${ROUNDS} rounds of ${REQUESTS} requests per door (in ${SLICES} alternating slices), concurrency ${CONCURRENCY}`,
    );
    log(
      "| door | scenario | SQL statements | SQL time / indexed 20-row read | req/s vs raw (median, min-max) | p99 vs raw | CPU ms per request, server + MariaDB: app / raw | p99 ms app / raw |",
    );
    log("|---|---|---|---|---|---|---|---|");
    for (const r of rows) log(`| ${r.join(" | ")} |`);
    if (boardRatios.length) {
      log(
        `\nGraphQL leaderboard / REST leaderboard requests per second (the two alternating on the app, ${ROUNDS} rounds): ${fmt(median(boardRatios))} (${fmt(Math.min(...boardRatios))}-${fmt(Math.max(...boardRatios))})`,
      );
    }
  } finally {
    if (raw) await stop(raw);
    await stop(app);
    await admin.end();
  }
}

await main();
