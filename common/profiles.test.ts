import { describe, expect, it } from "vitest";
import {
  checkImageFile,
  checkImageGiven,
  checkProfile,
  checkProfileAll,
  MAX_AMOUNT,
  MAX_DAYS,
  MAX_IMAGE_BYTES,
  PROFILE_MESSAGES as M,
  type ProfileInputValue,
  type ProfileProblem,
} from "./profiles.js";

/** Every problem of a submitted profile, none when it is valid. */
const profileProblems = (input: ProfileInputValue): ProfileProblem[] => {
  const checked = checkProfileAll(input);
  return checked.ok ? [] : checked.problems;
};

const valid: ProfileInputValue = {
  gender: "Female",
  languages: ["English", "Tamil"],
  skillsKnown: [{ category: "Programming & Technology", skill: "React" }],
  skillsRequired: [{ category: "Music & Performing Arts", skill: "Guitar" }],
  amount: 10,
  days: 4,
};
const problemOf = (patch: Partial<ProfileInputValue>): ProfileProblem | null => {
  const checked = checkProfile({ ...valid, ...patch });
  return checked.ok ? null : checked.problem;
};
const skills = (n: number) => Array.from({ length: n }, (_, i) => ({ category: "Other", skill: `S${i}` }));

describe("checkProfile (common: the server and the form)", () => {
  it("returns a valid profile cleaned as it is stored", () => {
    const checked = checkProfile({
      ...valid,
      languages: [" English ", "Tamil", "English"],
      skillsKnown: [
        { category: " Other ", skill: "  Chess \t openings " },
        { category: "Other", skill: "chess openings" },
      ],
      amount: "12",
      days: undefined,
    });
    expect(checked).toEqual({
      ok: true,
      profile: {
        gender: "Female",
        languages: ["English", "Tamil"],
        skillsKnown: [{ category: "Other", skill: "Chess openings", skillKey: "chess openings" }],
        skillsRequired: [{ category: "Music & Performing Arts", skill: "Guitar", skillKey: "guitar" }],
        amount: 12,
        days: 0,
      },
    });
  });

  it.each<[string, Partial<ProfileInputValue>, ProfileProblem]>([
    ["no gender", { gender: undefined }, { field: "gender", message: M.gender }],
    ["the GraphQL enum name instead of the spec's word", { gender: "FEMALE" }, { field: "gender", message: M.gender }],
    ["another gender", { gender: "Other" }, { field: "gender", message: M.gender }],
    ["no language", { languages: [] }, { field: "languages", message: M.languageMissing }],
    ["languages not a list", { languages: "English" }, { field: "languages", message: M.languageMissing }],
    ["28 languages", { languages: Array.from({ length: 28 }, () => "English") }, { field: "languages", message: M.tooManyLanguages }],
    ["a blank language row", { languages: ["English", " "] }, { field: "languages", index: 1, message: M.languageBlank }],
    ["a language not on the list", { languages: ["Klingon"] }, { field: "languages", index: 0, message: M.languageUnknown }],
    [
      "a known skill without category",
      { skillsKnown: [{ category: "", skill: "React" }] },
      { field: "skillsKnown", index: 0, part: "category", message: M.categoryBlank },
    ],
    [
      "a category not on the list",
      { skillsRequired: [{ category: "Cooking", skill: "Dosa" }] },
      { field: "skillsRequired", index: 0, part: "category", message: M.categoryBlank },
    ],
    [
      "a required row without skill",
      {
        skillsRequired: [
          { category: "Other", skill: "Go" },
          { category: "Other", skill: "   " },
        ],
      },
      { field: "skillsRequired", index: 1, part: "skill", message: M.skillBlank },
    ],
    [
      "a skill row that is not an object",
      { skillsKnown: ["React"] },
      { field: "skillsKnown", index: 0, part: "category", message: M.categoryBlank },
    ],
    [
      "a skill over 60 characters",
      { skillsKnown: [{ category: "Other", skill: "x".repeat(61) }] },
      { field: "skillsKnown", index: 0, part: "skill", message: M.skillTooLong },
    ],
    ["21 known skills", { skillsKnown: skills(21) }, { field: "skillsKnown", message: M.tooManySkills }],
    ["21 required skills", { skillsRequired: skills(21) }, { field: "skillsRequired", message: M.tooManySkills }],
    ["no skills required", { skillsRequired: [] }, { field: "skillsRequired", message: M.skillsRequired }],
    ["negative coins", { amount: -1 }, { field: "amount", message: M.amount }],
    ["too many coins", { amount: MAX_AMOUNT + 1 }, { field: "amount", message: M.amount }],
    ["fractional coins", { amount: 2.5 }, { field: "amount", message: M.amount }],
    ["coins typed as a fraction", { amount: "2.5" }, { field: "amount", message: M.amount }],
    ["coins typed negative", { amount: "-1" }, { field: "amount", message: M.amount }],
    ["negative days", { days: -2 }, { field: "days", message: M.days }],
    ["too many days", { days: MAX_DAYS + 1 }, { field: "days", message: M.days }],
  ])("refuses %s, at its field", (_name, patch, problem) => {
    expect(problemOf(patch)).toEqual(problem);
  });

  it("keeps the texts of the spec verbatim", () => {
    expect(M.gender).toBe("Please Select your gender");
    expect(M.skillsRequired).toBe("Skills Required must be given");
    expect(M.imageType).toBe("Please select an image file.");
    expect(M.imageSize).toBe("Please select an image less than 2MB in size.");
  });

  it("reports the first problem in the form's order", () => {
    expect(problemOf({ gender: null, languages: [], skillsRequired: [], amount: -1 })?.field).toBe("gender");
    expect(problemOf({ languages: [""], skillsKnown: [{ category: "", skill: "" }] })?.field).toBe("languages");
    expect(problemOf({ skillsKnown: [{ category: "", skill: "" }], skillsRequired: [] })?.field).toBe("skillsKnown");
    expect(problemOf({ skillsRequired: [], amount: -1 })?.field).toBe("skillsRequired");
    expect(problemOf({ amount: -1, days: -1 })?.field).toBe("amount");
  });

  it("takes a missing or empty amount and days as 0, and digits as typed", () => {
    for (const amount of [undefined, null, ""]) {
      const checked = checkProfile({ ...valid, amount, days: amount });
      expect(checked.ok && [checked.profile.amount, checked.profile.days]).toEqual([0, 0]);
    }
    const typed = checkProfile({ ...valid, amount: " 42 ", days: "3" });
    expect(typed.ok && [typed.profile.amount, typed.profile.days]).toEqual([42, 3]);
  });

  it("measures a skill as stored: NFC, inner spaces collapsed, in characters", () => {
    const at60 = (skill: string) => problemOf({ skillsKnown: [{ category: "Other", skill }] });
    expect(at60(`${"x".repeat(30)}     ${"y".repeat(29)}`)).toBeNull();
    // 60 accented letters typed decomposed (e + combining accent: 120 code points) are 60 when stored.
    expect(at60("e\u0301".repeat(60))).toBeNull();
    expect(at60("😀".repeat(60))).toBeNull();
    expect(at60("😀".repeat(61))?.message).toBe(M.skillTooLong);
  });
});

