// Compiles the server once (TypeScript -> one bundle, dist/server/server.js) so `npm start` runs plain
// JavaScript instead of compiling graph/ at every start. The entry, dist/server/main.js, is
// scripts/server-loader.cjs: it runs the bundle with V8's code cache for it (server.js.cache), which
// this build writes with the same Node (`node dist/server/main.js`, or `import()` of it from
// scripts/start.mjs; a package.json beside it, {"type": "commonjs"}, makes Node load it as CommonJS
// under the project's "type": "module"). Decorators compile as in tsx (experimentalDecorators,
// explicit types).
//
// The dependencies are bundled too: a cold start was mostly Node resolving, reading and compiling
// some 1,400 files of node_modules one by one (bench/startup.ts). Left outside the bundle, loaded
// from node_modules at run time: native addons (NATIVE), @apollo/utils.createhash (LOADED_AT_RUN_TIME,
// a declared dependency), packages that are not installed (TypeORM's other drivers, optional peers:
// they load only if used, and fail then as they would unbundled), and what the code loads with
// `lazyRequire` (adapters only a configured deployment uses). Whitespace and syntax are minified
// to shorten parsing. Names are not kept (esbuild's keepNames gives every closure made at run time
// its own `name` property: memory and time per request and per socket): the bundle renames only
// colliding top-level names, none of our GraphQL types (the served schema equals schema.graphql,
// which the compiled-server test checks) and no migration (each has an explicit `name`).
//   node scripts/build-server.mjs          build when missing or older than its sources
//   node scripts/build-server.mjs --force  build now
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
/** The entry (the loader), what `npm start`, the Dockerfile and the benchmarks run. */
export const SERVER_ENTRY = path.join(root, "dist/server/main.js");
/** The bundle, beside its entry; its code cache is `${BUNDLE_NAME}.cache`. */
export const BUNDLE_NAME = "server.js";
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
    statSync(path.join(root, "scripts/server-loader.cjs")).mtimeMs,
    existsSync(lock) ? statSync(lock).mtimeMs : 0,
  );
  const dir = path.dirname(SERVER_ENTRY);
  const outputs = [SERVER_ENTRY, path.join(dir, "package.json"), path.join(dir, BUNDLE_NAME), path.join(dir, `${BUNDLE_NAME}.cache`)];
  return !existsSync(stamp) || !outputs.every((file) => existsSync(file)) || statSync(stamp).mtimeMs < sources;
}

/** Native addons: loaded from node_modules at run time. */
const NATIVE = ["better-sqlite3", "argon2"];
/**
 * Loaded from node_modules at run time, as the package itself (no copy or replacement in the bundle):
 * @apollo/utils.createhash hashes with node's crypto only when `module.require` exists, which
 * esbuild's module shim lacks (bundled, it fell back to a pure-JavaScript SHA-256 for every request's
 * query text). Declared in package.json (at the version @apollo/server installs) for that require.
 */
const LOADED_AT_RUN_TIME = ["@apollo/utils.createhash"];

/**
 * graphql-js as its own ES modules (its package's `module` build, index.mjs and the .mjs beside each
 * file), for every import and require of it and of its subpaths alike, so the bundle holds one copy.
 * Bundled as CommonJS (esbuild's `main` first on Node), each of the 71 ES modules importing it
 * (type-graphql, ours) copied its 300 exports into a namespace object of its own at every start.
 */
