/**
 * Cold start (issue #17): time from spawn to the first answered query, the compiled server
 * (dist/server/main.js in production mode, as `npm start` runs it) on its embedded SQLite and on
 * MariaDB, beside a minimal node:http + mysql2 server (bench/support/min-server.mjs) in the same
 * run, alternating, `--runs` times each. Prints medians and the ratio to the minimal server.
 * The first answered query is a POST /graphql `{ __typename }` (the minimal server answers the
 * same body after a `SELECT 1`), polled every 2 ms (a TCP connect until the port opens); /healthz is then checked once.
 * Beside the wall time, each child's CPU time (user + system, /proc, 10 ms ticks) at that answer: on a
 * shared or virtual machine the wall time varies run to run far more than the work done.
 *   npm run bench:startup -- --runs 7
 * Databases are migrated once before timing (a restart, not a first install).
 * `--before <bundle>` times another build beside this one in the same alternating runs (an earlier
 * commit's dist/server/main.js, copied out before rebuilding), on both databases.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { generateVapidKeys } from "../graph/src/config.js";
import { createMysqlDatabase } from "../graph/test/harness.js";
import { compiledServer, cpuSeconds, freePort, root } from "./support/servers.js";
import { intFlag, median, ms, ratio, table } from "./support/stats.js";

const RUNS = intFlag("runs", 7);
const MYSQL_URL = process.env.DATABASE_URL ?? process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test";
const TIMEOUT_MS = 60_000;
const beforeAt = process.argv.indexOf("--before");
const BEFORE = beforeAt > 0 ? path.resolve(process.argv[beforeAt + 1] ?? "") : undefined;
if (BEFORE && !existsSync(BEFORE)) throw new Error(`--before: no bundle at ${BEFORE}`);

/** Spawn to the first answer: the wall time, and the CPU time (user + system) the child had used by then. */
async function firstAnswer(args: string[], env: Record<string, string>): Promise<{ wall: number; cpu: number }> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, REDIS_URL: "", ...env, PORT: String(port) },
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    const url = `http://127.0.0.1:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(" ")} exited with ${child.exitCode}`);
      if (performance.now() - started > TIMEOUT_MS) throw new Error(`${args.join(" ")} did not answer`);
      // A plain connect first: cheap for this process while the child has not opened its port.
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect(port, "127.0.0.1", () => (socket.destroy(), resolve(true)));
        socket.once("error", () => resolve(false));
      });
      const ok =
        open &&
        (await fetch(`${url}/graphql`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: '{"query":"{ __typename }"}',
        }).then(
          async (r) => r.ok && (await r.text()).includes("__typename"),
          () => false,
        ));
      if (ok) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    const took = { wall: performance.now() - started, cpu: cpuSeconds(child.pid!) * 1000 };
    if (!(await fetch(`${url}/healthz`)).ok) throw new Error(`${args.join(" ")}: /healthz failed`);
    return took;
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

const db = await createMysqlDatabase(MYSQL_URL);
try {
  const entry = await compiledServer();
  const app = { NODE_ENV: "production", DEMO_DATA: "off", LOG_LEVEL: "warn", JWT_SECRET: "x".repeat(48) };
  const vapid = generateVapidKeys();
  const sqliteDir = mkdtempSync(path.join(os.tmpdir(), "sx-startup-"));
  const variants: Array<[string, string[], Record<string, string>]> = [
    ["minimal node:http + mysql2", [path.join(root, "bench/support/min-server.mjs")], { DATABASE_URL: db.url }],
    ["app, embedded SQLite", [entry], { ...app, DATA_DIR: sqliteDir }],
    // Production with DATABASE_URL requires the Web Push key pair.
    [
      "app, MariaDB",
      [entry],
      { ...app, DATA_DIR: sqliteDir, DATABASE_URL: db.url, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey },
    ],
  ];
  if (BEFORE) variants.push(...variants.slice(1).map(([name, , env]): (typeof variants)[number] => [`before: ${name}`, [BEFORE], env]));
  // Warm-up: migrates both databases and fills the OS file cache, like any restart.
  for (const [, args, env] of variants) await firstAnswer(args, env);
  const times = variants.map(() => [] as number[]);
  const cpus = variants.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run++) {
    const order = run % 2 === 0 ? variants.map((_, i) => i) : variants.map((_, i) => i).reverse();
    for (const i of order) {
      const { wall, cpu } = await firstAnswer(variants[i][1], variants[i][2]);
      times[i].push(wall);
      cpus[i].push(cpu);
    }
  }
  const base = median(times[0]);
  const baseCpu = median(cpus[0]);
  console.log(`\nspawn to first answered query, median of ${RUNS} alternating runs`);
  console.log(
    table([
      ["", "median", "min", "max", "ratio to minimal", "CPU (median)", "CPU ratio"],
      ...variants.map(([name], i) => [
        name,
        ms(median(times[i])),
        ms(Math.min(...times[i])),
        ms(Math.max(...times[i])),
        ratio(median(times[i]), base),
        ms(median(cpus[i])),
        ratio(median(cpus[i]), baseCpu),
      ]),
    ]),
  );
} finally {
  await db.drop();
}
