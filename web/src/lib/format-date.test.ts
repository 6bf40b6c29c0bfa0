import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDate } from "./format-date";

const at = "2026-03-05T08:35:00.000Z";

describe("formatDate", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("writes dates in the student's language (navigator.language)", () => {
    vi.stubGlobal("navigator", { language: "en-IN" });
    expect(formatDate(at)).toBe(new Intl.DateTimeFormat("en-IN", { day: "numeric", month: "short", year: "numeric" }).format(new Date(at)));
    expect(formatDate(at)).toMatch(/^5 Mar 2026$/);
    vi.stubGlobal("navigator", { language: "en-US" });
    expect(formatDate(at)).toBe("Mar 5, 2026");
    vi.stubGlobal("navigator", { language: "de-DE" });
    expect(formatDate(at)).toMatch(/^5\. März 2026$/);
  });

  it("offers the shapes the pages use, from ISO strings and Dates alike", () => {
    vi.stubGlobal("navigator", { language: "en-US" });
    const d = new Date(at);
    expect(formatDate(d)).toBe(formatDate(at));
    expect(formatDate(at, "dateTime")).toMatch(/^Mar 5, 2026, \d\d:\d\d( [AP]M)?$/);
    expect(formatDate(at, "weekday")).toMatch(/^Thu, Mar 5$/);
    expect(formatDate(at, "weekdayYear")).toMatch(/^Thu, Mar 5, 2026$/);
  });

  it("falls back to Intl's default for a language tag it cannot read", () => {
    vi.stubGlobal("navigator", { language: "not a tag!" });
    expect(formatDate(at)).toBe(
      new Intl.DateTimeFormat(undefined, { day: "numeric", month: "short", year: "numeric" }).format(new Date(at)),
    );
  });
});
