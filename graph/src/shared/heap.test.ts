import { describe, expect, it } from "vitest";
import { boundHeapGrowth } from "./heap.js";

describe("the server's heap growth bound", () => {
  it("is applied when the operator chose no heap policy", () => {
    expect(boundHeapGrowth([])).toBe(true);
    expect(boundHeapGrowth(["--enable-source-maps", "--max-old-space-size=2048"])).toBe(true);
  });

  it("leaves a policy chosen on the node command line alone", () => {
    expect(boundHeapGrowth(["--heap-growing-percent=100"])).toBe(false);
    expect(boundHeapGrowth(["--optimize-for-size"])).toBe(false);
    expect(boundHeapGrowth(["--trace-gc", "--heap_growing_percent=20"])).toBe(false);
  });
});
