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
const withImage = { hasCurrent: true, file: null };
const file = (type: string, size = 10) => new File([new Uint8Array(size)], "x", { type });

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
    expect(checkProfile({ ...valid, ...patch }, withImage)?.message).toBe(message);
  });

  it("needs an image when there is none, and checks a picked file's type and size", () => {
    expect(checkProfile(valid, { hasCurrent: false, file: null })?.message).toBe(MESSAGES.imageType);
    expect(checkProfile(valid, { hasCurrent: false, file: file("image/png") })).toBeNull();
    expect(checkImageFile(file("image/svg+xml"))?.message).toBe(MESSAGES.imageType);
    expect(checkImageFile(file("text/plain"))?.message).toBe(MESSAGES.imageType);
    expect(checkImageFile(file("image/jpeg", MAX_IMAGE_BYTES + 1))?.message).toBe(MESSAGES.imageSize);
    expect(checkImageFile(file("image/webp", MAX_IMAGE_BYTES))).toBeNull();
  });
});
