/** The bundle, what `npm start`, the Dockerfile and the benchmarks run (dist/server/main.js). */
export const SERVER_ENTRY: string;
/** Whether dist/server is missing or older than its sources (graph/src, common, package.json, package-lock.json). */
export function serverIsStale(): boolean;
/**
 * Builds the CommonJS bundle `outfile` (SERVER_ENTRY unless given) with its source map, and the
 * package.json that makes Node load it as CommonJS. Returns the packages it loads from node_modules at run time.
 */
export function buildServer(outfile?: string): Promise<{ externals: string[] }>;
