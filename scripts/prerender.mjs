// Prerendered static pages (issue #37): the HTML of the pages many first visits land on (landing,
// about, sign-in) rendered at build time by React, so a phone paints them as soon as the HTML and
// its stylesheets arrive instead of after the JavaScript has downloaded and run. The browser then
// hydrates that HTML (web/src/app/main.tsx). Written to dist/web/.prerendered.json as
// `{ "/path": { "title": "...", "html": "..." } }`; the server puts `html` inside that page's
// <div id="root"> and `title` in its <title> (graph/src/server/static.ts). Key "*" is the loading
// screen (the full-screen spinner) the HTML of every other page shows until the app renders.
//
// The same Node build of web/src/app/prerender.tsx is kept in dist/web-render (outside dist/web,
// which is served): the server renders the signed-in dashboard with it at request time
// (graph/src/server/page-render.ts).
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const PRERENDERED_FILE = ".prerendered.json";

/** The folder, beside dist/web, of the Node build of web/src/app/prerender.tsx. */
export const WEB_RENDER_DIR = "web-render";
/** Its entry in that folder. */
export const RENDERER_FILE = "prerender.cjs";

/**
 * A Vite plugin: once the browser build is written, builds web/src/app/prerender.tsx for Node (same
 * root, so CSS module class names are the browser build's) into dist/web-render, renders each page
 * with it and writes dist/web/.prerendered.json.
 * @param {{ entry: string, pages: string[], plugins: () => import("vite").PluginOption[] }} options
 */
export function prerenderPlugin({ entry, pages, plugins }) {
  /** @type {import("vite").ResolvedConfig} */
  let config;
  return {
    name: "skill-exchange:prerender",
    apply: (_config, env) => env.command === "build" && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const { build } = await import("vite");
      // Beside dist/web (inside the project, so that its imports resolve in node_modules).
      const outDir = path.join(config.build.outDir, "..", WEB_RENDER_DIR);
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: "warn",
          plugins: plugins(),
          build: {
            ssr: entry,
            outDir,
            emptyOutDir: true,
            target: "node20",
            minify: false,
            copyPublicDir: false,
            // CommonJS: the server loads it with require(), synchronously, as the compiled server
            // (itself CommonJS) and tsx both can.
            rollupOptions: { output: { format: "cjs", entryFileNames: "[name].cjs", chunkFileNames: "[name]-[hash].cjs" } },
          },
        });
        const { prerender, prerenderLoadingShell } = await import(pathToFileURL(path.join(outDir, RENDERER_FILE)).href);
        // "*": the loading screen of every page that is not prerendered.
        const result = { "*": { title: null, html: prerenderLoadingShell() } };
        for (const page of pages) result[page] = await prerender(page);
        writeFileSync(path.join(config.build.outDir, PRERENDERED_FILE), JSON.stringify(result, null, 2) + "\n");
      } catch (error) {
        // No half-built renderer for the server to load: it then serves every page as before.
        rmSync(outDir, { recursive: true, force: true });
        throw error;
      }
    },
  };
}
