/**
 * `npm run bench:views`: each leaderboard view against a profile read, through both doors of the
 * compiled server on MariaDB, at 10,000 and then 100,000 students (the target: at 100,000 every
 * view costs at most 3x a profile read).
 *
 *   npm run bench:views [-- --students 10000,100000] [--rounds 5] [--requests 300] [--slices 3]
 *     [--concurrency 16] [--warmup 300] [--page 25] [--misses 7] [--doors graphql,rest] [--only week,around] [--fresh]
 *
 * The community is bench/scale.ts's (`sx_bench_<N>`, seeded once, reused; `--fresh` seeds again),
 * and on every run this bench writes the period views' facts relative to now (seed.ts
 * `seedPeriodActivity`: ratings given this week and month, lessons held), so the week and month
 * views are never empty. The reference is the scale bench's profile read (GraphQL `user(id)`,
 * REST `GET /api/user/:id`, a signed-in viewer, 16 viewers and targets). The views: the all-time
 * top page (`--page` rows) and its top 100 (the web page's request, REST's default page), its second
 * page (`after`), each of the 10 categories, this week, this month, category + week, category +
 * month, and `around` a student in the middle of the all-time table.
 *
 * Warm (the view's board already built, as between two changes of the ranking): each view and the
 * profile read alternate in slices within each round at `--concurrency` (bench/scale/load.ts
 * `alternate`). Printed: the view's cost as a multiple of the profile read's, from requests per
 * second (median over rounds, min-max), from median latency, and from CPU per request (the app's
 * plus MariaDB's, from /proc: the steadiest of the three on a shared box). Over 3 is flagged.
 *
 * After a change: a second instance runs with Redis (a private `redis-server` on a free port, or
 * `--redis URL`), the bench makes a change and publishes LEADERBOARD_CHANGED as another instance
 * would after it, and times the
 * next read of the view alone (concurrency 1, `--misses` times) against profile reads at
 * concurrency 1 around it; also the app's CPU for that read (10 ms ticks). Then one change and
 * each of the 33 views read once (what a change costs an instance whose views are all watched by
 * live boards). Skipped when neither Redis is available. `--change transfer` (the default): one coin
 * moves between two random students (their users.skillCoins, put back at the end) and the event names
 * them, as a coin transfer's does (the boards are patched); `--change all`: an event naming no
 * student (every board is rebuilt, as on a change that names none).
 *
 * MariaDB from BENCH_MYSQL_URL, DATABASE_URL or TEST_MYSQL_URL. The load average is printed with
 * each scale: the box is shared, so compare ratios, never times from another run.
 */
import "reflect-metadata";
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import os from "node:os";
import { Redis } from "ioredis";
import { createConnection } from "mysql2/promise";
import { periodRange } from "../common/leaderboard.js";
import { CATEGORIES } from "../common/profiles.js";
import { systemClock } from "../graph/src/shared/clock.js";
import { TokenService } from "../graph/src/shared/tokens.js";
import { adminConnection, communityDatabase, ensureCommunity, freePort, startApp, stop } from "./scale/community.js";
import { alternate, load, median, type Req, send } from "./scale/load.js";
import { cpuMs, gql, mariadbPid, option, pick, PROFILE_QUERY, rest } from "./scale/requests.js";
import { seedPeriodActivity } from "./scale/seed.js";

const num = (name: string, fallback: number) => Number(option(name, String(fallback)));
const SCALES = option("students", "10000,100000").split(",").map(Number);
const ROUNDS = num("rounds", 5);
const REQUESTS = num("requests", 300);
const SLICES = Math.max(1, num("slices", 3));
const CONCURRENCY = num("concurrency", 16);
const WARMUP = num("warmup", 300);
const PAGE = num("page", 25);
const MISSES = num("misses", 7);
const DOORS = option("doors", "graphql,rest").split(",") as Door[];
const ONLY = option("only", "") ? option("only", "").split(",") : null;
const FRESH = process.argv.includes("--fresh");
const REDIS = option("redis", "");
const CHANGE = option("change", "transfer");
if (CHANGE !== "transfer" && CHANGE !== "all") throw new Error("--change is transfer or all");
const VARIANTS = 16;
/** The target: a view costs at most this many profile reads. */
const LIMIT = 3;

