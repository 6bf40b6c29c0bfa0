import v8 from "node:v8";

/**
 * How far V8 lets the old generation grow past what survived the last full collection before it
 * collects again, in percent. V8's own factor adapts between 1.1x and 4x and, while thousands of
 * students connect at once, picks the high end: the heap of a server holding 5,000 sockets grew to
 * three times its live data (about 420 MiB of RSS for about 130 MiB live) and V8 keeps pages it
 * grew to. At 1.5x the same run peaks near 250 MiB; the price is more frequent (incremental,
 * mostly concurrent) full collections while the live set grows.
 */
export const HEAP_GROWING_PERCENT = 50;

/**
 * Applies HEAP_GROWING_PERCENT to this process, unless the operator chose a heap policy on the
 * node command line (`node --heap-growing-percent=100 dist/server/main.js`, or `--optimize-for-size`), which then
 * wins. V8 reads this flag each time it sets the next collection's limit, so setting it at start-up,
 * before the server allocates, is enough. Returns whether it was applied.
 */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  // Only the command line: Node refuses these V8 flags in NODE_OPTIONS.
  const chosen = execArgv.some((a) => /^--(heap[-_]growing[-_]percent|optimize[-_]for[-_]size)\b/.test(a));
  if (chosen) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
