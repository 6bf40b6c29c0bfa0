// `npm start`: builds the web app and the server when missing, older than their sources or (the web
// app) built in another mode, then runs the compiled server in THIS process, so one process serves
// everything. Production mode by default (graphql-js and React without their development checks);
// the embedded default still generates and keeps its signing secret under DATA_DIR.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { webBuildStaleReason } from "./build-stamp.mjs";

const root = path.resolve(import.meta.dirname, "..");
process.env.NODE_ENV ??= "production";

const stale = webBuildStaleReason({
  dist: path.join(root, "dist/web"),
  sources: [path.join(root, "web"), path.join(root, "common"), path.join(root, "vite.config.ts")],
  nodeEnv: process.env.NODE_ENV,
});
if (stale) {
  console.log(`Building the web app (${stale})...`);
  // Under this process's NODE_ENV, which the build records in dist/web/.build-stamp.
  execFileSync(process.execPath, [path.join(root, "node_modules/vite/bin/vite.js"), "build", "--logLevel", "warn"], {
    cwd: root,
    stdio: "inherit",
  });
}

const { buildServer, serverIsStale, SERVER_ENTRY } = await import("./build-server.mjs");
if (serverIsStale()) {
  console.log("Compiling the server (first start or changed sources)...");
  await buildServer();
}
await import(pathToFileURL(SERVER_ENTRY).href);