type Door = "graphql" | "rest";
const log = (s: string) => console.log(s);
const fmt = (n: number, d = 2) => (Number.isFinite(n) ? n.toFixed(d) : "-");
const flag = (x: number) => (x > LIMIT ? ` **> ${LIMIT}**` : "");
const range = (v: number[]) => `${fmt(median(v))} (${fmt(Math.min(...v))}-${fmt(Math.max(...v))})`;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

const VIEW_QUERY = `query V($first: Int, $view: LeaderboardViewInput, $around: ID, $after: String) {
  leaderboard(first: $first, view: $view, around: $around, after: $after) {
    view { category period from to } around { userId rank reason }
    edges { node { rank userId name rating ratingCount skillCoins periodRating periodRatingCount periodLessons } }
    pageInfo { hasNextPage endCursor } } }`;

interface ViewSpec {
  /** Rows (default `--page`). */
  first?: number;
  category?: string;
  period?: "week" | "month";
  around?: string;
  after?: string;
}

/** A view's request through a door (GraphQL as the web page asks; REST as an integrator does). */
function viewRequest(door: Door, v: ViewSpec): Req {
  if (door === "graphql") {
    const view = v.category || v.period ? { category: v.category ?? null, period: v.period?.toUpperCase() ?? "ALL_TIME" } : null;
    return gql(VIEW_QUERY, { first: v.first ?? PAGE, view, around: v.around ?? null, after: v.after ?? null });
  }
  const q = new URLSearchParams({ first: String(v.first ?? PAGE) });
  for (const k of ["category", "period", "around", "after"] as const) if (v[k]) q.set(k, v[k]);
  return rest("GET", `/leaderboard/view?${q}`);
}

interface Page {
  rows: number;
  endCursor: string | null;
  around: number | null;
}
function pageOf(door: Door, body: string): Page {
  if (door === "graphql") {
    const c = (
      JSON.parse(body) as {
        data: { leaderboard: { edges: unknown[]; pageInfo: { endCursor: string | null }; around: { rank: number } | null } };
      }
    ).data.leaderboard;
    return { rows: c.edges.length, endCursor: c.pageInfo.endCursor, around: c.around?.rank ?? null };
  }
  const p = JSON.parse(body) as { rows: unknown[]; pageInfo: { endCursor: string | null }; around: { rank: number } | null };
  return { rows: p.rows.length, endCursor: p.pageInfo.endCursor, around: p.around?.rank ?? null };
}

interface Scenario {
  door: Door;
  name: string;
  make: (i: number) => Req;
}

interface Result {
  door: Door;
  name: string;
  rows: string;
  /** View / profile, from requests per second, one per round. */
  cost: number[];
  latency: number;
  cpu: number;
  /** Profile and view ms per request at the median (latency) and CPU ms per request (app + MariaDB). */
  abs: { profileMs: number; viewMs: number; profileCpu: number; viewCpu: number };
  miss?: { ratio: number; ms: number; profileMs: number; cpuMs: number };
}

/** Students placed in the middle of the all-time table (the app's order: keys descending, then id). */
async function middleOfTable(dbUrl: string, students: number): Promise<string[]> {
  const conn = await createConnection({ uri: dbUrl });
  try {
    const out: string[] = [];
    for (let i = 0; i < VARIANTS; i++) {
      const at = Math.floor(students * (0.45 + (0.1 * i) / VARIANTS));
      const [rows] = (await conn.query(
        "SELECT id FROM users WHERE visible = 1 ORDER BY ratingAvg DESC, ratingCount DESC, skillCoins DESC, id LIMIT 1 OFFSET ?",
        [at],
      )) as unknown as [Array<{ id: string }>];
      out.push(rows[0].id);
    }
    return out;
  } finally {
    await conn.end();
  }
}

