import { describe, expect, it } from "vitest";
import { backwardPage, checkSkip, connection, firstNodes, forwardPage, MAX_SKIP, SKIP_MESSAGE } from "./pagination.js";

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

describe("firstNodes", () => {
  /** A keyset-paged list of `total` numbers, recording each page asked for. */
  function list(total: number) {
    const asked: Array<{ first: number; after: string | null }> = [];
    const read = (first: number, after: string | null) => {
      asked.push({ first, after });
      const from = after === null ? 0 : Number(after) + 1;
      const rows = Array.from({ length: Math.max(0, Math.min(first + 1, total - from)) }, (_, i) => from + i);
      return Promise.resolve(forwardPage(rows, first, after, String));
    };
    return { asked, read };
  }

  it("reads one page when the list ends within it", async () => {
    const l = list(30);
    expect(await firstNodes(200, l.read)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(l.asked).toEqual([{ first: 100, after: null }]);
  });

  it("reads on from each page's end cursor up to max, never past it", async () => {
    const l = list(1000);
    const nodes = await firstNodes(250, l.read);
    expect(nodes).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(l.asked).toEqual([
      { first: 100, after: null },
      { first: 100, after: "99" },
      { first: 50, after: "199" },
    ]);
  });

  it("stops at the list's end between pages", async () => {
    const l = list(200);
    expect(await firstNodes(200, l.read)).toHaveLength(200);
    expect(await firstNodes(500, list(150).read)).toHaveLength(150);
    expect(l.asked).toHaveLength(2);
  });
});

describe("checkSkip", () => {
  it("takes a whole offset from 0 to the bound, and refuses anything else with the one message", () => {
    expect(checkSkip(0)).toBe(0);
    expect(checkSkip(MAX_SKIP)).toBe(MAX_SKIP);
    expect(checkSkip(100_000, 100_000)).toBe(100_000);
    for (const [skip, max] of [[-1], [1.5], [Number.NaN], [MAX_SKIP + 1], [100_001, 100_000]] as Array<[number, number?]>)
      expect(() => checkSkip(skip, max)).toThrow(SKIP_MESSAGE);
  });
});
