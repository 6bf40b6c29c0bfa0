/**
 * Bundle budget (issue #16): the gzip'd JavaScript a browser downloads before a page can render
 * (bench/support/bundle-budget.ts says what is counted), per route, against its budget.
 *   npm run bench:bundle            builds dist/web first
 *   npm run bench:bundle -- --no-build   reads the current dist/web (it must be a production build,
 *   as `npm run build` and the e2e suites' build make)
 * Exits 1 when a route is over its budget; `npm test` runs it.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { KB, routeWeights } from "./support/bundle-budget.js";
import { root } from "./support/servers.js";
import { table } from "./support/stats.js";

const dist = path.join(root, "dist/web");

if (!process.argv.includes("--no-build") || !existsSync(path.join(dist, ".vite/manifest.json"))) {
  // A production build whatever the caller's NODE_ENV (under vitest it is "test", which builds React's development bundle).
  execFileSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
let over = false;
const routes = routeWeights(dist);
if (routes.length === 0) {
  console.error("no route was weighed");
  over = true;
}
for (const route of routes) {
  // Anything counted is JavaScript the page really loads.
  const counted = route.chunks.every((c) => c.file.endsWith(".js") && c.size > 0);
  const ok = counted && route.total <= route.budget && route.chunks.length <= route.files;
  over ||= !ok;
  console.log(
    `\n${route.name} (${route.path}): ${kb(route.total)} gzip'd of ${kb(route.budget)}, ${route.chunks.length} files of ${route.files} ${ok ? "OK" : "OVER BUDGET"}`,
  );
  console.log(table([["chunk", "gzip"], ...route.chunks.map((c) => [c.file, kb(c.size)])]));
  // What each on-demand import would add then (its chunk and the imports not loaded yet).
  if (route.later.length) console.log(`loaded later, on demand: ${route.later.map((l) => `${l.module} (+${kb(l.added)})`).join(", ")}`);
}
process.exitCode = over ? 1 : 0;
