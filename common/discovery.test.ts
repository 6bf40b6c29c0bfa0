import { describe, expect, it } from "vitest";
import { checkFilters, savedSearchName } from "./discovery.js";
import { checkProfile, MAX_SKILL_LENGTH } from "./profiles.js";

describe("checkFilters: the skill filter", () => {
  it("accepts any skill a profile may list: counted in characters, normalised as a profile's skill is", () => {
    // 60 characters outside the Basic Multilingual Plane: 120 UTF-16 units.
    const long = "🎸".repeat(MAX_SKILL_LENGTH);
    const profile = checkProfile({
      gender: "Female",
      languages: ["English"],
      skillsKnown: [{ category: "Music & Performing Arts", skill: long }],
      skillsRequired: [{ category: "Music & Performing Arts", skill: "Guitar" }],
      amount: 10,
      days: 4,
    });
    expect(profile.ok).toBe(true);
    expect(checkFilters({ skill: long })).toEqual({ ok: true, filters: { skill: long } });
    expect(checkFilters({ skill: `${long}🎸` })).toMatchObject({ ok: false, field: "skill" });
    expect(checkFilters({ skill: "  Machine   learning " })).toEqual({ ok: true, filters: { skill: "Machine learning" } });
    expect(checkFilters({ skill: "   " })).toMatchObject({ ok: false, field: "skill" });
    expect(checkFilters({ skill: 7 })).toMatchObject({ ok: false, field: "skill" });
  });
});

describe("a saved search's name", () => {
  it("is kept trimmed, 1 to 60 characters; anything else is not a name", () => {
    expect(savedSearchName("  Python in Tamil ")).toBe("Python in Tamil");
    expect(savedSearchName("x".repeat(60))).toBe("x".repeat(60));
    for (const bad of ["", "   ", "x".repeat(61), 42, null, undefined]) expect(savedSearchName(bad)).toBeNull();
  });
});
