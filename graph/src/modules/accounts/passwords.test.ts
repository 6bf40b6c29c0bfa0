import { describe, expect, it } from "vitest";
import { hashPassword, hashSlot, MAX_CONCURRENT_HASHES, verifyPassword } from "./passwords.js";

describe("password hashing under a burst", () => {
  it("runs at most MAX_CONCURRENT_HASHES hashes at once, in arrival order, and frees the slot on failure", async () => {
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const release: Array<() => void> = [];
    const jobs: Array<Promise<number>> = Array.from({ length: 3 * MAX_CONCURRENT_HASHES + 2 }, (_, i) =>
      hashSlot(async () => {
        active++;
        peak = Math.max(peak, active);
        started.push(i);
        await new Promise<void>((resolve) => release.push(resolve));
        active--;
        if (i === 0) throw new Error("hash failed");
        return i;
      }),
    );
    const settled = Promise.allSettled(jobs);
    // Let the first wave start, then finish jobs one by one: each finish lets exactly one more in.
    while (started.length < jobs.length) {
      await new Promise((r) => setImmediate(r));
      expect(active).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
      release.shift()?.();
    }
    release.forEach((r) => r());
    const results = await settled;
    expect(peak).toBe(MAX_CONCURRENT_HASHES);
    expect(started).toEqual(jobs.map((_, i) => i));
    expect(results[0].status).toBe("rejected");
    expect(results.slice(1).every((r) => r.status === "fulfilled")).toBe(true);
  });

  it("still hashes and verifies when many run at once", async () => {
    const hashes = await Promise.all(["a-password-1", "a-password-2", "a-password-3"].map(hashPassword));
    expect(await Promise.all(hashes.map((h, i) => verifyPassword(h, `a-password-${i + 1}`)))).toEqual([true, true, true]);
    expect(await verifyPassword(hashes[0], "wrong")).toBe(false);
  });
});
