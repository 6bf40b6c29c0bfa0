import react from "@vitejs/plugin-react";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin, type ProxyOptions } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { buildStampPlugin } from "./scripts/build-stamp.mjs";
import { prerenderPlugin } from "./scripts/prerender.mjs";
import { routePreloadsPlugin } from "./scripts/route-preloads.mjs";
import { SIGNED_IN_HINT_SCRIPT } from "./common/pages";

const webRoot = fileURLToPath(new URL("./web", import.meta.url));
// The API server the dev server forwards to; `npm run dev` starts it on 4000.
const apiTarget = process.env.VITE_API_TARGET ?? "http://127.0.0.1:4000";

const proxy: Record<string, ProxyOptions> = {
  "/graphql": { target: apiTarget, ws: true, changeOrigin: true },
  "/api": { target: apiTarget, changeOrigin: true },
  "/uploads": { target: apiTarget, changeOrigin: true },
  "/healthz": { target: apiTarget, changeOrigin: true },
};

/** A colour token of web/src/styles/tokens.css, `var(--…)` references followed: the manifest's colours are the app's. */
function colorToken(name: string): string {
  const css = readFileSync(`${webRoot}/src/styles/tokens.css`, "utf8");
  const value = new RegExp(`--${name}:\\s*([^;]+);`).exec(css)?.[1]?.trim();
  if (!value) throw new Error(`tokens.css has no --${name}`);
  const ref = /^var\(--([\w-]+)\)$/.exec(value);
  return ref ? colorToken(ref[1]) : value;
}

/** What `manualChunks` is told of a module (Rollup's ManualChunkMeta, the part used here). */
interface ChunkMeta {
  getModuleInfo(id: string): { dynamicImporters: readonly string[]; importers: readonly string[] } | null;
}

/**
 * The app's building blocks (components and lib), which most pages share: one `shared` chunk (and
 * one stylesheet) instead of a file each. Pages loaded them as some twenty files of 0.1-2 KB, and a
 * phone's browser opens six connections at a time over HTTP/1.1: every six small files cost a round
 * trip before the page could render. Modules loaded on demand (the realtime client) keep their own
 * chunks, so nothing loaded later moves onto a page's first load.
 */