/** How many students each kind of view ranks (for the printout: the views are not toy-sized). */
async function viewSizes(dbUrl: string, now: Date): Promise<string> {
  const conn = await createConnection({ uri: dbUrl, timezone: "Z" });
  try {
    const count = async (sql: string, params: unknown[] = []) =>
      Number(((await conn.query(sql, params)) as unknown as [Array<{ n: number }>])[0][0].n);
    const listed = await count("SELECT COUNT(*) AS n FROM users WHERE visible = 1");
    const teachers = await count(
      "SELECT MAX(c) AS n FROM (SELECT COUNT(*) AS c FROM feed_entries WHERE kind = 'g' AND term2 = '' AND validTo IS NULL GROUP BY term) t",
    );
    const active = async (period: "week" | "month") => {
      const { from, to } = periodRange(period, now)!;
      const until = to < now ? to : now;
      return count(
        `SELECT COUNT(DISTINCT u) AS n FROM (
           SELECT receiverId AS u FROM chats WHERE requesterRatedAt >= ? AND requesterRatedAt < ?
           UNION ALL SELECT requesterId FROM chats WHERE receiverRatedAt >= ? AND receiverRatedAt < ?
           UNION ALL SELECT proposerId FROM lessons WHERE status = 'scheduled' AND endsAt >= ? AND endsAt <= ?
           UNION ALL SELECT partnerId FROM lessons WHERE status = 'scheduled' AND endsAt >= ? AND endsAt <= ?) a`,
        [from, to, from, to, from, until, from, until],
      );
    };
    return `ranked: all time ${listed}, a category up to ${teachers}, this week ${await active("week")}, this month ${await active("month")}`;
  } finally {
    await conn.end();
  }
}

/** A Redis for the instance that measures reads after a change: `--redis URL`, else a private redis-server on a free port. */
async function privateRedis(): Promise<{ url: string; child: ChildProcess | null } | null> {
  if (REDIS) return { url: REDIS, child: null };
  const port = await freePort();
  const child = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], {
    stdio: "ignore",
  });
  const failed = new Promise<null>((resolve) => child.once("error", () => resolve(null)));
  const up = (async () => {
    for (let tries = 0; tries < 100; tries++) {
      const r = new Redis({ port, host: "127.0.0.1", lazyConnect: true, maxRetriesPerRequest: 0 });
      r.on("error", () => undefined);
      try {
        await r.connect();
        await r.ping();
        return { url: `redis://127.0.0.1:${port}`, child };
      } catch {
        await new Promise((res) => setTimeout(res, 50));
      } finally {
        r.disconnect();
      }
    }
    child.kill();
    return null;
  })();
  return Promise.race([up, failed]);
}

