import { describe, expect, it } from "vitest";
import { plainLength, searchRowsOf, sharedPrefixes } from "./search-terms.js";

describe("sharedPrefix: how much of a search term another term of the same student and field shares", () => {
  it("is the longest start in common with any other term", () => {
    expect(sharedPrefixes(["python", "php", "machine", "learning", "machine learning"])).toEqual([1, 1, 7, 0, 7]);
    expect(sharedPrefixes(["java", "javascript", "java ee", "jazz"])).toEqual([4, 4, 4, 2]);
    expect(sharedPrefixes(["go"])).toEqual([0]);
    expect(sharedPrefixes([])).toEqual([]);
  });

  it("is the term length for every term when any has a character beyond plain ASCII", () => {
    expect(sharedPrefixes(["strasse", "straße"])).toEqual([60, 60]);
    expect(sharedPrefixes(["python", "数据"])).toEqual([60, 60]);
    expect(sharedPrefixes(["Python", "php"])).toEqual([60, 60]); // folded terms have no capitals
    expect(sharedPrefixes(["a\u0001b", "ab"])).toEqual([60, 60]);
  });

  it("is computed per field when a profile's rows are made", () => {
    const rows = searchRowsOf({
      userId: "u1",
      name: "Pat Python",
      known: ["Python", "PHP"],
      languages: ["Tamil"],
    });
    const of = (field: string, term: string) => rows.find((r) => r.field === field && r.term === term)?.sharedPrefix;
    expect(of("n", "python")).toBe(1); // "p", with "pat" and "pat python"
    expect(of("n", "pat")).toBe(3);
    expect(of("s", "python")).toBe(1);
    expect(of("l", "tamil")).toBe(0);
  });

  it("lets a query skip the probe only when the query itself is plain", () => {
    expect(plainLength("pyth")).toBe(4);
    expect(plainLength("machine l")).toBe(9);
    expect(plainLength("zoë")).toBe(0);
    expect(plainLength("")).toBe(0);
  });
});
