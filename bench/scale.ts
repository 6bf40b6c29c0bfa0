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
import os from "node:os";
import path from "node:path";
import { type Connection, createConnection } from "mysql2/promise";
import { systemClock } from "../graph/src/shared/clock.js";
import { TokenService } from "../graph/src/shared/tokens.js";
import { alternate, load, median, quantile, type Req, send } from "./scale/load.js";
import {
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
import { adminConnection, communityDatabase, ensureCommunity, startApp, stop } from "./scale/community.js";
import { root } from "./support/servers.js";

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

/** BENCH_DB_NAME: another database for a branch whose schema differs (the community is seeded there). */
const db = communityDatabase("Scale mode", STUDENTS, process.env.BENCH_DB_NAME);
const dbName = db.name;
const dbUrl = db.url;
const log = (s: string) => console.log(s);

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
  const admin = await adminConnection(db);
  const community = await ensureCommunity(admin, db, { fresh: FRESH, log });
  const { ids, chatty } = community;
  const [[bp]] = (await admin.query("SELECT @@innodb_buffer_pool_size AS b")) as unknown as [[{ b: number }]];
  log(`MariaDB innodb_buffer_pool_size ${(Number(bp.b) / 2 ** 20).toFixed(0)} MiB`);

  const secret = randomBytes(32).toString("hex");
  const nodeArgs = PROFILE ? ["--cpu-prof", "--cpu-prof-dir", PROFILE] : [];
  const { child: app, port: appPort } = await startApp(dbUrl.toString(), secret, { nodeArgs });
  let raw: ChildProcess | null = null;
  try {
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
      const rawReq = (i: number): Req => ({ method: "GET", path: `/r/${encodeURIComponent(key(s))}/${i % s.variants.length}` });
      await load(appPort, (i) => s.variants[i % s.variants.length], WARMUP, CONCURRENCY);
      await load(rawPort, rawReq, WARMUP, CONCURRENCY);
      // The app and the raw server alternate in slices within each round (`alternate`), and a round's
      // ratio is the app's requests over its total time against the raw server's.
      // CPU per request of the server and of MariaDB: steadier than requests/s on a shared box.
      const cpuOf = (pid: number) => () => ({ server: cpuMs(pid), db: cpuMs(mariadb) });
      const measured = await alternate(
        [
          { port: appPort, make: (i) => s.variants[i % s.variants.length], cpu: cpuOf(app.pid!) },
          { port: rawPort, make: rawReq, cpu: cpuOf(raw.pid!) },
        ],
        { rounds: ROUNDS, requests: REQUESTS, slices: SLICES, concurrency: CONCURRENCY },
      );
      for (const [a, r] of measured.rounds) {
        ratios.push(a.n / a.ms / (r.n / r.ms));
        appCpu.server.push(a.server / a.n);
        appCpu.db.push(a.db / a.n);
        rawCpu.server.push(r.server / r.n);
        rawCpu.db.push(r.db / r.n);
      }
      const [appLat, rawLat] = measured.latencies;
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
      const board = (b: Scenario) => ({ port: appPort, make: (i: number) => b.variants[i % b.variants.length] });
      const measured = await alternate([board(graphqlBoard), board(restBoard)], {
        rounds: ROUNDS,
        requests: REQUESTS,
        slices: SLICES,
        concurrency: CONCURRENCY,
      });
      for (const [graphql, restRound] of measured.rounds) boardRatios.push(restRound.ms / graphql.ms);
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
