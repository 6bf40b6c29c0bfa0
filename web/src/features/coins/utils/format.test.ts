import { describe, expect, it } from "vitest";
import { describeEntry } from "./format";

describe("a coin history line", () => {
  const hold = { kind: "HOLD" as const, counterpartName: "Divya Ramesh", memo: null };

  it("says on the payer's line what became of held coins since", () => {
    expect(describeEntry({ ...hold, holdState: "HELD" })).toEqual({ title: "Paid Divya Ramesh", detail: "Held until the lesson finishes" });
    expect(describeEntry({ ...hold, holdState: "RELEASED" })).toEqual({
      title: "Paid Divya Ramesh",
      detail: "Released: the lesson finished",
    });
    expect(describeEntry({ ...hold, holdState: "REFUNDED" })).toEqual({
      title: "Paid Divya Ramesh",
      detail: "Returned to you: the lesson was closed",
    });
  });

  it("tells the teacher's line and the other kinds as before", () => {
    expect(describeEntry({ kind: "RELEASE", counterpartName: "Aarav Sharma", memo: null, holdState: null })).toEqual({
      title: "Payment from Aarav Sharma",
      detail: "Lesson finished",
    });
    expect(describeEntry({ kind: "PURCHASE", counterpartName: "Skill coin purchase", memo: null, holdState: null }).title).toBe(
      "Bought skill coins",
    );
  });
});