const graphqlModules = {
  name: "graphql-modules",
  setup(build) {
    build.onResolve({ filter: /^graphql(\/|$)/ }, (args) => {
      if (!args.importer) return undefined;
      const file = createRequire(args.importer).resolve(args.path);
      const mjs = file.replace(/\.js$/, ".mjs");
      return mjs !== file && existsSync(mjs) ? { path: mjs } : undefined;
    });
  },
};

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
 * The bundle is ASCII only. V8 keeps a script's source one byte per character only if no character
 * is above U+00FF: a single one (a dependency's regular expression with a typographic apostrophe,
 * left as it is by esbuild) made the whole bundle a two-byte string, 13 MB of heap for the life of
 * the process and twice the bytes to scan at every start. And Node reads the file as UTF-8, which
 * takes its fast path only when every byte is ASCII: 5.7 ms against 10.2 ms for this 7 MB bundle,
 * at every start, because of two characters (an ANSI regular expression's U+009B and an accented
 * name in a licence comment). So every character above U+007F in a dependency becomes a \uXXXX
 * escape, which means the same in strings, templates, regular expressions and comments. One that
 * follows a backslash is left as it is (`\é` is an escape of its own).
 */
const asciiSources = {
  name: "ascii-sources",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/].*\.[cm]?js$/ }, async (args) => {
      const text = await readFile(args.path, "utf8");
      if (!/[\u0080-\uffff]/.test(text)) return undefined;
      const escaped = text.replace(/(\\*)([\u0080-\uffff])/g, (match, backslashes, c) =>
        backslashes.length % 2 ? match : `${backslashes}\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
      );
      return { contents: escaped, loader: "js" };
    });
  },
};

// The two `import.meta` values our sources read, from the loader's `__filename` and `__dirname`.
const BANNER = 'var __sxImportMetaUrl = require("node:url").pathToFileURL(__filename).href;';

/** What earlier builds left beside the entry: a bundle under another name, and V8 code caches for it. */
const OLD_FILES = /^(server\.cjs(\.map|\..*\.cache)?|main\.js\.map)$/;

/**
 * Builds the entry `entry` (the loader, and the package.json that makes Node load it as CommonJS),
 * the bundle beside it (with its source map) and the bundle's code cache. The bundle is one function
 * body (esbuild's `iife` format: no `module` or `exports` of its own) of `require`, `__filename` and
 * `__dirname`. Returns the packages the bundle loads from node_modules at run time (esbuild's
 * externals, Node's built-in modules left out).
 */
export async function buildServer(entry = SERVER_ENTRY) {
  const { build } = await import("esbuild");
  const dir = path.dirname(entry);
  // No cache of the bundle this build replaces may outlive it (the loader checks the build id too).
  rmSync(path.join(dir, `${BUNDLE_NAME}.cache`), { force: true });
  // The build's id, the bundle's first line: its code cache names it (scripts/server-loader.cjs).
  const buildId = randomBytes(8).toString("hex");
  const result = await build({
    entryPoints: [path.join(root, "graph/src/main.ts")],
    outfile: path.join(dir, BUNDLE_NAME),
    bundle: true,
    external: [...NATIVE, ...LOADED_AT_RUN_TIME],
    plugins: [graphqlModules, missingStayExternal, asciiSources],
    banner: { js: `// sx-build ${buildId}\n${BANNER}` },
    define: { "import.meta.url": "__sxImportMetaUrl", "import.meta.dirname": "__dirname" },
    platform: "node",
    format: "iife",
    target: "node20",
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "error",
    metafile: true,
  });
  writeFileSync(path.join(dir, "package.json"), `${JSON.stringify({ type: "commonjs" })}\n`);
  copyFileSync(path.join(root, "scripts/server-loader.cjs"), entry);
  for (const name of readdirSync(dir)) if (OLD_FILES.test(name)) rmSync(path.join(dir, name), { force: true });
  // The code cache, by the Node that runs the server, with no flags of this process (V8 refuses a
  // cache made under other flags).
  execFileSync(process.execPath, [entry, "--write-code-cache"], { env: { ...process.env, NODE_OPTIONS: "" }, stdio: "inherit" });
  if (entry === SERVER_ENTRY) writeFileSync(stamp, new Date().toISOString());
  const imports = Object.values(result.metafile.outputs).flatMap((o) => o.imports);
  return { externals: [...new Set(imports.filter((i) => i.external && !isBuiltin(i.path)).map((i) => i.path))].sort() };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes("--force") || serverIsStale()) await buildServer();
}
