/**
 * Bundle budget (issue #16): the gzip'd JavaScript a browser downloads before a page can render,
 * from the production build's Vite manifest: the entry chunk and its static imports (what
 * index.html loads and modulepreloads), plus the lazy modules of the route's matches (layout and
 * page) with their static imports, each chunk counted once. Dynamic imports inside those (the
 * realtime socket, GraphiQL) are not on the path and are listed apart.
 *   npm run bench:bundle            builds dist/web first
 *   npm run bench:bundle -- --no-build   reads the current dist/web (it must be a production build:
 *   the e2e suites' build runs under NODE_ENV=test and carries React's development bundle)
 * Exits 1 when a route is over its budget.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { root } from "./support/servers.js";
import { table } from "./support/stats.js";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const KB = 1024;
/** Route -> the lazy modules react-router loads for it (layout routes, then the page). */
const ROUTES: Array<{ name: string; path: string; modules: string[]; budget: number }> = [
  { name: "landing", path: "/", modules: ["src/app/routes/landing.tsx"], budget: 167 * KB },
  {
    name: "dashboard (signed in)",
    path: "/dashboard/:userId",
    modules: ["src/app/apollo-layout.tsx", "src/app/routes/dashboard.tsx"],
    budget: 230 * KB,
  },
];

const dist = path.join(root, "dist/web");
const manifestPath = path.join(dist, ".vite/manifest.json");

if (!process.argv.includes("--no-build") || !existsSync(manifestPath)) {
  // A production build whatever the caller's NODE_ENV (under vitest it is "test", which builds React's development bundle).
  execFileSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}
const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;

const gzipped = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipped.get(file);
  if (size === undefined) gzipped.set(file, (size = gzipSync(readFileSync(path.join(dist, file))).length));
  return size;
}

/** A chunk and everything it imports statically, each key once. */
function closure(keys: string[], into = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (into.has(key)) continue;
    if (!manifest[key]) throw new Error(`${key} is not in the manifest (renamed or no longer lazy?)`);
    into.add(key);
    closure(manifest[key].imports ?? [], into);
  }
  return into;
}

const entry = Object.entries(manifest).find(([, c]) => c.isEntry && c.src === "index.html")?.[0];
if (!entry) throw new Error("no index.html entry in the manifest");

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
let over = false;
for (const route of ROUTES) {
  const keys = closure([entry, ...route.modules]);
  const chunks = [...keys].map((k) => ({ file: manifest[k].file, size: gzipSize(manifest[k].file) })).sort((a, b) => b.size - a.size);
  const total = chunks.reduce((sum, c) => sum + c.size, 0);
  const later = new Set(
    [...keys].flatMap((k) => manifest[k].dynamicImports ?? []).filter((k) => !keys.has(k) && !ROUTES.some((r) => r.modules.includes(k))),
  );
  const ok = total <= route.budget;
  over ||= !ok;
  console.log(`\n${route.name} (${route.path}): ${kb(total)} gzip'd of ${kb(route.budget)} ${ok ? "OK" : "OVER BUDGET"}`);
  console.log(table([["chunk", "gzip"], ...chunks.map((c) => [c.file, kb(c.size)])]));
  // What each on-demand import would add then (its chunk and the imports not loaded yet).
  const lazy = [...later].filter((k) => !k.startsWith("src/app/") && !k.includes("sandbox"));
  const added = (k: string) => [...closure([k])].filter((c) => !keys.has(c)).reduce((sum, c) => sum + gzipSize(manifest[c].file), 0);
  if (lazy.length) console.log(`loaded later, on demand: ${lazy.map((k) => `${k} (+${kb(added(k))})`).join(", ")}`);
}
process.exitCode = over ? 1 : 0;