describe("checkProfileAll (common: every problem at once, for the form)", () => {
  const allOf = (patch: Partial<ProfileInputValue>) => profileProblems({ ...valid, ...patch });

  it("returns the same cleaned profile, and no problems, for a valid one", () => {
    expect(checkProfileAll(valid)).toEqual(checkProfile(valid));
    expect(profileProblems(valid)).toEqual([]);
  });

  it("reports every problem of the phone walk at once: no skills required and -5 coins", () => {
    expect(allOf({ skillsRequired: [], amount: -5 })).toEqual([
      { field: "skillsRequired", message: "Skills Required must be given" },
      { field: "amount", message: M.amount },
    ]);
  });

  it("flags both controls of an empty skill row, and the coins, together", () => {
    expect(allOf({ skillsRequired: [{ category: "", skill: "" }], amount: -5 })).toEqual([
      { field: "skillsRequired", index: 0, part: "category", message: M.categoryBlank },
      { field: "skillsRequired", index: 0, part: "skill", message: M.skillBlank },
      { field: "amount", message: M.amount },
    ]);
  });

  it("keys each problem by field (and row and control), in the form's order", () => {
    const checked = checkProfileAll({
      gender: null,
      languages: ["English", " ", "Klingon"],
      skillsKnown: [
        { category: "Other", skill: "Go" },
        { category: "Cooking", skill: "x".repeat(61) },
      ],
      skillsRequired: [],
      amount: "2.5",
      days: -1,
    });
    expect(checked).toEqual({
      ok: false,
      problems: [
        { field: "gender", message: "Please Select your gender" },
        { field: "languages", index: 1, message: M.languageBlank },
        { field: "languages", index: 2, message: M.languageUnknown },
        { field: "skillsKnown", index: 1, part: "category", message: M.categoryBlank },
        { field: "skillsKnown", index: 1, part: "skill", message: M.skillTooLong },
        { field: "skillsRequired", message: "Skills Required must be given" },
        { field: "amount", message: M.amount },
        { field: "days", message: M.days },
      ],
    });
  });

  it("reports a list that is too long as the list's one problem, without reading its rows", () => {
    const rows = [...skills(20), { category: "", skill: "Go" }];
    expect(allOf({ skillsKnown: rows })).toEqual([{ field: "skillsKnown", message: M.tooManySkills }]);
  });

  it("does not ask for skills required when rows are given but wrong", () => {
    expect(allOf({ skillsRequired: [{ category: "Other", skill: " " }] }).map((p) => p.message)).toEqual([M.skillBlank]);
  });

  it("has checkProfile answer its first problem, so the server's message is unchanged", () => {
    const inputs: Partial<ProfileInputValue>[] = [
      { gender: null, languages: [], skillsRequired: [], amount: -1 },
      { languages: [""], skillsKnown: [{ category: "", skill: "" }] },
      { skillsKnown: [{ category: "", skill: "" }], skillsRequired: [] },
      { skillsRequired: [{ category: "", skill: "" }], amount: -5 },
      { skillsRequired: [], amount: -5 },
      { amount: -1, days: -1 },
    ];
    for (const patch of inputs) expect(problemOf(patch)).toEqual(allOf(patch)[0]);
  });
});

describe("the picture (common)", () => {
  it("checks size first, then type; an empty file is no picture", () => {
    expect(checkImageFile({ size: 10, type: "image/png" })).toBeNull();
    expect(checkImageFile({ size: MAX_IMAGE_BYTES, type: "image/webp" })).toBeNull();
    expect(checkImageFile({ size: MAX_IMAGE_BYTES + 1, type: "image/png" })).toEqual({ field: "image", message: M.imageSize });
    expect(checkImageFile({ size: MAX_IMAGE_BYTES + 1, type: "text/plain" })).toEqual({ field: "image", message: M.imageSize });
    expect(checkImageFile({ size: 10, type: "image/svg+xml" })).toEqual({ field: "image", message: M.imageType });
    expect(checkImageFile({ size: 0, type: "image/png" })).toEqual({ field: "image", message: M.imageType });
  });

  it("is required when the profile has none", () => {
    expect(checkImageGiven(false)).toEqual({ field: "image", message: M.imageType });
    expect(checkImageGiven(true)).toBeNull();
  });
});
