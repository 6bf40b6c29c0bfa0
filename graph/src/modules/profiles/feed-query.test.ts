/**
 * The filtered feed's walks share one budget of examined rows: a viewer with many skills each way
 * walks many streams at once, and each examined row is probed for the filters, so a budget per walk
 * multiplied a page's SQL by the number of walks (seen at 100,000 students: 128x an indexed read).
 */
import { describe, expect, it } from "vitest";
import { feedSegmentQuery, type FeedViewer } from "./feed-query.js";
import { FILTER_SCAN_BUDGET, walkBudget } from "./filter-query.js";

const viewer = (known: string[], required: string[], filters?: FeedViewer["filters"]): FeedViewer => ({
  id: "me",
  known,
  required,
  blocked: [],
  asOf: new Date("2026-01-05T09:00:00Z"),
  sqlite: false,
  filters,
});

const limits = (sql: string) => [...sql.matchAll(/LIMIT (\d+)/g)].map((m) => Number(m[1]));

describe("filtered feed walks", () => {
  it("share FILTER_SCAN_BUDGET among a segment's walks, never fewer than the page needs", () => {
    expect(walkBudget(11, 1)).toBe(FILTER_SCAN_BUDGET);
    expect(walkBudget(11, 6)).toBe(Math.ceil(FILTER_SCAN_BUDGET / 6));
    expect(walkBudget(51, 6)).toBe(51);
  });

  it("examine about one budget per statement however many skills the viewer has", () => {
    const v = viewer(["chess", "sql"], ["linux", "pottery", "rust"], { language: "tamil", minRating: 3, maxCoins: 20 });
    for (const score of [3, 2, 1, 0]) {
      const q = feedSegmentQuery(v, score, null, 11)!;
      const walks = limits(q.sql);
      expect(walks.every((n) => n === q.perWalk)).toBe(true);
      expect(walks.reduce((a, b) => a + b, 0)).toBeLessThan(FILTER_SCAN_BUDGET + walks.length);
    }
    // Six mutual-match walks (three wanted skills times two known ones).
    expect(limits(feedSegmentQuery(v, 3, null, 11)!.sql)).toHaveLength(6);
  });

  it("leave the plain feed's walks at the page size", () => {
    const q = feedSegmentQuery(viewer(["chess", "sql"], ["linux", "pottery", "rust"]), 3, null, 11)!;
    expect(limits(q.sql)).toEqual([11, 11, 11, 11, 11, 11]);
  });
});
