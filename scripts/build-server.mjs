// Compiles the server once (TypeScript -> one ES module in dist/server) so `npm start` runs plain
// JavaScript instead of compiling graph/ at every start. Dependencies stay in node_modules; only
// our code is bundled. Decorators compile as in tsx (experimentalDecorators, explicit types).
//   node scripts/build-server.mjs          build when missing or older than its sources
//   node scripts/build-server.mjs --force  build now
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
export const SERVER_ENTRY = path.join(root, "dist/server/main.js");
const stamp = path.join(root, "dist/server/.build-stamp");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export function serverIsStale() {
  const sources = Math.max(newestMtime(path.join(root, "graph/src")), newestMtime(path.join(root, "common")), statSync(path.join(root, "package.json")).mtimeMs);
  return !existsSync(stamp) || !existsSync(SERVER_ENTRY) || statSync(stamp).mtimeMs < sources;
}

export async function buildServer(outfile = SERVER_ENTRY) {
  const { build } = await import("esbuild");
  await build({
    entryPoints: [path.join(root, "graph/src/main.ts")],
    outfile,
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
  if (outfile === SERVER_ENTRY) writeFileSync(stamp, new Date().toISOString());
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes("--force") || serverIsStale()) await buildServer();
}
