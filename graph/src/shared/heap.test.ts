import { runInNewContext } from "node:vm";
import v8 from "node:v8";
import { afterEach, describe, expect, it, vi } from "vitest";
import { boundHeapGrowth, growingPercentFor, HEAP_HEADROOM_BYTES, MAX_GROWING_PERCENT, MIN_GROWING_PERCENT } from "./heap.js";

const MiB = 2 ** 20;

describe("the server's heap growth bound", () => {
  const stops: Array<() => void> = [];
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it("gives a small heap the headroom (up to V8's own 4x) and a big one 1.5x of what survived", () => {
    expect(growingPercentFor(8 * MiB)).toBe(MAX_GROWING_PERCENT);
    expect(growingPercentFor(32 * MiB)).toBe(200);
    expect(growingPercentFor(64 * MiB)).toBe(100);
    expect(growingPercentFor(HEAP_HEADROOM_BYTES * 2)).toBe(MIN_GROWING_PERCENT);
    expect(growingPercentFor(1024 * MiB)).toBe(MIN_GROWING_PERCENT);
    expect(growingPercentFor(0)).toBe(MAX_GROWING_PERCENT);
  });

  it("is applied when the operator chose no heap policy, and again after each full collection", async () => {
    const set: string[] = [];
    const stop = boundHeapGrowth(["--enable-source-maps", "--max-old-space-size=2048"], (f) => set.push(f));
    expect(stop).toBeTypeOf("function");
    stops.push(stop!);
    expect(set).toHaveLength(1);
    expect(set[0]).toMatch(/^--heap-growing-percent=\d+$/);
    const percent = Number(set[0].split("=")[1]);
    expect(percent).toBeGreaterThanOrEqual(MIN_GROWING_PERCENT);
    expect(percent).toBeLessThanOrEqual(MAX_GROWING_PERCENT);

    // A full collection, as V8 runs one when the old generation reaches its limit.
    v8.setFlagsFromString("--expose-gc");
    (runInNewContext("gc") as () => void)();
    // Node hands the collection's performance entry to the observer on a later turn of the event loop:
    // waited for (a loaded CI box may take a while), not timed.
    await vi.waitFor(() => expect(set.length).toBeGreaterThan(1), { timeout: 30_000, interval: 20 });
    expect(set.at(-1)).toMatch(/^--heap-growing-percent=\d+$/);
  });

  it("leaves a policy chosen on the node command line alone", () => {
    const set: string[] = [];
    expect(boundHeapGrowth(["--heap-growing-percent=100"], (f) => set.push(f))).toBeNull();
    expect(boundHeapGrowth(["--optimize-for-size"], (f) => set.push(f))).toBeNull();
    expect(boundHeapGrowth(["--trace-gc", "--heap_growing_percent=20"], (f) => set.push(f))).toBeNull();
    expect(set).toEqual([]);
  });
});
