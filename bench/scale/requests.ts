/** What bench/scale.ts, bench/scale/ab.ts and bench/scale/alloc.ts send: the doors' requests, the GraphQL documents, and CPU time read from /proc. */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createConnection } from "mysql2/promise";
import { generateVapidKeys } from "../../graph/src/config.js";
import { systemClock } from "../../graph/src/shared/clock.js";
import { TokenService } from "../../graph/src/shared/tokens.js";
import type { Req } from "./load.js";

export const gql = (query: string, variables: Record<string, unknown>, token?: string): Req => ({
  method: "POST",
  path: "/graphql",
  body: JSON.stringify({ query, variables }),
  headers: token ? { authorization: `Bearer ${token}` } : {},
});
export const rest = (method: "GET" | "POST", p: string, token?: string, body?: unknown): Req => ({
  method,
  path: `/api${p}`,
  body: body === undefined ? undefined : JSON.stringify(body),
  headers: token ? { authorization: `Bearer ${token}` } : {},
});

const CARD = "fragment C on User { id name image skillsKnown { category skill } skillsRequired { category skill } }";
export const FEED = `query Feed($first: Int, $after: String) { feed(first: $first, after: $after) { edges { node { ...C } } pageInfo { endCursor hasNextPage } } } ${CARD}`;
export const FEED_FILTERED = `query FeedF($first: Int, $after: String, $filters: DirectoryFilters) { feed(first: $first, after: $after, filters: $filters) { edges { node { ...C } } pageInfo { endCursor hasNextPage } } } ${CARD}`;
export const SEARCH_FILTERED = `query SF($query: String!, $filter: SearchFilter!, $first: Int, $filters: DirectoryFilters) { searchUsers(query: $query, filter: $filter, first: $first, filters: $filters) { edges { node { ...C } } pageInfo { endCursor hasNextPage } } } ${CARD}`;
export const SEARCH = `query S($query: String!, $filter: SearchFilter!, $first: Int) { searchUsers(query: $query, filter: $filter, first: $first) { edges { node { ...C } } pageInfo { endCursor hasNextPage } } } ${CARD}`;
export const PROFILE_QUERY = `query P($id: ID!) { user(id: $id) { id name gender image amount languages rating { value count }
  skillsKnown { category skill } skillsRequired { category skill } completedSkills { skill category completedAt mentor { id name } } } }`;
export const CHATS =
  "query ChatList { chats(first: 30) { edges { node { id status lastMessageAt lastMessagePreview lastMessageFromMe partner { id name image } } } } }";
export const LEADERBOARD =
  "query Leaderboard($first: Int) { leaderboard(first: $first) { edges { node { rank userId name rating ratingCount skillCoins } } } }";

/** User + system CPU time of a process so far, in milliseconds (Linux /proc; 0 elsewhere). */
export function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
const CLOCK_TICKS = 100;

/** Production with DATABASE_URL requires the VAPID pair; every instance of a run shares this one. */
const benchVapid = generateVapidKeys();

/** The environment the benches start the compiled server with: production mode on MariaDB, no demo data, a fresh data folder. */
export function appEnv(port: number, databaseUrl: string, jwtSecret: string): NodeJS.ProcessEnv {
  return {
    VAPID_PUBLIC_KEY: benchVapid.publicKey,
    VAPID_PRIVATE_KEY: benchVapid.privateKey,
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    JWT_SECRET: jwtSecret,
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sx-bench-")),
    DEMO_DATA: "off",
    LOG_LEVEL: "warn",
    // 16 viewers send thousands of reads a minute each: counted (the cost is measured), never refused.
    // (A build from before the budgets ignores the variable.)
    API_RATE_LIMITS: "anonymous=1000000000/60,key=1000000000/60,student=1000000000/60",
  };
}

/** MariaDB's server process on this machine, or 0 when it runs elsewhere (its CPU is then not measured). */
export function mariadbPid(): number {
  try {
    return Number(execFileSync("pidof", ["mariadbd"], { encoding: "utf8" }).trim().split(" ")[0]) || 0;
  } catch {
    return 0;
  }
}

/** `n` entries spread evenly over `list` (the viewers, targets and chat owners a bench sends as). */
export function pick(list: string[], n: number): string[] {
  return Array.from({ length: n }, (_, i) => list[Math.floor(((i + 0.5) * list.length) / n)]);
}

/**
 * The single reads bench:ab and bench:alloc run, by name, on the community seeded in `databaseUrl`:
 * the same viewers, targets and chat owners as bench/scale.ts picks, with tokens signed by `secret`
 * (start the app with the same one). Request i goes to the i-th of 16 of each.
 */
export async function benchScenarios(databaseUrl: string, secret: string): Promise<Record<string, (i: number) => Req>> {
  const c = await createConnection({ uri: databaseUrl });
  const [rows] = (await c.query("SELECT id FROM users ORDER BY createdAt, id")) as unknown as [Array<{ id: string }>];
  const [meta] = (await c.query("SELECT chatty FROM bench_meta")) as unknown as [Array<{ chatty: string }>];
  await c.end();
  const ids = rows.map((r) => r.id);
  const tokens = new TokenService(secret, systemClock);
  const viewers = await Promise.all(pick(ids, 16).map((id) => tokens.sign(id, 0)));
  const chatters = await Promise.all(pick(JSON.parse(meta[0].chatty) as string[], 16).map((id) => tokens.sign(id, 0)));
  const targets = pick(ids.slice().reverse(), 16);
  return {
    "graphql-floor": () => gql("{ __typename }", {}),
    "graphql-profile": (i) => gql(PROFILE_QUERY, { id: targets[i % 16] }, viewers[i % 16]),
    "graphql-chat-list": (i) => gql(CHATS, {}, chatters[i % 16]),
    "graphql-feed": (i) => gql(FEED, { first: 10 }, viewers[i % 16]),
    "rest-profile": (i) => rest("GET", `/user/${targets[i % 16]}`, viewers[i % 16]),
    "rest-chat-list": (i) => rest("GET", "/user/chat", chatters[i % 16]),
    "rest-feed": (i) => rest("GET", "/dashboard?skip=0", viewers[i % 16]),
    "graphql-leaderboard": () => gql(LEADERBOARD, { first: 100 }),
    "rest-leaderboard": () => rest("GET", "/leaderboard"),
    healthz: () => ({ method: "GET", path: "/healthz" }),
  };
}

/** `--name value` from the command line, or `fallback`. */
export function option(name: string, fallback: string): string {
  const argv = process.argv.slice(2);
  return argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : fallback;
}
