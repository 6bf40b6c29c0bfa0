import { describe, expect, it } from "vitest";
import { initials } from "./initials";

describe("initials", () => {
  it("takes the first letters of the first two words, in capitals", () => {
    expect(initials("aarav  sharma kumar")).toBe("AS");
    expect(initials("Meera")).toBe("M");
    expect(initials("  ")).toBe("");
  });
});
