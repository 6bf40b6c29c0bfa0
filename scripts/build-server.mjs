// Compiles the server once (TypeScript -> one ES module in dist/server) so `npm start` runs plain
// JavaScript instead of compiling graph/ at every start. Decorators compile as in tsx
// (experimentalDecorators, explicit types).
//
// The dependencies are bundled too: a cold start was mostly Node resolving, reading and compiling
// some 1,400 files of node_modules one by one (bench/startup.ts). Left outside the bundle: native
// addons (NATIVE), packages that are not installed (TypeORM's other drivers, optional peers: they
// load only if used, and fail then as they would unbundled), and what the code loads with
// `lazyRequire` (adapters only a configured deployment uses). Whitespace and syntax are minified
// to shorten parsing. Names are not kept (esbuild's keepNames gives every closure made at run time
// its own `name` property: memory and time per request and per socket): the bundle renames only
// colliding top-level names, none of our GraphQL types (the served schema equals schema.graphql,
// which the compiled-server test checks) and no migration (each has an explicit `name`).
//   node scripts/build-server.mjs          build when missing or older than its sources
//   node scripts/build-server.mjs --force  build now
import { existsSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
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
  // The dependencies are in the bundle too: an install (package-lock.json) makes it stale.
  const lock = path.join(root, "package-lock.json");
  const sources = Math.max(
    newestMtime(path.join(root, "graph/src")),
    newestMtime(path.join(root, "common")),
    statSync(path.join(root, "package.json")).mtimeMs,
    existsSync(lock) ? statSync(lock).mtimeMs : 0,
  );
  return !existsSync(stamp) || !existsSync(SERVER_ENTRY) || statSync(stamp).mtimeMs < sources;
}

/** Native addons: loaded from node_modules at run time. */
const NATIVE = ["better-sqlite3", "argon2"];
/**
 * Packages that must run as their own CommonJS module: @apollo/utils.createhash uses node's crypto
 * only when `module.require` exists, which esbuild's module shim lacks, and otherwise hashes every
 * query text with a pure-JavaScript SHA-256 (sha.js), on every request.
 */
const OWN_MODULE = ["@apollo/utils.createhash"];

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

// CommonJS code in an ES module bundle still calls require() and reads __dirname.
const BANNER = [
  'import { createRequire as __sxCreateRequire } from "node:module";',
  'import { fileURLToPath as __sxFileURLToPath } from "node:url";',
  'import { dirname as __sxDirname } from "node:path";',
  "const require = __sxCreateRequire(import.meta.url);",
  "const __filename = __sxFileURLToPath(import.meta.url);",
  "const __dirname = __sxDirname(__filename);",
].join(" ");

export async function buildServer(outfile = SERVER_ENTRY) {
  const { build } = await import("esbuild");
  await build({
    entryPoints: [path.join(root, "graph/src/main.ts")],
    outfile,
    bundle: true,
    external: [...NATIVE, ...OWN_MODULE],
    plugins: [missingStayExternal, latin1Sources],
    banner: { js: BANNER },
    platform: "node",
    format: "esm",
    target: "node20",
    minifyWhitespace: true,
    minifySyntax: true,
    sourcemap: true,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "error",
  });
  if (outfile === SERVER_ENTRY) writeFileSync(stamp, new Date().toISOString());
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes("--force") || serverIsStale()) await buildServer();
}
