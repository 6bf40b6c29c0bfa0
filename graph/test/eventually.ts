/**
 * Waits for a condition the system reaches asynchronously (a subscription going live,
 * an event crossing Redis). It asserts the outcome, never how long it took; the
 * generous cap only stops a broken test from hanging.
 */
export async function eventually<T>(check: () => T | Promise<T>, what = "condition", capMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + capMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v) return v as NonNullable<T>;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`never happened: ${what}${last ? ` (last error: ${String(last)})` : ""}`);
    await new Promise((r) => setTimeout(r, 15));
  }
}