async function measureScale(students: number): Promise<{ results: Result[]; header: string }> {
  const db = communityDatabase("bench:views", students);
  const admin = await adminConnection(db);
  let community: { ids: string[] };
  try {
    community = await ensureCommunity(admin, db, { fresh: FRESH, log });
  } finally {
    await admin.end();
  }
  const { ids } = community;
  const now = new Date();
  const conn = await createConnection({ uri: db.url.toString(), timezone: "Z", charset: "utf8mb4_unicode_ci" });
  const activity = await seedPeriodActivity(conn, students, now);
  await conn.end();
  log(`${db.name}: period facts written (${activity.ratedChats} chats rated, ${activity.lessons} lessons)`);
  const sizes = await viewSizes(db.url.toString(), now);
  log(sizes);
  const middle = await middleOfTable(db.url.toString(), students);

  const secret = randomBytes(32).toString("hex");
  const tokens = new TokenService(secret, systemClock);
  const viewerTokens = await Promise.all(pick(ids, VARIANTS).map((id) => tokens.sign(id, 0)));
  const targets = pick(ids.slice().reverse(), VARIANTS);
  const profile = (door: Door) => (i: number) =>
    door === "graphql"
      ? gql(PROFILE_QUERY, { id: targets[i % VARIANTS] }, viewerTokens[i % VARIANTS])
      : rest("GET", `/user/${targets[i % VARIANTS]}`, viewerTokens[i % VARIANTS]);
  const category = (i: number) => CATEGORIES[i % CATEGORIES.length];

  /** The views of a door; page 2's cursor is read from page 1 on `port`. */
  const scenariosOf = async (door: Door, port: number): Promise<Scenario[]> => {
    const first = await send(port, viewRequest(door, {}));
    const cursor = pageOf(door, first.body).endCursor ?? undefined;
    const list: Array<[string, (i: number) => ViewSpec]> = [
      ["all time, top page", () => ({})],
      // What the web page asks (GraphQL) and REST's default page size.
      ["all time, top 100", () => ({ first: 100 })],
      ["all time, page 2", () => ({ after: cursor })],
      ["category", (i) => ({ category: category(i) })],
      ["this week", () => ({ period: "week" })],
      ["this month", () => ({ period: "month" })],
      ["category + week", (i) => ({ category: category(i), period: "week" })],
      ["category + month", (i) => ({ category: category(i), period: "month" })],
      ["around, mid-table", (i) => ({ around: middle[i % VARIANTS] })],
    ];
    return list
      .filter(([name]) => !ONLY || ONLY.some((o) => name.includes(o)))
      .map(([name, spec]) => {
        const reqs = Array.from({ length: VARIANTS }, (_, i) => viewRequest(door, spec(i)));
        return { door, name, make: (i: number) => reqs[i % VARIANTS] };
      });
  };

  /** Each variant once: the rows it answers (checked non-empty), "min-max", and `around`'s ranks. */
  const check = async (port: number, s: Scenario): Promise<string> => {
    const pages: Page[] = [];
    for (let i = 0; i < VARIANTS; i++) {
      const r = await send(port, s.make(i));
      if (r.status !== 200 || r.body.startsWith('{"errors"')) throw new Error(`${s.door} ${s.name}: ${r.status} ${r.body.slice(0, 300)}`);
      pages.push(pageOf(s.door, r.body));
    }
    const rows = pages.map((p) => p.rows);
    if (Math.min(...rows) === 0) throw new Error(`${s.door} ${s.name}: an empty page`);
    const ranks = pages.map((p) => p.around).filter((r): r is number => r !== null);
    const spread = Math.min(...rows) === Math.max(...rows) ? `${rows[0]}` : `${Math.min(...rows)}-${Math.max(...rows)}`;
    return ranks.length ? `${spread} (ranks ${Math.min(...ranks)}-${Math.max(...ranks)})` : spread;
  };

  const mariadb = mariadbPid();
  const results: Result[] = [];
  const loadBefore = loadAverage();

  // Warm: the views' boards built once, then every read a slice of them (between two changes).
  const warm = await startApp(db.url.toString(), secret);
  try {
    const cpu = () => ({ server: cpuMs(warm.child.pid!), db: cpuMs(mariadb) });
    for (const door of DOORS) {
      const ref = profile(door);
      await load(warm.port, ref, WARMUP, CONCURRENCY);
      for (const s of await scenariosOf(door, warm.port)) {
        const rows = await check(warm.port, s);
        await load(warm.port, s.make, WARMUP, CONCURRENCY);
        const m = await alternate(
          [
            { port: warm.port, make: ref, cpu },
            { port: warm.port, make: s.make, cpu },
          ],
          { rounds: ROUNDS, requests: REQUESTS, slices: SLICES, concurrency: CONCURRENCY },
        );
        const perRequest = (r: { n: number; server: number; db: number }) => (r.server + r.db) / r.n;
        const profileCpu = median(m.rounds.map(([p]) => perRequest(p)));
        const viewCpu = median(m.rounds.map(([, v]) => perRequest(v)));
        const [profileMs, viewMs] = [median(m.latencies[0]), median(m.latencies[1])];
        const r: Result = {
          door,
          name: s.name,
          rows,
          cost: m.rounds.map(([p, v]) => v.ms / v.n / (p.ms / p.n)),
          latency: viewMs / profileMs,
          cpu: viewCpu / profileCpu,
          abs: { profileMs, viewMs, profileCpu, viewCpu },
        };
        results.push(r);
        log(`  ${door} ${s.name}: rows ${rows}; cost ${range(r.cost)}x a profile read, latency ${fmt(r.latency)}x, CPU ${fmt(r.cpu)}x`);
      }
    }
  } finally {
    await stop(warm.child);
  }

  // After a change: the first read of a view rebuilds its board (and the students' walk all views share).
  let everyView = "";
  const redis = MISSES > 0 ? await privateRedis() : null;
  if (MISSES > 0 && !redis) log("  no redis-server and no --redis: reads after a change not measured");
  if (redis) {
    const app = await startApp(db.url.toString(), secret, { env: { REDIS_URL: redis.url } });
    const publisher = new Redis(redis.url);
    const listener = new Redis(redis.url);
    let heard = 0;
    listener.on("message", () => heard++);
    await listener.subscribe("LEADERBOARD_CHANGED");
    const writer = await createConnection({ uri: db.url.toString(), timezone: "Z", charset: "utf8mb4_unicode_ci" });
    /** Coins moved by `change`, per student: put back at the end. */
    const moved = new Map<string, number>();
    const move = async (id: string, delta: number) => {
      const [res] = await writer.query("UPDATE users SET skillCoins = skillCoins + ? WHERE id = ? AND skillCoins + ? >= 0", [
        delta,
        id,
        delta,
      ]);
      if ((res as { affectedRows: number }).affectedRows) moved.set(id, (moved.get(id) ?? 0) + delta);
    };
    /** Makes a change and publishes it as another instance does after one, and waits until it has been delivered. */
    const change = async () => {
      const seen = heard;
      let userIds: string[] | undefined;
      if (CHANGE === "transfer") {
        const a = ids[Math.floor(Math.random() * ids.length)];
        const others = ids.filter((id) => id !== a);
        userIds = [a, others[Math.floor(Math.random() * others.length)]];
        await move(userIds[0], -1);
        await move(userIds[1], 1);
      }
      await publisher.publish("LEADERBOARD_CHANGED", JSON.stringify({ at: new Date().toISOString(), ...(userIds ? { userIds } : {}) }));
      while (heard === seen) await new Promise((r) => setTimeout(r, 5));
      // The app's subscriber got it in the same instant as ours; give its event loop a moment.
      await new Promise((r) => setTimeout(r, 50));
    };
    const timed = async (r: Req) => {
      const t = performance.now();
      const res = await send(app.port, r, 1);
      if (res.status !== 200 || res.body.startsWith('{"errors"')) throw new Error(`${r.path}: ${res.status} ${res.body.slice(0, 200)}`);
      return performance.now() - t;
    };
    try {
      for (const door of DOORS) {
        const ref = profile(door);
        // Until its own probe came back through Redis, an instance does not cache: wait for that.
        await load(app.port, ref, WARMUP, 4);
        for (const s of await scenariosOf(door, app.port)) {
          await load(app.port, s.make, WARMUP, 4);
          const miss: number[] = [];
          const missCpu: number[] = [];
          const reads: number[] = [];
          for (let k = 0; k < MISSES; k++) {
            for (let j = 0; j < 10; j++) reads.push(await timed(ref(k * 10 + j)));
            await change();
            const c0 = cpuMs(app.child.pid!);
            miss.push(await timed(s.make(k)));
            missCpu.push(cpuMs(app.child.pid!) - c0);
          }
          const r = results.find((x) => x.door === door && x.name === s.name)!;
          r.miss = { ratio: median(miss) / median(reads), ms: median(miss), profileMs: median(reads), cpuMs: median(missCpu) };
          log(
            `  ${door} ${s.name} after a change: ${fmt(r.miss.ms, 1)} ms (${fmt(r.miss.ratio, 1)}x a profile read's ${fmt(r.miss.profileMs, 1)} ms), app CPU ${fmt(r.miss.cpuMs, 0)} ms`,
          );
        }
      }
      // Every view (10 categories or none, 3 periods) read once after one change, 100 rows each: what
      // one change costs an instance whose views are all watched (a live board reads its view's top
      // 100 again within a second of a change, and the web page then reads it again).
      const every = [undefined, ...CATEGORIES].flatMap((category) =>
        ([undefined, "week", "month"] as const).map((period) => viewRequest("rest", { first: 100, category, period })),
      );
      const wall: number[] = [];
      const appCpu: number[] = [];
      const dbCpu: number[] = [];
      for (let k = 0; k < MISSES; k++) {
        await change();
        const [c0, d0, t0] = [cpuMs(app.child.pid!), cpuMs(mariadb), performance.now()];
        for (const r of every) await timed(r);
        wall.push(performance.now() - t0);
        appCpu.push(cpuMs(app.child.pid!) - c0);
        dbCpu.push(cpuMs(mariadb) - d0);
      }
      everyView =
        `one change, then each of the ${every.length} views read once (100 rows, REST): ${fmt(median(wall), 0)} ms, ` +
        `app CPU ${fmt(median(appCpu), 0)} ms, MariaDB CPU ${fmt(median(dbCpu), 0)} ms (median of ${MISSES})`;
      log(`  ${everyView}`);
    } finally {
      for (const [id, delta] of moved) await writer.query("UPDATE users SET skillCoins = skillCoins - ? WHERE id = ?", [delta, id]);
      await writer.end();
      publisher.disconnect();
      listener.disconnect();
      await stop(app.child);
      if (redis.child) await stop(redis.child);
    }
  }
  const header =
    `${students} students on MariaDB (${sizes}); load average before ${loadBefore}, after ${loadAverage()}; ` +
    `${ROUNDS} rounds of ${REQUESTS} requests per side in ${SLICES} slices, concurrency ${CONCURRENCY}, pages of ${PAGE} rows` +
    (everyView ? `\n${everyView}` : "");
  return { results, header };
}

