// Whether dist/web must be built again before `npm start` serves it (scripts/start.mjs). The build
// writes dist/web/.build-stamp (vite.config.ts, buildStamp): the NODE_ENV it ran under, which picks
// React's production or development bundle. File times alone cannot tell a development build
// made a minute ago from a production one.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const STAMP_FILE = ".build-stamp";

/** The newest modification time under `target` (a file or a folder), skipping node_modules, e2e and dot-entries. */
export function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "e2e" || entry.name.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** The stamp of the build in `dist`: `{ nodeEnv, builtAt }`, or null when there is none or it is unreadable. */
export function readStamp(dist) {
  try {
    const stamp = JSON.parse(readFileSync(path.join(dist, STAMP_FILE), "utf8"));
    return typeof stamp?.nodeEnv === "string" ? stamp : null;
  } catch {
    return null;
  }
}

/**
 * Why the web app in `dist` must be built again to be served under `nodeEnv`, or null when it need not:
 * no build, a build without a stamp, a build made under another NODE_ENV, or sources newer than the build.
 * @param {{ dist: string, sources: string[], nodeEnv: string }} options
 * @returns {string | null}
 */
export function webBuildStaleReason({ dist, sources, nodeEnv }) {
  if (!existsSync(path.join(dist, "index.html"))) return "no build yet";
  const stamp = readStamp(dist);
  if (!stamp) return "the build has no mode stamp";
  if (stamp.nodeEnv !== nodeEnv) return `the build was made with NODE_ENV=${stamp.nodeEnv}, this start is ${nodeEnv}`;
  const built = statSync(path.join(dist, STAMP_FILE)).mtimeMs;
  if (Math.max(...sources.map(newestMtime)) > built) return "changed sources";
  return null;
}

/**
 * The Vite plugin that writes the stamp into the build output: the NODE_ENV the build runs under
 * (unset counts as production, as Vite builds it) and when.
 */
export function buildStampPlugin() {
  return {
    name: "skill-exchange:build-stamp",
    apply: "build",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: STAMP_FILE,
        source: JSON.stringify({ nodeEnv: process.env.NODE_ENV ?? "production", builtAt: new Date().toISOString() }),
      });
    },
  };
}
