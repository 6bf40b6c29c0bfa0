import { describe, expect, it } from "vitest";
import { CATEGORIES, LANGUAGES, MAX_IMAGE_BYTES, PROFILE_MESSAGES } from "../../../../../common/profiles";
import { checkImageFile, checkProfile, MESSAGES, type ProfileFormValues } from "./profile-rules";

const valid: ProfileFormValues = {
  gender: "FEMALE",
  languages: ["English"],
  skillsKnown: [{ category: "Other", skill: "Chess" }],
  skillsRequired: [{ category: "Programming & Technology", skill: "Rust" }],
  amount: "0",
};
const withImage: { hasCurrent: boolean; file: File | null } = { hasCurrent: true, file: null };
const file = (type: string, size = 10) => new File([new Uint8Array(size)], "x", { type });
const messageOf = (values: ProfileFormValues, image = withImage) => {
  const checked = checkProfile(values, image);
  return checked.ok ? null : checked.problem.message;
};

describe("profile rules (web form)", () => {
  it("offer the spec's catalog and show the server's texts", () => {
    expect(CATEGORIES).toHaveLength(10);
    expect(LANGUAGES).toHaveLength(27);
    expect(LANGUAGES.filter((l) => l === "Kannada")).toHaveLength(1);
    const { success, ...shared } = MESSAGES;
    expect(success).toBe("Profile Details Updated Successfully");
    expect(shared).toEqual(PROFILE_MESSAGES);
  });

  it.each<[string, Partial<ProfileFormValues>, string]>([
    ["no gender", { gender: "" }, MESSAGES.gender],
    ["a blank language", { languages: ["English", ""] }, MESSAGES.languageBlank],
    ["a known skill without category", { skillsKnown: [{ category: "", skill: "Chess" }] }, MESSAGES.categoryBlank],
    ["a known skill without text", { skillsKnown: [{ category: "Other", skill: "  " }] }, MESSAGES.skillBlank],
    ["no skills required", { skillsRequired: [] }, MESSAGES.skillsRequired],
    ["a required row without category", { skillsRequired: [{ category: "", skill: "Rust" }] }, MESSAGES.categoryBlank],
    ["a negative amount", { amount: "-1" }, MESSAGES.amount],
    ["a fractional amount", { amount: "2.5" }, MESSAGES.amount],
  ])("refuses %s", (_n, patch, message) => {
    expect(messageOf({ ...valid, ...patch })).toBe(message);
  });

  it("needs an image when there is none, and checks a picked file's type and size", () => {
    expect(messageOf(valid, { hasCurrent: false, file: null })).toBe(MESSAGES.imageType);
    expect(messageOf(valid, { hasCurrent: false, file: file("image/png") })).toBeNull();
    expect(checkImageFile(file("image/svg+xml"))?.message).toBe(MESSAGES.imageType);
    expect(checkImageFile(file("text/plain"))?.message).toBe(MESSAGES.imageType);
    expect(checkImageFile(file("image/jpeg", MAX_IMAGE_BYTES + 1))?.message).toBe(MESSAGES.imageSize);
    expect(checkImageFile(file("image/webp", MAX_IMAGE_BYTES))).toBeNull();
  });

  // Where the form was looser or stricter than the server, it now follows the server's rule.
  it("takes the server's rule where the two differed", () => {
    // 28 rows (Add Language adds English each time) are refused at the list, as the server does.
    expect(messageOf({ ...valid, languages: Array.from({ length: 28 }, () => "English") })).toBe(MESSAGES.tooManyLanguages);
    // A skill is measured as stored (inner spaces collapsed): 61 characters as typed, 60 saved.
    const spaced = `${"x".repeat(30)}  ${"y".repeat(29)}`;
    expect(messageOf({ ...valid, skillsRequired: [{ category: "Other", skill: spaced }] })).toBeNull();
    // An empty amount is the default 0, as the server takes it.
    const checked = checkProfile({ ...valid, amount: "" }, withImage);
    expect(checked.ok && checked.profile.amount).toBe(0);
    // An empty file is no picture; a file over 2 MB is too large whatever it is.
    expect(checkImageFile(file("image/png", 0))?.message).toBe(MESSAGES.imageType);
    expect(checkImageFile(file("text/plain", MAX_IMAGE_BYTES + 1))?.message).toBe(MESSAGES.imageSize);
  });

  it("sends the profile as the server stores it", () => {
    const checked = checkProfile(
      {
        ...valid,
        gender: "MALE",
        languages: ["English", "English", "Tamil"],
        skillsKnown: [{ category: "Other", skill: "  Chess   openings " }],
        amount: " 7 ",
      },
      withImage,
    );
    expect(checked).toMatchObject({
      ok: true,
      profile: {
        gender: "Male",
        languages: ["English", "Tamil"],
        skillsKnown: [{ category: "Other", skill: "Chess openings" }],
        amount: 7,
        days: 0,
      },
    });
  });

  it("lists every problem at once, the picture last; the first is the one the server answers", () => {
    const checked = checkProfile(
      { ...valid, gender: "", skillsRequired: [{ category: "", skill: "" }], amount: "-5", days: -1 },
      { hasCurrent: false, file: null },
    );
    expect(checked).toEqual({
      ok: false,
      problem: { field: "gender", message: MESSAGES.gender },
      problems: [
        { field: "gender", message: MESSAGES.gender },
        { field: "skillsRequired", index: 0, part: "category", message: MESSAGES.categoryBlank },
        { field: "skillsRequired", index: 0, part: "skill", message: MESSAGES.skillBlank },
        { field: "amount", message: MESSAGES.amount },
        // Days are not on the form: beside Submit.
        { message: MESSAGES.days },
        { field: "image", message: MESSAGES.imageType },
      ],
    });
  });

  it("ties each problem to its field, row and control", () => {
    const problemOf = (values: ProfileFormValues) => {
      const checked = checkProfile(values, withImage);
      return checked.ok ? null : checked.problem;
    };
    expect(problemOf({ ...valid, languages: ["English", ""] })).toEqual({ field: "languages", index: 1, message: MESSAGES.languageBlank });
    expect(problemOf({ ...valid, skillsRequired: [valid.skillsRequired[0], { category: "Other", skill: "" }] })).toEqual({
      field: "skillsRequired",
      index: 1,
      part: "skill",
      message: MESSAGES.skillBlank,
    });
    expect(problemOf({ ...valid, skillsRequired: [] })).toEqual({ field: "skillsRequired", message: MESSAGES.skillsRequired });
    // Days are not on the form: a problem with them is the form's, shown beside Submit.
    expect(problemOf({ ...valid, days: -1 })).toEqual({ message: MESSAGES.days });
  });
});
