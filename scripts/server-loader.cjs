// The compiled server's entry, dist/server/main.js (scripts/build-server.mjs copies this file there):
// it runs the bundle beside it (server.js) with V8's code cache for it (server.js.cache), both
// written by the build. Node 20 keeps no compiled code between starts, and compiling the 7 MB bundle
// was a third of every start. Only Node's documented `vm.compileFunction` API: the bundle is one
// function of `require` (a `createRequire` for its own path), `__filename` and `__dirname`, and its
// code cache is produced by the same call with `produceCachedData` (`--write-code-cache`, at build
// time only: nothing is written at run time).
//
// V8 checks a cache only by its source's length and its own header: a cache of another build of the
// same length would run that build's code, and damaged bytes can crash the process. So the cache
// file starts with a header naming the build it belongs to (the id on the bundle's first line) and
// the SHA-256 of the cache that follows; the loader passes the cache to V8 only when both match.
// Without a cache (none, another build's, damaged, or one V8 refuses: another Node version or V8
// flags) the server starts as it would have, only slower. `NODE_DEBUG=code-cache` says which it was.
//   node dist/server/main.js                      start the server
//   node dist/server/main.js --write-code-cache   (the build) write server.js.cache and exit
"use strict";
const { createHash } = require("node:crypto");
const { readFileSync, renameSync, writeFileSync } = require("node:fs");
const { createRequire } = require("node:module");
const path = require("node:path");
const { debuglog } = require("node:util");
const vm = require("node:vm");

const bundle = path.join(__dirname, "server.js");
const cacheFile = `${bundle}.cache`;
const debug = debuglog("code-cache");
const MAGIC = "sx-code-cache";

/** The bundle as one function; `cachedData` must come from this same call (same source and parameters). */
function compile(source, options) {
  return vm.compileFunction(source, ["require", "__filename", "__dirname"], {
    filename: bundle,
    // The bundle's own `import()` calls (optional packages) load as they would from a file.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    ...options,
  });
}

/** The build's id, from the bundle's first line (`// sx-build <id>`, the build's banner). */
function buildIdOf(source) {
  return /^\/\/ sx-build ([0-9a-f]+)\n/.exec(source)?.[1] ?? null;
}

const sha256 = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** The cache for this build, or why there is none. */
function cacheFor(buildId) {
  let file;
  try {
    file = readFileSync(cacheFile);
  } catch (e) {
    if (e.code === "ENOENT") return { why: "none" };
    throw e;
  }
  const end = file.indexOf(10); // the header's newline
  const [magic, id, hash] = file.subarray(0, Math.max(end, 0)).toString("latin1").split(" ");
  if (end < 0 || magic !== MAGIC) return { why: "damaged" };
  if (!buildId || id !== buildId) return { why: "stale" };
  const data = file.subarray(end + 1);
  return sha256(data) === hash ? { data } : { why: "damaged" };
}

const source = readFileSync(bundle, "utf8");
const buildId = buildIdOf(source);
if (process.argv[2] === "--write-code-cache") {
  if (!buildId) throw new Error(`${bundle} has no build id on its first line`);
  const run = compile(source, { produceCachedData: true });
  if (!run.cachedDataProduced) throw new Error(`V8 produced no code cache for ${bundle}`);
  // Written whole under another name, then renamed: a reader never sees half a cache.
  const temp = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(temp, Buffer.concat([Buffer.from(`${MAGIC} ${buildId} ${sha256(run.cachedData)}\n`, "latin1"), run.cachedData]));
  renameSync(temp, cacheFile);
} else {
  const cache = cacheFor(buildId);
  const run = compile(source, { cachedData: cache.data });
  debug(cache.data ? (run.cachedDataRejected ? "rejected" : "used") : cache.why);
  run(createRequire(bundle), bundle, __dirname);
}
