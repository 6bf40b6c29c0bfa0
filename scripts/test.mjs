// `npm test`: every gate. The static checks first (`npm run typecheck`, `npm run lint`,
// `npm run format:check`) and the bundle budgets (`npm run bench:bundle`), two at a time (each is one busy
// process; their output is printed whole when each ends, in this order), then server + web component tests,
// then the browser suite against real started servers. Arguments pick runs by name: `node scripts/test.mjs e2e` (= `npm run
// test:e2e`), `... lint`. A failed static check fails the whole run (counted as one failed check). On CI the MariaDB and
// Redis suites are mandatory: a run where they would be skipped fails instead of passing quietly.
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import os, { availableParallelism } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const ci = process.env.CI === "true" || process.env.CI === "1";
if (ci) {
  for (const v of ["TEST_MYSQL_URL", "TEST_REDIS_URL"]) {
    if (!process.env[v]) {
      console.error(`${v} is not set: the MariaDB/Redis suites would be skipped on CI.`);
      process.exit(1);
    }
  }
}
const only = process.argv.slice(2);
const runs = [
  { name: "typecheck", npmScript: "typecheck" },
  { name: "lint", npmScript: "lint" },
  { name: "format", npmScript: "format:check" },
  // The JavaScript budgets per route on a production build (bench/bundle.ts): one over budget fails the run.
  { name: "bundle budget", npmScript: "bench:bundle" },
  { name: "server + web", args: ["--project", "server", "--project", "web"] },
  { name: "e2e (Chromium)", args: ["--project", "e2e"] },
];
const out = mkdtempSync(path.join(os.tmpdir(), "sx-test-report-"));
let passed = 0;
let failed = 0;
let skipped = 0;
let exit = 0;
/** What failed, named again under the totals: a long run's last lines are what a CI log keeps. */
const failures = [];
/** An npm script run with its output kept: its own step through npm, so `npm test` and `npm run typecheck` cannot drift apart. */
function npmRun(script) {
  return new Promise((resolve) => {
    const child = spawn(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "--silent", script], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
      shell: process.platform === "win32",
    });
    const output = [];
    child.stdout.on("data", (d) => output.push(d));
    child.stderr.on("data", (d) => output.push(d));
    child.on("error", (error) => resolve({ status: null, error, output: Buffer.concat(output) }));
    child.on("close", (status) => resolve({ status, output: Buffer.concat(output) }));
  });
}

const selected = runs.filter((run) => !only.length || only.some((o) => run.name.includes(o)));
const statics = selected.filter((run) => run.npmScript);
// All started here, at most two (or one per core) at a time; awaited in list order below.
const slots = Math.max(2, availableParallelism());
let active = 0;
const waiting = [];
const limited = (fn) =>
  new Promise((resolve) => {
    const go = () => {
      active += 1;
      fn().then((r) => {
        active -= 1;
        waiting.shift()?.();
        resolve(r);
      });
    };
    if (active < slots) go();
    else waiting.push(go);
  });
const started = statics.map((run) => limited(() => npmRun(run.npmScript)));
/** Whether this run's bundle budget made a fresh production build of dist/web (it builds before it measures). */
let bundleBuilt = false;
for (const [i, run] of selected.entries()) {
  const report = path.join(out, `report-${i}.json`);
  console.log(`\n=== ${run.name} ===`);
  if (run.npmScript) {
    const r = await started[statics.indexOf(run)];
    process.stdout.write(r.output);
    if (r.status === 0) {
      passed += 1;
      if (run.npmScript === "bench:bundle") bundleBuilt = true;
    } else {
      failed += 1;
      exit = 1;
      console.error(`${run.name} failed${r.error ? `: ${r.error.message}` : ""}`);
      failures.push(run.name);
    }
    continue;
  }
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, "node_modules/vitest/vitest.mjs"),
      "run",
      ...run.args,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    // The bundle budget's production build (passed, this run) is the one the browser suite serves: not built twice.
    { cwd: root, stdio: "inherit", env: bundleBuilt && run.name.startsWith("e2e") ? { ...process.env, E2E_SKIP_BUILD: "1" } : process.env },
  );
  try {
    const json = JSON.parse(readFileSync(report, "utf8"));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + (json.numTodoTests ?? 0);
    if (json.numFailedTestSuites > 0 && json.numFailedTests === 0) failed += json.numFailedTestSuites;
    for (const file of json.testResults ?? []) {
      const where = path.relative(root, file.name);
      const tests = (file.assertionResults ?? []).filter((t) => t.status === "failed");
      for (const t of tests) failures.push(`${where} > ${t.fullName ?? t.title}`);
      if (file.status === "failed" && !tests.length) failures.push(`${where}: ${String(file.message ?? "failed").split("\n")[0]}`);
    }
  } catch {
    failed += 1;
    console.error(`no report from ${run.name}`);
    failures.push(`${run.name}: no report`);
  }
  if (r.status !== 0) exit = 1;
}
if (ci && skipped > 0) {
  console.error(`${skipped} test(s) were skipped on CI; every suite must run here.`);
  exit = 1;
}
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join("\n")}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exit || (failed > 0 ? 1 : 0));
