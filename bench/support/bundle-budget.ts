/**
 * The JavaScript budget (issue #16) of the pages that matter most, measured on a production build's
 * Vite manifest: the gzip'd JavaScript a browser downloads before the page can render, i.e. the
 * entry chunk and its static imports (what index.html loads and modulepreloads) plus the lazy
 * modules of the route's matches (layout and page) with their static imports, each chunk counted
 * once. Dynamic imports inside those (the realtime socket, GraphiQL) are not on the path and are
 * listed apart. Used by `npm run bench:bundle` (bench/bundle.ts) which `npm test` runs.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const KB = 1024;

/**
 * Route -> the lazy modules react-router loads for it (layout routes, then the page), its budget in
 * gzip'd bytes and in files: a phone's browser fetches six at a time over HTTP/1.1, so every six
 * small files cost a round trip before the page renders (the dashboard loaded 30 before its
 * components and helpers became one shared chunk, vite.config.ts).
 */
export const ROUTES: Array<{ name: string; path: string; modules: string[]; budget: number; files: number }> = [
  { name: "landing", path: "/", modules: ["src/app/routes/landing.tsx"], budget: 167 * KB, files: 6 },
  {
    name: "dashboard (signed in)",
    path: "/dashboard/:userId",
    modules: ["src/app/apollo-layout.tsx", "src/app/routes/dashboard.tsx"],
    budget: 230 * KB,
    files: 16,
  },
];

export interface RouteWeight {
  name: string;
  path: string;
  budget: number;
  /** The most JavaScript files the route may load before it renders. */
  files: number;
  /** gzip'd bytes of every chunk on the route's path. */
  total: number;
  chunks: Array<{ file: string; size: number }>;
  /** Imports loaded on demand later, with the gzip'd bytes each would add. */
  later: Array<{ module: string; added: number }>;
}

/** What each route of ROUTES weighs in the production build in `dist` (its .vite/manifest.json). */
export function routeWeights(dist: string): RouteWeight[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Manifest;
  const gzipped = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) gzipped.set(file, (size = gzipSync(readFileSync(path.join(dist, file))).length));
    return size;
  };
  /** A chunk and everything it imports statically, each key once. */
  const closure = (keys: string[], into = new Set<string>()): Set<string> => {
    for (const key of keys) {
      if (into.has(key)) continue;
      if (!manifest[key]) throw new Error(`${key} is not in the manifest (renamed or no longer lazy?)`);
      into.add(key);
      closure(manifest[key].imports ?? [], into);
    }
    return into;
  };
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry && c.src === "index.html")?.[0];
  if (!entry) throw new Error("no index.html entry in the manifest");

  return ROUTES.map((route) => {
    const keys = closure([entry, ...route.modules]);
    const chunks = [...keys].map((k) => ({ file: manifest[k].file, size: gzipSize(manifest[k].file) })).sort((a, b) => b.size - a.size);
    const later = [
      ...new Set(
        [...keys]
          .flatMap((k) => manifest[k].dynamicImports ?? [])
          .filter((k) => !keys.has(k) && !ROUTES.some((r) => r.modules.includes(k))),
      ),
    ]
      .filter((k) => !k.startsWith("src/app/") && !k.includes("sandbox"))
      .map((module) => ({
        module,
        added: [...closure([module])].filter((c) => !keys.has(c)).reduce((sum, c) => sum + gzipSize(manifest[c].file), 0),
      }));
    return { ...route, total: chunks.reduce((sum, c) => sum + c.size, 0), chunks, later };
  });
}
