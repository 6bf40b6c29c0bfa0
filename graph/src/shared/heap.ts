import { constants, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";

/**
 * How far V8 may let the old generation grow past what survived the last full collection before it
 * collects again: this much, or half the survivors when that is more. V8's own factor adapts between
 * 1.1x and 4x of the survivors and, while thousands of students connect at once, picks the high end:
 * a server holding 5,000 sockets grew its heap to three times its live data (about 420 MiB of RSS for
 * about 130 MiB live), and V8 keeps the pages it grew to. A flat 1.5x fixed that (about 250 MiB) but
 * made a small heap collect all the time: serving reads, a heap of about 30 MiB promotes about 2 MiB
 * of in-flight requests per scavenge, so 1.5x meant a full collection twice a second and cost the
 * cheap reads (a profile, a chat list) about a tenth of their CPU. An absolute headroom gives the
 * small heap V8's own pace (about 3x) and the big one the same bound as before.
 */
export const HEAP_HEADROOM_BYTES = 64 * 2 ** 20;
/** Never less than 1.5x of the survivors: a bigger heap still gets room in proportion. */
export const MIN_GROWING_PERCENT = 50;
/** Never more than V8's own ceiling (4x). */
export const MAX_GROWING_PERCENT = 300;

/** V8's `--heap-growing-percent` for a heap of `liveBytes` after a full collection. */
export function growingPercentFor(liveBytes: number): number {
  const percent = Math.round((100 * HEAP_HEADROOM_BYTES) / Math.max(liveBytes, 1));
  return Math.min(MAX_GROWING_PERCENT, Math.max(MIN_GROWING_PERCENT, percent));
}

/**
 * Keeps V8's growth limit at growingPercentFor(the live heap), unless the operator chose a heap policy
 * on the node command line (`node --heap-growing-percent=100 dist/server/main.js`, or
 * `--optimize-for-size`), which then wins. V8 reads the flag each time it sets the next collection's
 * limit, at the end of a full collection; the flag is set now and again after every full collection
 * (a performance observer of garbage collections), so each limit follows the live heap of the
 * collection before. Returns a function that stops following, or null when not applied.
 */
export function boundHeapGrowth(
  execArgv: readonly string[] = process.execArgv,
  setFlags: (flags: string) => void = (flags) => v8.setFlagsFromString(flags),
): (() => void) | null {
  // Only the command line: Node refuses these V8 flags in NODE_OPTIONS.
  const chosen = execArgv.some((a) => /^--(heap[-_]growing[-_]percent|optimize[-_]for[-_]size)\b/.test(a));
  if (chosen) return null;
  const apply = () => setFlags(`--heap-growing-percent=${growingPercentFor(v8.getHeapStatistics().used_heap_size)}`);
  apply();
  const observer = new PerformanceObserver((list) => {
    const major = list.getEntries().some((e) => (e as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR);
    if (major) apply();
  });
  observer.observe({ entryTypes: ["gc"] });
  return () => observer.disconnect();
}
