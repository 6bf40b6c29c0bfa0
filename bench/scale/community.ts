/**
 * The seeded community of the scale benches on MariaDB and the compiled app running on it:
 * `sx_bench_<N>` seeded once by bulk SQL (seed.ts) and reused, and the app started and stopped as
 * `npm start` runs it. Used by bench/scale.ts and bench/leaderboard-views.ts.
 */
import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import { type Connection, createConnection } from "mysql2/promise";
import { openDatabase } from "../../graph/src/db/data-source.js";
import { allEntities } from "../../graph/src/modules/index.js";
import { compiledServer, root } from "../support/servers.js";
import { send } from "./load.js";
import { appEnv, option } from "./requests.js";
import { seedCommunity } from "./seed.js";

export interface CommunityDatabase {
  students: number;
  name: string;
  /** The MariaDB server, no database. */
  serverUrl: URL;
  /** The community's database. */
  url: URL;
}

/**
 * The database of a community of `students` on the MariaDB of BENCH_MYSQL_URL, DATABASE_URL or
 * TEST_MYSQL_URL (exits with a message when none is MariaDB): `sx_bench_<students>` unless `name`.
 */
export function communityDatabase(tool: string, students: number, name?: string): CommunityDatabase {
  const baseUrl = process.env.BENCH_MYSQL_URL ?? process.env.DATABASE_URL ?? process.env.TEST_MYSQL_URL;
  if (!baseUrl || !/^(mysql|mariadb):/.test(baseUrl)) {
    console.error(`${tool} needs MariaDB: set BENCH_MYSQL_URL, DATABASE_URL or TEST_MYSQL_URL (mysql://root@127.0.0.1:3306/test).`);
    process.exit(1);
  }
  const serverUrl = new URL(baseUrl.replace(/^mariadb:/, "mysql:"));
  serverUrl.pathname = "";
  const dbName = name ?? `sx_bench_${students}`;
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  return { students, name: dbName, serverUrl, url };
}

/** The database of the community `npm run bench -- --students N` seeded, for a bench tool that reads it (`--students`, default 100,000). */
export function benchDatabaseUrl(tool: string): URL {
  return communityDatabase(tool, Number(option("students", "100000"))).url;
}

/** A connection to the MariaDB server itself (no database): seeding, the general log, server variables. */
export function adminConnection(db: CommunityDatabase): Promise<Connection> {
  return createConnection({ uri: db.serverUrl.toString().replace(/\/$/, ""), timezone: "Z" });
}

/**
 * The community's students (registration order) and its chattiest students: seeded now when the
 * database has none of this size (or `fresh`), else read back from it.
 */
export async function ensureCommunity(
  admin: Connection,
  db: CommunityDatabase,
  opts: { fresh?: boolean; log: (s: string) => void },
): Promise<{ ids: string[]; chatty: string[] }> {
  const { name: dbName, students, url: dbUrl } = db;
  const log = opts.log;
  const [have] = (await admin.query(
    "SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_NAME = 'bench_meta'",
    [dbName],
  )) as unknown as [Array<{ n: number }>];
  if (!opts.fresh && Number(have[0].n) > 0) {
    const [meta] = (await admin.query(`SELECT students, chatty FROM \`${dbName}\`.bench_meta`)) as unknown as [
      Array<{ students: number; chatty: string }>,
    ];
    if (meta[0] && Number(meta[0].students) === students) {
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
  log(`seeding ${students} students, ${students / 10} chats, ${students / 20} implement posts into ${dbName}...`);
  await conn.query("SET unique_checks = 0, foreign_key_checks = 0");
  const seeded = await seedCommunity(
    conn,
    { students, chats: students / 10, implementPosts: students / 20 },
    new Date(Date.now() - 3600_000),
    log,
  );
  for (const t of ["users", "user_skills", "user_languages", "feed_entries", "search_terms", "chats", "chat_messages", "implement_posts"]) {
    await conn.query(`ANALYZE TABLE \`${t}\``);
  }
  await conn.query("CREATE TABLE bench_meta (students INT NOT NULL, chatty LONGTEXT NOT NULL)");
  await conn.query("INSERT INTO bench_meta VALUES (?, ?)", [students, JSON.stringify(seeded.chatty.slice(0, 64))]);
  await conn.end();
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { ids: seeded.ids, chatty: seeded.chatty.slice(0, 64) };
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = http.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Polls GET `p` on the port until it answers 200 (a minute at most). */
export async function waitForPath(port: number, p: string): Promise<void> {
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

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

/**
 * The compiled server (built first when stale) on `databaseUrl`, production mode, the bench's
 * environment (`appEnv`, plus `env`), on a free port; resolves once /healthz answers.
 */
export async function startApp(
  databaseUrl: string,
  secret: string,
  opts: { nodeArgs?: string[]; env?: NodeJS.ProcessEnv } = {},
): Promise<{ child: ChildProcess; port: number }> {
  const entry = await compiledServer();
  const port = await freePort();
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), entry], {
    cwd: root,
    env: { ...appEnv(port, databaseUrl, secret), ...opts.env },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForPath(port, "/healthz");
  } catch (e) {
    await stop(child);
    throw e;
  }
  return { child, port };
}