function sharedChunk(id: string, meta: ChunkMeta): string | undefined {
  if (!/\/web\/src\/(components|lib)\//.test(id)) return undefined;
  return meta.getModuleInfo(id)?.dynamicImporters.length ? undefined : "shared";
}

/** What the server pages' layout renders for a signed-in student on every page: their links and live counts. */
const ACCOUNT_NAV = /\/web\/src\/app\/account-nav\.tsx$/;

/**
 * The account navigation and the feature modules it imports are one chunk: the pages that import
 * them too (the dashboard, chat, notifications) load it anyway, and left alone Rollup gives each
 * module a file of its own (five more files before the dashboard renders).
 */
function inAccountNav(id: string, meta: ChunkMeta, seen = new Set<string>()): boolean {
  if (ACCOUNT_NAV.test(id)) return true;
  if (!/\/web\/src\/features\//.test(id) || seen.has(id)) return false;
  seen.add(id);
  return (meta.getModuleInfo(id)?.importers ?? []).some((importer) => inAccountNav(importer, meta, seen));
}

const outDir = fileURLToPath(new URL("./dist/web", import.meta.url));
/** Where this build writes (`--outDir` can move it: the bundle budget test builds elsewhere). */
let builtTo = outDir;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}

/**
 * The files the app (index.html) can ever load, from the build's .vite/manifest.json: its entry and
 * every chunk reachable through static and dynamic imports, with their CSS and assets. The GraphQL
 * sandbox's own chunks (GraphiQL, CodeMirror) are not among them, so they are not precached.
 */
function appFiles(): Set<string> {
  const manifest = JSON.parse(readFileSync(`${builtTo}/.vite/manifest.json`, "utf8")) as Record<string, ManifestChunk>;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const file of [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit("index.html");
  if (!seen.size) throw new Error("no index.html entry in .vite/manifest.json");
  return files;
}

/**
 * V8's explicit compile hint (https://v8.dev/blog/explicit-compile-hints): a script that starts
 * with this comment has all its functions compiled as it streams in, on a background thread,
 * instead of each on the main thread the first time it runs. For the chunks whose code nearly all
 * runs as a page starts (React, React Router, Apollo Client, graphql's language): on a phone the
 * dashboard's hydration spent more than half of its longest tasks compiling them lazily.
 * After minification (order "post"), which would drop the comment, and before the files' hashes.
 */
function compileHintsPlugin(chunks: string[]): Plugin {
  return {
    name: "skill-exchange:compile-hints",
    apply: "build",
    renderChunk: {
      order: "post",
      handler(code, chunk) {
        return chunks.includes(chunk.name) ? { code: `//# allFunctionsCalledOnLoad\n${code}`, map: null } : null;
      },
    },
  };
}

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    compileHintsPlugin(["react", "apollo", "graphql"]),
    { name: "skill-exchange:out-dir", configResolved: (config) => void (builtTo = config.build.outDir) },
    // Before anything paints: whether this browser is signed in (common/pages.ts), so a prerendered page does not
    // show a signed-in student "Sign in" until it hydrates.
    {
      name: "skill-exchange:signed-in-hint",
      transformIndexHtml: () => [{ tag: "script", children: SIGNED_IN_HINT_SCRIPT, injectTo: "head-prepend" }],
    },
    // dist/web/.build-stamp: the NODE_ENV of this build, compared by `npm start` (scripts/start.mjs).
    buildStampPlugin(),
    // dist/web/.route-preloads.json: what the pages most visits start on load after the shell (their
    // lazy route modules, as in web/src/app/router.tsx), linked in their index.html by the server.
    routePreloadsPlugin({
      "/": ["src/app/routes/landing.tsx"],
      "/about": ["src/app/routes/about.tsx"],
      "/login": ["src/app/routes/login.tsx"],
      "/register": ["src/app/apollo-layout.tsx", "src/app/routes/register.tsx"],
      // A signed-in student's usual first page (the installed app starts there too).
      "/dashboard/:userId": ["src/app/apollo-layout.tsx", "src/app/routes/dashboard.tsx"],
    }),
    // dist/web/.prerendered.json: the HTML of the static pages, put in their index.html by the server
    // and hydrated by the browser (web/src/app/main.tsx).
    prerenderPlugin({ entry: "src/app/prerender.tsx", pages: ["/", "/about", "/login"], plugins: () => [react()] }),
    // The installable app (issue #37): web app manifest, icons made from the favicon at build time,
    // and the service worker web/src/sw.ts (precached shell, offline navigations, push). The page
    // registers it itself (web/src/lib/pwa.ts), after load, with workbox-window.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      injectRegister: false,
      registerType: "prompt",
      manifest: {
        id: "/",
        name: "Skill Exchange",
        short_name: "Skill Exchange",
        description: "Swap skills with fellow students. Teach what you know, learn what you don't.",
        start_url: "/",
        scope: "/",
        display: "standalone",
        orientation: "portrait",
        lang: "en",
        theme_color: colorToken("color-bg"),
        background_color: colorToken("color-bg"),
      },
      pwaAssets: {
        image: "public/favicon.svg",
        overrideManifestIcons: true,
        // index.html keeps its own theme-color meta.
        injectThemeColor: false,
        preset: {
          transparent: { sizes: [64, 192, 512], favicons: [[48, "favicon.ico"]] },
          // The logo on its own gradient's first colour, inside the maskable safe zone.
          maskable: { sizes: [192, 512], padding: 0.3, resizeOptions: { background: colorToken("color-accent-500") } },
          apple: { sizes: [180], padding: 0.3, resizeOptions: { background: colorToken("color-accent-500") } },
        },
      },
      injectManifest: {
        // The app's shell (the plugin adds the manifest); the GraphQL sandbox is left to the network.
        globPatterns: ["**/*.{js,css,html,svg,png,ico}"],
        globIgnores: ["sandbox/**"],
        manifestTransforms: [
          (entries) => {
            const app = appFiles();
            return { manifest: entries.filter((entry) => !entry.url.startsWith("assets/") || app.has(entry.url)), warnings: [] };
          },
        ],
      },
    }),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    target: "es2022",
    // Gzip size reporting walks every chunk a second time; not worth it on a 2-core box.
    reportCompressedSize: false,
    // .vite/manifest.json: which chunks each module needs, read by `npm run bench:bundle`.
    manifest: true,
    // GraphiQL is one large chunk that only /sandbox loads.
    chunkSizeWarningLimit: 2000,
    rollupOptions: {
      input: {
        app: `${webRoot}/index.html`,
        sandbox: `${webRoot}/sandbox/index.html`,
      },
      output: {
        // Libraries both pages use get stable, separately cached chunks.
        manualChunks(id, meta) {
          // React Router with them: every page needs it, and left unassigned it would join the shared chunk below.
          if (/node_modules\/(react|react-dom|scheduler|react-router|cookie|set-cookie-parser)\//.test(id)) return "react";
          // graphql's language (parse, print, visit), what Apollo Client needs; the type system and
          // validation only the GraphQL sandbox uses stay with it, off the pages' critical path.
          if (/node_modules\/graphql\//.test(id)) return /\/graphql\/(language|jsutils|error)\//.test(id) ? "graphql" : "graphql-schema";
          // Apollo Client with its helpers: one file for the pages that talk to the server, not a dozen
          // small ones (each a round trip on a phone network). Sign-in loads it on demand.
          // Its error classes apart (a manual chunk, or they would join the client's): sign-in's form
          // reads them before it loads the client.
          if (/node_modules\/@apollo\/client\/errors\//.test(id)) return "apollo-errors";
          if (/node_modules\/(@apollo\/client|rxjs|tslib|@wry|optimism|ts-invariant|graphql-tag)\//.test(id)) return "apollo";
          // The generated documents in a file of their own, as Rollup would make it, or the account
          // navigation's chunk (below) would take them in, and sign-in would load Apollo Client with it.
          if (/\/web\/src\/gql\//.test(id)) return "documents";
          if (inAccountNav(id, meta)) return "account-nav";
          return sharedChunk(id, meta);
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
