/**
 * The web form and the server answer the same bad profile with the same text: both entry points,
 * side by side, on the same input (the form's values as it holds them, the server's as GraphQL
 * hands them to the service once the Gender enum is mapped to the spec's word).
 */
import { describe, expect, it } from "vitest";
import { PROFILE_MESSAGES as M } from "../../../../common/profiles.js";
import {
  checkImageFile as formImageCheck,
  checkProfile as formCheck,
  type ProfileFormValues,
} from "../../../../web/src/features/profiles/utils/profile-rules.js";
import { AppError } from "../../shared/errors.js";
import { checkImage } from "./images.js";
import { validateProfile } from "./profile.rules.js";

const form: ProfileFormValues = {
  gender: "FEMALE",
  languages: ["English"],
  skillsKnown: [{ category: "Other", skill: "Chess" }],
  skillsRequired: [{ category: "Programming & Technology", skill: "Rust" }],
  amount: "0",
  days: 0,
};

/** The form's message, or null when it would send. */
function formSays(values: ProfileFormValues): string | null {
  const checked = formCheck(values, { hasCurrent: true, file: null });
  return checked.ok ? null : checked.problem.message;
}

/** The server's BAD_USER_INPUT message, or null when it accepts. */
function serverSays(values: ProfileFormValues): string | null {
  try {
    validateProfile({ ...values, gender: values.gender === "FEMALE" ? "Female" : values.gender === "MALE" ? "Male" : null });
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).code).toBe("BAD_USER_INPUT");
    return (e as AppError).message;
  }
}

const spaced = `${"x".repeat(30)}    ${"y".repeat(29)}`;

describe("one profile validation: the web form and the server", () => {
  it.each<[string, Partial<ProfileFormValues>, string | null]>([
    ["a valid profile", {}, null],
    ["no gender", { gender: "" }, M.gender],
    ["no language", { languages: [] }, M.languageMissing],
    ["28 languages", { languages: Array.from({ length: 28 }, () => "English") }, M.tooManyLanguages],
    ["a blank language", { languages: ["English", ""] }, M.languageBlank],
    ["a language off the list", { languages: ["Klingon"] }, M.languageUnknown],
    ["a known skill without category", { skillsKnown: [{ category: "", skill: "Chess" }] }, M.categoryBlank],
    ["a required skill without text", { skillsRequired: [{ category: "Other", skill: "  " }] }, M.skillBlank],
    ["a skill of 61 characters", { skillsKnown: [{ category: "Other", skill: "x".repeat(61) }] }, M.skillTooLong],
    ["a skill of 60 characters once its spaces collapse", { skillsKnown: [{ category: "Other", skill: spaced }] }, null],
    [
      "21 skills required",
      { skillsRequired: Array.from({ length: 21 }, (_, i) => ({ category: "Other", skill: `S${i}` })) },
      M.tooManySkills,
    ],
    ["no skills required", { skillsRequired: [] }, M.skillsRequired],
    ["a negative amount", { amount: "-1" }, M.amount],
    ["a fractional amount", { amount: "2.5" }, M.amount],
    ["an amount over the limit", { amount: "10001" }, M.amount],
    ["an empty amount (the default 0)", { amount: "" }, null],
    ["negative days", { days: -1 }, M.days],
  ])("%s", (_name, patch, message) => {
    const values = { ...form, ...patch };
    expect(formSays(values)).toBe(message);
    expect(serverSays(values)).toBe(message);
  });

  it("refuses the same pictures with the same text", async () => {
    const serverOn = (bytes: Buffer) =>
      checkImage(bytes).then(
        () => null,
        (e: AppError) => e.message,
      );
    const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");
    const cases: Array<[string, Buffer, string, string | null]> = [
      ["a PNG", png, "image/png", null],
      ["an empty file", Buffer.alloc(0), "image/png", M.imageType],
      ["text", Buffer.from("not an image"), "text/plain", M.imageType],
      ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), "image/svg+xml", M.imageType],
      ["text over 2 MB", Buffer.alloc(2_097_153, 0x61), "text/plain", M.imageSize],
    ];
    for (const [name, bytes, type, message] of cases) {
      const file = new File([new Uint8Array(bytes)], name, { type });
      expect([name, formImageCheck(file)?.message ?? null]).toEqual([name, message]);
      expect([name, await serverOn(bytes)]).toEqual([name, message]);
    }
  });
});
