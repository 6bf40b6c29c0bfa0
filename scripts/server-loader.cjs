// The compiled server's entry, dist/server/main.js (scripts/build-server.mjs copies this file there):
// it runs the bundle beside it (server.js) with V8's code cache for it (server.js.cache), both
// written by the build. Node 20 keeps no compiled code between starts, and compiling the 7 MB bundle
// was a third of every start. Only Node's documented `vm.compileFunction` API: the bundle is one
// function of `require` (a `createRequire` for its own path), `__filename` and `__dirname`, and its
// code cache is produced by the same call with `produceCachedData` (`--write-code-cache`, at build
// time only: nothing is written at run time). A cache V8 refuses (another Node version or V8 flags)
// costs nothing but the compile it would have saved; `NODE_DEBUG=code-cache` says which it was.
//   node dist/server/main.js                      start the server
//   node dist/server/main.js --write-code-cache   (the build) write server.js.cache and exit
"use strict";
const { readFileSync, writeFileSync } = require("node:fs");
const { createRequire } = require("node:module");
const path = require("node:path");
const { debuglog } = require("node:util");
const vm = require("node:vm");

const bundle = path.join(__dirname, "server.js");
const cacheFile = `${bundle}.cache`;
const debug = debuglog("code-cache");

/** The bundle as one function; `cachedData` must come from this same call (same source and parameters). */
function compile(options) {
  return vm.compileFunction(readFileSync(bundle, "utf8"), ["require", "__filename", "__dirname"], {
    filename: bundle,
    // The bundle's own `import()` calls (optional packages) load as they would from a file.
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    ...options,
  });
}

if (process.argv[2] === "--write-code-cache") {
  const run = compile({ produceCachedData: true });
  if (!run.cachedDataProduced) throw new Error(`V8 produced no code cache for ${bundle}`);
  writeFileSync(cacheFile, run.cachedData);
} else {
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch (e) {
    if (e.code !== "ENOENT") throw e;
  }
  const run = compile({ cachedData });
  debug(cachedData ? (run.cachedDataRejected ? "rejected" : "used") : "none");
  run(createRequire(bundle), bundle, __dirname);
}
