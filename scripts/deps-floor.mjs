// `npm run deps:floor`: the server suite on the lowest versions our declared ranges admit.
//
// A range like "^5.12.8" promises that 5.12.8 works; only the newest version is ever installed
// here, so nothing else checks that promise. This copies the tracked tree (git ls-files) into a
// temporary folder, pins each runtime core package to the lowest version its range admits
// (from the registry: `npm view <pkg>@<range> version --json`), installs there and runs
// `vitest run --project server`. The exit code is the suite's. TEST_MYSQL_URL and TEST_REDIS_URL
// are passed through, so the MariaDB and Redis suites run when they are set.
//
// The other packages keep their locked versions (package-lock.json is copied and npm only moves
// what the pins change), so a failure points at a core package's floor, not at a drifting tree.
//
//   npm run deps:floor                                # the temporary folder is removed afterwards
//   npm run deps:floor -- --keep                      # kept, to look into a failure
//   npm run deps:floor -- --range graphql=^16.12.0    # try a raised range before writing it
import { execFileSync, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const CORE = [
  "fastify",
  "@apollo/server",
  "@as-integrations/fastify",
  "graphql",
  "type-graphql",
  "typeorm",
  "mysql2",
  "ws",
  "graphql-ws",
  "ioredis",
];

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const keep = args.includes("--keep");
/** `--range name=range` (repeatable): the range to take the floor of instead of package.json's. */
const rangeOverrides = new Map(args.flatMap((a, i) => (a === "--range" && args[i + 1] ? [args[i + 1].split(/=(.*)/s).slice(0, 2)] : [])));
for (const name of rangeOverrides.keys())
  if (!CORE.includes(name)) throw new Error(`--range ${name}: not a core package (${CORE.join(", ")})`);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/**
 * Semver precedence for the plain versions a registry lists (x.y.z with an optional prerelease).
 * Written out rather than imported: `semver` is only a transitive package here, and this repo's
 * lint forbids importing what package.json does not declare.
 */
function compareVersions(a, b) {
  const parse = (v) => {
    const [core, pre] = v.split("+")[0].split(/-(.*)/s);
    return { nums: core.split(".").map(Number), pre: pre ? pre.split(".") : [] };
  };
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < 3; i++) if (x.nums[i] !== y.nums[i]) return x.nums[i] - y.nums[i];
  // A release outranks its prereleases.
  if (!x.pre.length || !y.pre.length) return y.pre.length - x.pre.length;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const p = x.pre[i];
    const q = y.pre[i];
    if (p === undefined) return -1;
    if (q === undefined) return 1;
    const pn = /^\d+$/.test(p);
    const qn = /^\d+$/.test(q);
    if (pn && qn && Number(p) !== Number(q)) return Number(p) - Number(q);
    if (pn !== qn) return pn ? -1 : 1;
    if (p !== q) return p < q ? -1 : 1;
  }
  return 0;
}

function lowestAdmitted(pkg, range) {
  const out = execFileSync(npm, ["view", `${pkg}@${range}`, "version", "--json"], { encoding: "utf8" });
  // One matching version prints a string, several print an array (in publish order, which is
  // not always version order: a patch to an older minor can come out later).
  const parsed = JSON.parse(out);
  const versions = Array.isArray(parsed) ? parsed : [parsed];
  if (!versions.length) throw new Error(`no published version of ${pkg} satisfies ${range}`);
  return versions.sort(compareVersions)[0];
}

const seconds = (start) => ((performance.now() - start) / 1000).toFixed(1);

const dir = mkdtempSync(path.join(os.tmpdir(), "sx-deps-floor-"));
let status = 1;
try {
  // Tracked files only: a worktree's untracked node_modules (or local data) must not come along.
  const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    try {
      copyFileSync(path.join(root, file), path.join(dir, file));
    } catch (err) {
      // Deleted in the working tree but not yet committed: the copy follows the working tree.
      if (err.code !== "ENOENT") throw err;
    }
  }

  const pkgPath = path.join(dir, "package.json");
  const pkg = JSON.parse(readFileSync(pkgPath, "utf8"));
  console.log("Floor versions (lowest each declared range admits):");
  for (const name of CORE) {
    const field = pkg.dependencies?.[name] ? "dependencies" : pkg.devDependencies?.[name] ? "devDependencies" : null;
    if (!field) throw new Error(`${name} is not declared in package.json`);
    const range = rangeOverrides.get(name) ?? pkg[field][name];
    const floor = lowestAdmitted(name, range);
    pkg[field][name] = floor;
    console.log(`  ${name.padEnd(26)} ${range.padEnd(12)} -> ${floor}${rangeOverrides.has(name) ? "  (--range)" : ""}`);
  }
  writeFileSync(pkgPath, JSON.stringify(pkg, null, 2) + "\n");

  console.log(`\nnpm install in ${dir}`);
  let start = performance.now();
  const install = spawnSync(npm, ["install", "--no-audit", "--no-fund"], { cwd: dir, stdio: "inherit", env: process.env });
  console.log(`install: ${seconds(start)} s, exit ${install.status}`);
  if (install.status !== 0) {
    status = install.status ?? 1;
  } else {
    // What npm really put there: a pin the lock or a peer range overrode would show here.
    console.log("Installed:");
    for (const name of CORE) {
      const { version } = JSON.parse(readFileSync(path.join(dir, "node_modules", name, "package.json"), "utf8"));
      console.log(`  ${name.padEnd(26)} ${version}`);
    }
    for (const v of ["TEST_MYSQL_URL", "TEST_REDIS_URL"])
      console.log(`${v}: ${process.env[v] ? process.env[v] : "not set (those suites skip)"}`);
    start = performance.now();
    const suite = spawnSync(npm, ["exec", "--", "vitest", "run", "--project", "server"], { cwd: dir, stdio: "inherit", env: process.env });
    console.log(`server suite: ${seconds(start)} s, exit ${suite.status}`);
    status = suite.status ?? 1;
  }
} finally {
  if (keep) console.log(`kept: ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
