import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig, type ProxyOptions } from "vite";

const webRoot = fileURLToPath(new URL("./web", import.meta.url));
// The API server the dev server forwards to; `npm run dev` starts it on 4000.
const apiTarget = process.env.VITE_API_TARGET ?? "http://127.0.0.1:4000";

const proxy: Record<string, ProxyOptions> = {
  "/graphql": { target: apiTarget, ws: true, changeOrigin: true },
  "/api": { target: apiTarget, changeOrigin: true },
  "/uploads": { target: apiTarget, changeOrigin: true },
  "/healthz": { target: apiTarget, changeOrigin: true },
};

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  build: {
    outDir: "../dist/web",
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
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return "react";
          if (/node_modules\/graphql\//.test(id)) return "graphql";
          return undefined;
        },
      },
    },
  },
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
});
