/**
 * A/B of builds of the server on one read: the app's CPU per request (and MariaDB's), builds
 * alternating round by round on the community `npm run bench -- --students N` seeded. For judging a
 * change before the full scale run, not instead of it.
 *
 *   npm run build:server && mkdir -p .tmp && cp -r dist .tmp/before
 *   (make the change, build again)
 *   npm run bench:ab -- --builds .tmp/before,dist --scenario graphql-profile [--rounds 6] [--requests 4000] [--pin]
 *
 * A build must stay inside the project (its bundle finds node_modules from there); .tmp/ is ignored by git.
 * --pin      the apps on CPU 1, MariaDB and this load generator on CPU 0 (MariaDB's affinity is put
 *            back at the end). On this 2-core box unpinned rounds move by about ±10-15% (the three
 *            processes meet on both cores), pinned ones by about ±3% while the box is quiet (±10% when not).
 * --flags    node flags per build, `|` between builds: --flags "|--max-semi-space-size=32".
 * --perf S   `perf record` of each app for S seconds in the last round (/tmp/ab-perf-<i>.data; the apps
 *            then need --flags "--perf-basic-prof"; summarise with bench/scale/perf-owners.mjs).
 * --students N (default 100000): the database sx_bench_<N> (from BENCH_MYSQL_URL, DATABASE_URL or TEST_MYSQL_URL).
 */
import "reflect-metadata";
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { load, median, send } from "./load.js";
import { benchDatabaseUrl } from "./community.js";
import { appEnv, benchScenarios, cpuMs, mariadbPid, option } from "./requests.js";

const opt = option;
const builds = opt("builds", "dist").split(",");
const flagSets = opt("flags", "")
  .split("|")
  .map((f) => f.split(" ").filter(Boolean));
const scenario = opt("scenario", "graphql-profile");
const rounds = Number(opt("rounds", "6"));
const requests = Number(opt("requests", "4000"));
const concurrency = Number(opt("concurrency", "16"));
const perfSeconds = Number(opt("perf", "0"));
const pin = process.argv.includes("--pin");

const dbUrl = benchDatabaseUrl("bench:ab");

interface App {
  label: string;
  port: number;
  child: ChildProcess;
  cpu: number[];
  db: number[];
  rps: number[];
}

async function main() {
  const secret = randomBytes(32).toString("hex");
  const scenarios = await benchScenarios(dbUrl.toString(), secret);
  const make = scenarios[scenario];
  if (!make) throw new Error(`--scenario: one of ${Object.keys(scenarios).join(", ")}`);

  const mariadb = mariadbPid();
  const mariadbAffinity =
    pin && mariadb
      ? execFileSync("taskset", ["-pc", String(mariadb)], { encoding: "utf8" })
          .split(": ")[1]
          .trim()
      : null;
  const apps: App[] = [];
  const restoreMariadb = () => {
    if (mariadbAffinity) execFileSync("taskset", ["-a", "-pc", mariadbAffinity, String(mariadb)]);
  };
  if (mariadbAffinity) {
    execFileSync("taskset", ["-a", "-pc", "0", String(mariadb)]);
    // Interrupted, it still stops the apps and gives MariaDB its cores back.
    process.once("SIGINT", () => {
      for (const app of apps) app.child.kill();
      restoreMariadb();
      process.exit(130);
    });
  }
  // Every thread of this process (the load generator), not only the main one.
  if (pin) execFileSync("taskset", ["-a", "-pc", "0", String(process.pid)]);

  apps.push(
    ...builds.map((build, i): App => {
      const port = 4700 + i;
      const flags = flagSets[i] ?? flagSets[0];
      const node = [...flags, path.resolve(build, "server/main.js")];
      const child = spawn(pin ? "taskset" : process.execPath, pin ? ["-c", "1", process.execPath, ...node] : node, {
        env: appEnv(port, dbUrl.toString(), secret),
        stdio: ["ignore", "inherit", "inherit"],
      });
      return { label: `${build}${flags.length ? ` ${flags.join(" ")}` : ""}`, port, child, cpu: [], db: [], rps: [] };
    }),
  );
  try {
    for (const app of apps) {
      for (let tries = 0; ; tries++) {
        const up = await send(app.port, { method: "GET", path: "/healthz" }).then(
          (r) => r.status === 200,
          () => false,
        );
        if (up) break;
        if (tries > 600) throw new Error(`${app.label} did not start`);
        await new Promise((r) => setTimeout(r, 100));
      }
      await load(app.port, make, 2000, concurrency);
    }
    for (let round = 0; round < rounds; round++) {
      // Each round in the other order, so no build always meets the warmer machine.
      for (const app of round % 2 ? [...apps].reverse() : apps) {
        const perf =
          perfSeconds && round === rounds - 1
            ? spawn(
                "perf",
                [
                  "record",
                  "-F",
                  "1999",
                  "-g",
                  "-p",
                  String(app.child.pid),
                  "-o",
                  `/tmp/ab-perf-${apps.indexOf(app)}.data`,
                  "--",
                  "sleep",
                  String(perfSeconds),
                ],
                { stdio: "ignore" },
              )
            : null;
        const [cpu0, db0] = [cpuMs(app.child.pid!), cpuMs(mariadb)];
        const result = await load(app.port, make, requests, concurrency);
        app.cpu.push(((cpuMs(app.child.pid!) - cpu0) * 1000) / requests);
        app.db.push(((cpuMs(mariadb) - db0) * 1000) / requests);
        app.rps.push(result.rps);
        if (perf) await new Promise((r) => perf.once("exit", r));
      }
    }
  } finally {
    for (const app of apps) app.child.kill();
    restoreMariadb();
  }
  console.log(`${scenario}: ${rounds} alternating rounds of ${requests} requests at concurrency ${concurrency}${pin ? ", pinned" : ""}`);
  for (const app of apps) {
    console.log(
      `${app.label}: app CPU ${median(app.cpu).toFixed(0)} µs/request [${app.cpu.map((x) => x.toFixed(0)).join(" ")}], ` +
        `MariaDB ${median(app.db).toFixed(0)} µs/request, ${median(app.rps).toFixed(0)} requests/s`,
    );
  }
}

await main();
