/**
 * Cold start (issue #17): time from spawn to the first answered query, the compiled server
 * (dist/server/main.js in production mode, as `npm start` runs it) on its embedded SQLite and on
 * MariaDB, beside a minimal node:http + mysql2 server (bench/support/min-server.mjs) in the same
 * run, alternating, `--runs` times each. Prints medians and the ratio to the minimal server.
 * The first answered query is a POST /graphql `{ __typename }` (the minimal server answers the
 * same body after a `SELECT 1`), polled every 2 ms (a TCP connect until the port opens); /healthz is then checked once.
 *   npm run bench:startup -- --runs 7
 * Databases are migrated once before timing (a restart, not a first install).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { generateVapidKeys } from "../graph/src/config.js";
import { createMysqlDatabase } from "../graph/test/harness.js";
import { compiledServer, freePort, root } from "./support/servers.js";
import { intFlag, median, ms, ratio, table } from "./support/stats.js";

const RUNS = intFlag("runs", 7);
const MYSQL_URL = process.env.DATABASE_URL ?? process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306/test";
const TIMEOUT_MS = 60_000;

async function firstAnswer(args: string[], env: Record<string, string>): Promise<number> {
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
    const took = performance.now() - started;
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
  // Warm-up: migrates both databases and fills the OS file cache, like any restart.
  for (const [, args, env] of variants) await firstAnswer(args, env);
  const times = variants.map(() => [] as number[]);
  for (let run = 0; run < RUNS; run++) {
    const order = run % 2 === 0 ? variants.map((_, i) => i) : variants.map((_, i) => i).reverse();
    for (const i of order) times[i].push(await firstAnswer(variants[i][1], variants[i][2]));
  }
  const base = median(times[0]);
  console.log(`\nspawn to first answered query, median of ${RUNS} alternating runs`);
  console.log(
    table([
      ["", "median", "min", "max", "ratio to minimal"],
      ...variants.map(([name], i) => [
        name,
        ms(median(times[i])),
        ms(Math.min(...times[i])),
        ms(Math.max(...times[i])),
        ratio(median(times[i]), base),
      ]),
    ]),
  );
} finally {
  await db.drop();
}
