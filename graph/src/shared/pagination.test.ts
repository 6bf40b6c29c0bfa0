import { describe, expect, it } from "vitest";
import { backwardPage, connection, forwardPage } from "./pagination.js";

describe("connections", () => {
  it("make a cursor only when it is read, once", () => {
    const made: number[] = [];
    const page = forwardPage([1, 2, 3, 4], 3, null, (n) => {
      made.push(n);
      return `c${n}`;
    });
    expect(page.edges.map((e) => e.node)).toEqual([1, 2, 3]);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.pageInfo.hasPreviousPage).toBe(false);
    expect(made).toEqual([]);
    expect(page.pageInfo.endCursor).toBe("c3");
    expect(page.edges[2].cursor).toBe("c3");
    expect(page.pageInfo.endCursor).toBe("c3");
    expect(made).toEqual([3]);
  });

  it("read as plain values by spreads, JSON and deep equality", () => {
    const page = backwardPage([3, 2, 1], 2, "x", (n) => `c${n}`);
    expect(page).toEqual({
      edges: [
        { node: 2, cursor: "c2" },
        { node: 3, cursor: "c3" },
      ],
      pageInfo: { hasNextPage: true, hasPreviousPage: true, startCursor: "c2", endCursor: "c3" },
    });
    expect(JSON.parse(JSON.stringify(page.edges[0]))).toEqual({ node: 2, cursor: "c2" });
    expect({ ...page.pageInfo }).toEqual({ hasNextPage: true, hasPreviousPage: true, startCursor: "c2", endCursor: "c3" });
  });

  it("have no cursors when empty", () => {
    const page = connection([], () => "never", { hasNextPage: false, hasPreviousPage: false });
    expect(page.pageInfo.startCursor).toBeNull();
    expect(page.pageInfo.endCursor).toBeNull();
  });
});
