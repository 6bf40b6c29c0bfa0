// `npm start`: builds the web app and the server when missing or older than their sources, then
// runs the compiled server in THIS process, so one process serves everything. Production mode by
// default (graphql-js and React without their development checks); the embedded default still
// generates and keeps its signing secret under DATA_DIR.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
process.env.NODE_ENV ??= "production";
const stamp = path.join(root, "dist/web/.build-stamp");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "e2e" || entry.name.startsWith(".")) continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

const sources = Math.max(
  newestMtime(path.join(root, "web")),
  newestMtime(path.join(root, "common")),
  statSync(path.join(root, "vite.config.ts")).mtimeMs,
);
const built = existsSync(stamp) && existsSync(path.join(root, "dist/web/index.html")) ? statSync(stamp).mtimeMs : 0;
if (built < sources) {
  console.log("Building the web app (first start or changed sources)...");
  execFileSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
  writeFileSync(stamp, new Date().toISOString());
}

const { buildServer, serverIsStale, SERVER_ENTRY } = await import("./build-server.mjs");
if (serverIsStale()) {
  console.log("Compiling the server (first start or changed sources)...");
  await buildServer();
}
await import(pathToFileURL(SERVER_ENTRY).href);
