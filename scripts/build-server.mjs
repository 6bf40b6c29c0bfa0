// Compiles the server once (TypeScript -> one CommonJS bundle, dist/server/server.cjs, and the entry
// that loads it, dist/server/main.js) so `npm start` runs plain JavaScript instead of compiling graph/
// at every start, and from the second start on skips V8's compile of the bundle too (its code cache,
// see ENTRY). Decorators compile as in tsx (experimentalDecorators, explicit types).
//
// The dependencies are bundled too: a cold start was mostly Node resolving, reading and compiling
// some 1,400 files of node_modules one by one (bench/startup.ts). Left outside the bundle: native
// addons (NATIVE), @apollo/utils.createhash (LOADED_AT_RUN_TIME), packages that are not installed (TypeORM's other drivers, optional peers: they
// load only if used, and fail then as they would unbundled), and what the code loads with
// `lazyRequire` (adapters only a configured deployment uses). Whitespace and syntax are minified
// to shorten parsing. Names are not kept (esbuild's keepNames gives every closure made at run time
// its own `name` property: memory and time per request and per socket): the bundle renames only
// colliding top-level names, none of our GraphQL types (the served schema equals schema.graphql,
// which the compiled-server test checks) and no migration (each has an explicit `name`).
//   node scripts/build-server.mjs          build when missing or older than its sources
//   node scripts/build-server.mjs --force  build now
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
export const SERVER_ENTRY = path.join(root, "dist/server/main.js");
/** The bundle itself, CommonJS, loaded by SERVER_ENTRY (see ENTRY below). */
const SERVER_BUNDLE = path.join(root, "dist/server/server.cjs");
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
  // The dependencies are in the bundle too: an install (package-lock.json) makes it stale.
  const lock = path.join(root, "package-lock.json");
  const sources = Math.max(
    newestMtime(path.join(root, "graph/src")),
    newestMtime(path.join(root, "common")),
    statSync(path.join(root, "package.json")).mtimeMs,
    existsSync(lock) ? statSync(lock).mtimeMs : 0,
  );
  return !existsSync(stamp) || !existsSync(SERVER_ENTRY) || !existsSync(SERVER_BUNDLE) || statSync(stamp).mtimeMs < sources;
}

/** Native addons: loaded from node_modules at run time. */
const NATIVE = ["better-sqlite3", "argon2"];
/**
 * Loaded from node_modules at run time, as the package itself (no copy or replacement in the bundle):
 * @apollo/utils.createhash hashes with node's crypto only when `module.require` exists, which
 * esbuild's module shim lacks (bundled, it fell back to a pure-JavaScript SHA-256 for every request's
 * query text). It is a dependency of @apollo/server, installed with it.
 */
const LOADED_AT_RUN_TIME = ["@apollo/utils.createhash"];

/** Bare imports that do not resolve from the importing file (optional, not installed) stay external. */
const missingStayExternal = {
  name: "missing-stay-external",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:") || !args.importer) return undefined;
      try {
        createRequire(args.importer).resolve(args.path);
        return undefined;
      } catch {
        return { path: args.path, external: true };
      }
    });
  },
};

/**
 * V8 keeps a script's source one byte per character only if no character is above U+00FF; a single
 * one (a dependency's regular expression with a typographic apostrophe, left as it is by esbuild)
 * made the whole 6.6 MB bundle a two-byte string: 13 MB of heap for the life of the process, and
 * twice the bytes to scan at every start. Such characters in dependencies become \uXXXX escapes,
 * which mean the same in strings, templates, regular expressions and comments.
 */
const latin1Sources = {
  name: "latin1-sources",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!/[\u0100-\uffff]/.test(text)) return undefined;
      return { contents: text.replace(/[\u0100-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`), loader: "js" };
    });
  },
};

// The two `import.meta` values our sources read, for a CommonJS bundle.
const BANNER = 'var __sxImportMetaUrl = require("node:url").pathToFileURL(__filename).href;';

/**
 * The entry (`dist/server/main.js`, what `npm start` and the benchmarks run): loads the CommonJS
 * bundle beside it through a V8 code cache. Compiling the 6.6 MB bundle was a fifth of a start,
 * and Node 20 caches no compiled code for ES modules or `require`; a script compiled with
 * `vm.Script` can be given the code V8 made for it last time (`cachedData`), which V8 checks against
 * the source, its version and its flags and ignores when any differ. The server calls
 * `globalThis[Symbol.for("skill-exchange.saveCodeCache")]` once it is up (main.ts), which writes the
 * cache (with every function start-up compiled) when there was none or V8 rejected it. V8 checks a
 * cache against the source's length, not its text, so the cache's name carries a hash of the bundle
 * it was made for, and a build removes older ones. A folder that cannot be written only means no cache.
 */
const ENTRY = `// Generated by scripts/build-server.mjs: runs server.cjs through a V8 code cache (see there).
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
const dir = path.dirname(fileURLToPath(import.meta.url));
const file = path.join(dir, "server.cjs");
const cacheFile = path.join(dir, "server.cjs.__BUILD__.cache");
function compile() {
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {}
  const wrapped = "(function (exports, require, module, __filename, __dirname) {" + readFileSync(file, "utf8") + "\\n})";
  const importModuleDynamically = vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  const script = new vm.Script(wrapped, { filename: file, cachedData, importModuleDynamically });
  const accepted = cachedData !== undefined && !script.cachedDataRejected;
  globalThis[Symbol.for("skill-exchange.saveCodeCache")] = () => {
    if (accepted) return;
    const tmp = cacheFile + "." + process.pid;
    try {
      writeFileSync(tmp, script.createCachedData());
      renameSync(tmp, cacheFile);
    } catch {
      rmSync(tmp, { force: true });
    }
  };
  return script;
}
const module = { exports: {} };
compile().runInThisContext()(module.exports, createRequire(file), module, file, dir);
`;

/** Builds the CommonJS bundle (`server.cjs`) and its entry (`outfile`) into outfile's folder. */
export async function buildServer(outfile = SERVER_ENTRY) {
  const { build } = await import("esbuild");
  const bundle = path.join(path.dirname(outfile), "server.cjs");
  await build({
    entryPoints: [path.join(root, "graph/src/main.ts")],
    outfile: bundle,
    bundle: true,
    external: [...NATIVE, ...LOADED_AT_RUN_TIME],
    plugins: [missingStayExternal, latin1Sources],
    banner: { js: BANNER },
    define: { "import.meta.url": "__sxImportMetaUrl", "import.meta.dirname": "__dirname" },
    platform: "node",
    format: "cjs",
    target: "node20",
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "error",
  });
  const dir = path.dirname(outfile);
  for (const name of readdirSync(dir)) if (/^server\.cjs\..*cache$/.test(name)) rmSync(path.join(dir, name), { force: true });
  const buildId = createHash("sha256").update(readFileSync(bundle)).digest("hex").slice(0, 16);
  writeFileSync(outfile, ENTRY.replace("__BUILD__", buildId));
  if (outfile === SERVER_ENTRY) writeFileSync(stamp, new Date().toISOString());
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes("--force") || serverIsStale()) await buildServer();
}
