import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The project's root folder (where package.json is), found by walking up from this module: the
 * same answer from the TypeScript sources (graph/src/shared) and from the compiled server bundle
 * (dist/server), so files next to the project (dist/web, schema.graphql) resolve in both.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "skill-exchange") return dir;
    if (path.dirname(dir) === dir) throw new Error(`No skill-exchange package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findRoot(import.meta.dirname);
