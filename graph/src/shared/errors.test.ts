import { describe, expect, it } from "vitest";
import { rateLimited } from "./errors.js";

describe("rateLimited", () => {
  it.each([
    [1, "in a second"],
    [30, "in 30 seconds"],
    [59, "in 59 seconds"],
    [60, "in a minute"],
    [61, "in 2 minutes"],
    [899, "in 15 minutes"],
    [900, "in 15 minutes"],
    [3540, "in 59 minutes"],
    [3599, "in about an hour"],
    [3600, "in about an hour"],
    [5000, "in about an hour"],
    [7200, "in about 2 hours"],
    [86400, "in about a day"],
    [3 * 86400, "in about 3 days"],
  ])("says a wait of %i seconds as a person would: %s", (seconds, words) => {
    const e = rateLimited(seconds);
    expect(e.message).toBe(`Too many attempts. Please try again ${words}.`);
    // The machine-readable wait stays exact seconds (REST sends it as Retry-After).
    expect(e.extensions).toMatchObject({ code: "RATE_LIMITED", retryAfter: seconds });
  });
});
