import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROFILE_MESSAGES } from "../../../../common/profiles.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { filledStudent, UPDATE_PROFILE, PNG, uploadImage } from "../../../test/profiles.js";
import { User } from "../accounts/user.entity.js";
import { UserLanguage } from "./user-language.entity.js";
import { UserSkill } from "./user-skill.entity.js";

const valid = {
  gender: "Female",
  languages: ["English", "Tamil"],
  skillsKnown: [{ category: "Programming & Technology", skill: "  React  " }],
  skillsRequired: [{ category: "Music & Performing Arts", skill: "Guitar" }],
  amount: 10,
  days: 4,
};
/** The same form as GraphQL sends it: enum values (REST keeps the spec's words). */
const validGql = { ...valid, gender: "FEMALE" };

describe.each(dbTargets)("profile update on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function freshUserWithImage() {
    const { user, token } = await t.createUser();
    const up = await uploadImage(t, token, PNG);
    expect(up.status).toBe(200);
    return { id: user.id, token, image: up.body.url! };
  }

  async function profileRows(id: string) {
    const user = await t.dataSource.getRepository(User).findOneByOrFail({ id });
    const skills = await t.dataSource.getRepository(UserSkill).find({ where: { userId: id }, order: { kind: "ASC", position: "ASC" } });
    const languages = await t.dataSource.getRepository(UserLanguage).find({ where: { userId: id }, order: { position: "ASC" } });
    return {
      gender: user.gender,
      image: user.image,
      amount: user.amount,
      days: user.days,
      skills: skills.length,
      languages: languages.map((l) => l.language),
    };
  }

  const cases: Array<[string, Record<string, unknown>, string]> = [
    ["no gender", { gender: null }, PROFILE_MESSAGES.gender],
    ["no skills required", { skillsRequired: [] }, PROFILE_MESSAGES.skillsRequired],
    ["no language", { languages: [] }, PROFILE_MESSAGES.languageMissing],
    ["a blank language row", { languages: ["English", " "] }, PROFILE_MESSAGES.languageBlank],
    ["a language not on the list", { languages: ["Klingon"] }, PROFILE_MESSAGES.languageUnknown],
    ["a skill row without category", { skillsKnown: [{ category: "", skill: "React" }] }, PROFILE_MESSAGES.categoryBlank],
    ["a category not on the list", { skillsRequired: [{ category: "Cooking", skill: "Dosa" }] }, PROFILE_MESSAGES.categoryBlank],
    ["a required skill row without skill", { skillsRequired: [{ category: "Other", skill: "   " }] }, PROFILE_MESSAGES.skillBlank],
    ["a skill over 60 characters", { skillsKnown: [{ category: "Other", skill: "x".repeat(61) }] }, PROFILE_MESSAGES.skillTooLong],
    ["28 languages", { languages: Array.from({ length: 28 }, () => "English") }, PROFILE_MESSAGES.tooManyLanguages],
    [
      "1,000 skills in each list",
      {
        skillsKnown: Array.from({ length: 1000 }, (_, i) => ({ category: "Other", skill: `S${i}` })),
        skillsRequired: Array.from({ length: 1000 }, (_, i) => ({ category: "Other", skill: `S${i}` })),
      },
      PROFILE_MESSAGES.tooManySkills,
    ],
    [
      "21 skills",
      { skillsKnown: Array.from({ length: 21 }, (_, i) => ({ category: "Other", skill: `S${i}` })) },
      PROFILE_MESSAGES.tooManySkills,
    ],
    ["negative coins", { amount: -1 }, PROFILE_MESSAGES.amount],
    ["absurd coins", { amount: 10_001 }, PROFILE_MESSAGES.amount],
    ["negative days", { days: -2 }, PROFILE_MESSAGES.days],
    ["a foreign image URL", { image: "https://tracker.example/pixel.png" }, PROFILE_MESSAGES.imageType],
  ];

  it("GraphQL refuses a gender outside the Gender enum before the service runs, and changes nothing", async () => {
    const me = await freshUserWithImage();
    const before = await profileRows(me.id);
    for (const gender of ["Other", "Female"]) {
      const r = await t.gql(UPDATE_PROFILE, { input: { ...validGql, image: me.image, gender } }, me.token);
      expect(r.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    }
    expect(await profileRows(me.id)).toEqual(before);
  });

  it.each(cases)("GraphQL refuses %s with the form's message and changes nothing", async (_what, patch, message) => {
    const me = await freshUserWithImage();
    const before = await profileRows(me.id);
    const r = await t.gql(UPDATE_PROFILE, { input: { ...validGql, image: me.image, ...patch } }, me.token);
    expect(r.errors?.[0].message).toBe(message);
    expect(r.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(r.errors).toHaveLength(1); // one clear message, never a second, internal one
    expect(await profileRows(me.id)).toEqual(before);
  });

  it.each([...cases, ["an unknown gender", { gender: "Other" }, PROFILE_MESSAGES.gender] as (typeof cases)[number]])(
    "REST POST /api/profileDetails refuses %s with 400 and the message",
    async (_what, patch, message) => {
      const me = await freshUserWithImage();
      const { languages, ...rest } = { ...valid, image: me.image, ...patch };
      const r = await t.rest("POST", "/profileDetails", {
        body: { ...rest, selectedLanguages: languages, token: me.token, user_id: me.id },
      });
      expect(r.status).toBe(400);
      expect(r.body.error).toBe(message);
      expect((await profileRows(me.id)).gender).toBeNull();
    },
  );

  it("REST refuses fractional coins sent as JSON numbers", async () => {
    const me = await freshUserWithImage();
    const r = await t.rest("POST", "/profileDetails", { body: { ...valid, amount: 1.5, image: me.image, token: me.token } });
    expect([r.status, r.body.error]).toEqual([400, PROFILE_MESSAGES.amount]);
  });

  it("requires an image when the student has none yet", async () => {
    const { token, user } = await t.createUser();
    const r = await t.gql(UPDATE_PROFILE, { input: validGql }, token);
    expect(r.errors?.[0].message).toBe(PROFILE_MESSAGES.imageType);
    expect((await profileRows(user.id)).gender).toBeNull();
  });

  it("refuses an image another student uploaded", async () => {
    const other = await freshUserWithImage();
    const me = await freshUserWithImage();
    const r = await t.gql(UPDATE_PROFILE, { input: { ...validGql, image: other.image } }, me.token);
    expect(r.errors?.[0].message).toBe(PROFILE_MESSAGES.imageType);
  });

  it("saves a valid profile through GraphQL: trimmed, ordered, details filled, old image kept when none is sent", async () => {
    const me = await freshUserWithImage();
    const first = await t.gql(UPDATE_PROFILE, { input: { ...validGql, image: me.image } }, me.token);
    expect(first.errors).toBeUndefined();
    expect(first.data.updateProfile).toMatchObject({
      id: me.id,
      gender: "FEMALE",
      image: me.image,
      amount: 10,
      days: 4,
      languages: ["English", "Tamil"],
      detailsFilled: true,
      skillsKnown: [{ category: "Programming & Technology", skill: "React" }],
      skillsRequired: [{ category: "Music & Performing Arts", skill: "Guitar" }],
    });
    // Add Language adds English: a repeated row is kept once, not refused.
    const second = await t.gql(UPDATE_PROFILE, { input: { ...validGql, languages: ["Hindi", "English", "English"], amount: 0 } }, me.token);
    expect(second.errors).toBeUndefined();
    expect(second.data.updateProfile).toMatchObject({ image: me.image, languages: ["Hindi", "English"], amount: 0 });
  });

  it("REST takes the token from the body, answers 200 and replaces the previous image file", async () => {
    const me = await freshUserWithImage();
    const ok = await t.rest("POST", "/profileDetails", {
      body: {
        ...valid,
        languages: undefined,
        selectedLanguages: ["English"],
        amount: "7",
        image: me.image,
        token: me.token,
        user_id: me.id,
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.error).toBe("");
    expect(await profileRows(me.id)).toMatchObject({ gender: "Female", amount: 7, languages: ["English"], image: me.image });

    const next = await uploadImage(t, me.token, PNG);
    const again = await t.rest("POST", "/profileDetails", { body: { ...valid, image: next.body.url, token: me.token } });
    expect(again.status).toBe(200);
    expect((await fetch(`${t.url}${next.body.url}`)).status).toBe(200);
    // The replaced file is removed once the change has committed.
    await expect.poll(async () => (await fetch(`${t.url}${me.image}`)).status).toBe(404);
  });

  it("refuses (403) a user_id naming someone else, and changes neither profile", async () => {
    const victim = await filledStudent(t, { known: ["Chess"], required: ["Go"] });
    const attacker = await freshUserWithImage();
    const victimBefore = await profileRows(victim.id);
    const r = await t.rest("POST", "/profileDetails", {
      body: { ...valid, image: attacker.image, token: attacker.token, user_id: victim.id },
    });
    expect(r.status).toBe(403);
    expect(await profileRows(victim.id)).toEqual(victimBefore);
    expect((await profileRows(attacker.id)).gender).toBeNull();
  });

  it("refuses a missing or bad token (401) on both doors", async () => {
    const me = await freshUserWithImage();
    expect((await t.rest("POST", "/profileDetails", { body: { ...valid, token: "forged" } })).status).toBe(401);
    expect((await t.rest("POST", "/profileDetails", { body: { ...valid, user_id: me.id } })).status).toBe(401);
    const r = await t.gql(UPDATE_PROFILE, { input: validGql });
    expect(r.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });
});
