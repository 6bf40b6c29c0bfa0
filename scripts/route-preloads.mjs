// Route preloads (issue #37): for the pages many visits start on, the hashed files their lazy route
// module needs (its JavaScript chunks and stylesheets, from the build's .vite/manifest.json) are
// written to dist/web/.route-preloads.json as `{ "/path": ["/assets/x.js", "/assets/x.css"] }`.
// The server puts them in that page's index.html as <link rel="modulepreload"> and stylesheet links
// (graph/src/server/static.ts), so the browser fetches them beside the app shell instead of after it
// has run: one round trip less before the first paint on a slow phone network.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export const PRELOADS_FILE = ".route-preloads.json";

/**
 * The files `modules` need beyond the entry chunk's own (already in index.html): each module's chunk,
 * its static imports, and the CSS of all of them, in the manifest's order.
 * @param {Record<string, { file: string, css?: string[], imports?: string[], isEntry?: boolean }>} manifest
 * @param {string[]} modules manifest keys of a route's lazy modules (layout, then page)
 * @returns {string[]}
 */
export function routeFiles(manifest, modules) {
  const entry = Object.values(manifest).find((c) => c.isEntry && c.src === "index.html");
  const loaded = new Set();
  const skip = new Set();
  const mark = (key) => {
    if (skip.has(key) || !manifest[key]) return;
    skip.add(key);
    for (const i of manifest[key].imports ?? []) mark(i);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk === entry) mark(key);
  const files = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`route preloads: ${key} is not in the build's manifest (renamed or no longer lazy?)`);
    if (loaded.has(key) || skip.has(key)) return;
    loaded.add(key);
    files.push(`/${chunk.file}`);
    for (const css of chunk.css ?? []) if (!files.includes(`/${css}`)) files.push(`/${css}`);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const m of modules) visit(m);
  return files;
}

/**
 * A Vite plugin writing dist/web/.route-preloads.json once the bundle (and its manifest) is written.
 * @param {Record<string, string[]>} routes a path -> the manifest keys of its lazy modules
 */
export function routePreloadsPlugin(routes) {
  let outDir = "";
  return {
    name: "skill-exchange:route-preloads",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle() {
      const manifest = JSON.parse(readFileSync(path.join(outDir, ".vite/manifest.json"), "utf8"));
      const preloads = Object.fromEntries(Object.entries(routes).map(([route, modules]) => [route, routeFiles(manifest, modules)]));
      writeFileSync(path.join(outDir, PRELOADS_FILE), JSON.stringify(preloads, null, 2) + "\n");
    },
  };
}