async function main() {
  const all: Array<{ students: number; results: Result[]; header: string }> = [];
  for (const students of SCALES) {
    log(`\n== ${students} students ==`);
    all.push({ students, ...(await measureScale(students)) });
  }
  for (const { results, header } of all) {
    log(`\n${header}`);
    log(
      "| door | view | rows | cost vs profile, req/s (median, min-max) | median latency vs profile | CPU/request vs profile (app + MariaDB) | after a change vs profile, alone (ms, app CPU) |",
    );
    log("|---|---|---|---|---|---|---|");
    const doorName = (d: Door) => (d === "graphql" ? "GraphQL" : "REST");
    for (const door of DOORS) {
      const mine = results.filter((r) => r.door === door);
      if (!mine.length) continue;
      const p = mine[0].abs;
      log(
        `| ${doorName(door)} | profile read (reference) | - | 1 | 1 (${fmt(p.profileMs, 1)} ms) | 1 (${fmt(p.profileCpu, 2)} ms) | 1 (${fmt(mine[0].miss?.profileMs ?? NaN, 1)} ms alone) |`,
      );
      for (const r of mine) {
        const cost = median(r.cost);
        const after = r.miss
          ? `${fmt(r.miss.ratio, 1)}${flag(r.miss.ratio)} (${fmt(r.miss.ms, 1)} ms, CPU ${fmt(r.miss.cpuMs, 0)} ms)`
          : "-";
        log(
          `| ${doorName(door)} | ${r.name} | ${r.rows} | ${range(r.cost)}${flag(cost)} | ${fmt(r.latency)}${flag(r.latency)} | ${fmt(r.cpu)}${flag(r.cpu)} | ${after} |`,
        );
      }
    }
  }
  if (all.length > 1) {
    log("\nCost of each view as a multiple of a profile read (warm, from req/s; after a change, alone), by scale:");
    log(`| door | view | ${all.map((a) => `${a.students} warm | ${a.students} after a change`).join(" | ")} |`);
    log(`|---|---|${all.map(() => "---|---|").join("")}`);
    for (const r of all[0].results) {
      const cells = all.map((a) => {
        const x = a.results.find((y) => y.door === r.door && y.name === r.name);
        if (!x) return "- | -";
        const cost = median(x.cost);
        return `${fmt(cost)}${flag(cost)} | ${x.miss ? `${fmt(x.miss.ratio, 1)}${flag(x.miss.ratio)}` : "-"}`;
      });
      log(`| ${r.door === "graphql" ? "GraphQL" : "REST"} | ${r.name} | ${cells.join(" | ")} |`);
    }
  }
}

await main();
