import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { countStatements, filledStudent } from "../../../test/profiles.js";
import { newId } from "../../shared/ids.js";
import { User } from "../accounts/user.entity.js";
import { UserSkill } from "./user-skill.entity.js";

const USER = `query User($id: ID!) {
  user(id: $id) { id name gender image amount languages rating { value count }
    skillsKnown { category skill } skillsRequired { category skill }
    completedSkills { skill category completedAt mentor { id name } } }
}`;
const ME = `{ me { id name email days gender amount detailsFilled languages } }`;

describe.each(dbTargets)("profiles as others see them on %s", (target) => {
  let t: TestApp;
  let anita: { id: string; token: string };
  let mentor: { id: string; token: string };
  let viewer: { id: string; token: string };

  beforeAll(async () => {
    t = await startTestApp(target);
    anita = await filledStudent(t, {
      name: "Anita Rao",
      gender: "Female",
      known: [{ category: "Music & Performing Arts", skill: "Veena" }],
      required: ["Rust"],
      languages: ["English", "Kannada"],
      overrides: { ratingSum: 13, ratingCount: 3, ratingAvg: 13 / 3 },
    });
    mentor = await filledStudent(t, { name: "Mentor Menon" });
    viewer = await filledStudent(t, { name: "Viewer Varma" });
    await t.app.services.deps.tx((em) =>
      t.app.services.profiles.addCompletedSkill(em, {
        learnerId: anita.id,
        mentorId: mentor.id,
        skill: " Go ",
        category: "Programming & Technology",
      }),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  it("GraphQL user(id) shows the public profile with completed skills and their mentors", async () => {
    const r = await t.gql(USER, { id: anita.id }, viewer.token);
    expect(r.errors).toBeUndefined();
    expect(r.data.user).toMatchObject({
      id: anita.id,
      name: "Anita Rao",
      gender: "FEMALE",
      amount: 5,
      languages: ["English", "Kannada"],
      rating: { value: 4.3, count: 3 },
      skillsKnown: [{ category: "Music & Performing Arts", skill: "Veena" }],
      skillsRequired: [{ category: "Programming & Technology", skill: "Rust" }],
      completedSkills: [{ skill: "Go", category: "Programming & Technology", mentor: { id: mentor.id, name: "Mentor Menon" } }],
    });
    expect(r.data.user.image).toMatch(/^\/uploads\//);
    expect((await t.gql(USER, { id: "00000000-0000-4000-8000-000000000000" }, viewer.token)).data.user).toBeNull();
  });

  it("never exposes private fields of other users: the User type has no email or days", async () => {
    for (const field of ["email", "days", "passwordHash", "tokenVersion"]) {
      const r = await t.gql(`query($id: ID!) { user(id: $id) { ${field} } }`, { id: anita.id }, viewer.token);
      expect(r.status).toBe(400);
      expect(r.data).toBeUndefined();
    }
    const rest = await t.rest("GET", `/user/${anita.id}`);
    const email = (await t.dataSource.getRepository(User).findOneByOrFail({ id: anita.id })).email;
    expect(JSON.stringify(rest.body)).not.toContain(email);
    expect(Object.keys(rest.body.user).sort()).toEqual(
      [
        "_id",
        "amount",
        "completed_skills",
        "gender",
        "image",
        "languages",
        "name",
        "rating",
        "responseStats",
        "selectedLanguages",
        "skillsKnown",
        "skillsRequired",
      ].sort(),
    );
  });

  it("REST GET /api/user/:id answers the documented shape; an unknown id is 404", async () => {
    const r = await t.rest("GET", `/user/${anita.id}`, { token: viewer.token });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({
      _id: anita.id,
      selectedLanguages: ["English", "Kannada"],
      completed_skills: [{ skill: "Go", category: "Programming & Technology", mentor: { _id: mentor.id, name: "Mentor Menon" } }],
      rating: { ratingValue: 4.3, ratingCount: 3 },
      amount: 5,
    });
    expect((await t.rest("GET", `/user/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
  });

  it("REST and GraphQL read a profile's languages and completed skills in one statement, each in its own order", async () => {
    const polyglot = await filledStudent(t, { name: "Polyglot Pillai", languages: ["Tamil", "English", "Hindi", "Bengali"] });
    for (const skill of ["Yoga", "Chess", "Python"]) {
      await t.app.services.deps.tx((em) =>
        t.app.services.profiles.addCompletedSkill(em, {
          learnerId: polyglot.id,
          mentorId: mentor.id,
          skill,
          category: "Programming & Technology",
        }),
      );
    }
    let rest!: { status: number; body: any };
    const read = await countStatements(t, async () => {
      rest = await t.rest("GET", `/user/${polyglot.id}`, { token: viewer.token });
    });
    expect(rest.status).toBe(200);
    expect(read.statements.filter((sql) => /user_languages|completed_skills/.test(sql))).toHaveLength(1);
    expect(rest.body.user.selectedLanguages).toEqual(["Tamil", "English", "Hindi", "Bengali"]);
    // The same skills in the same order as GraphQL's own read of them (oldest first, then by id).
    // GraphQL's profile read too: its languages and completedSkills fields share one statement.
    let gql!: { data?: any };
    const gqlRead = await countStatements(t, async () => {
      gql = await t.gql(USER, { id: polyglot.id }, viewer.token);
    });
    expect(gqlRead.statements.filter((sql) => /user_languages|completed_skills/.test(sql))).toHaveLength(1);
    expect(gql.data.user.completedSkills.map((c: any) => c.mentor.name)).toEqual(["Mentor Menon", "Mentor Menon", "Mentor Menon"]);
    expect(gql.data.user.languages).toEqual(["Tamil", "English", "Hindi", "Bengali"]);
    expect(rest.body.user.completed_skills.map((c: any) => c.skill)).toEqual(gql.data.user.completedSkills.map((c: any) => c.skill));
    expect(rest.body.user.completed_skills.map((c: any) => c.skill).sort()).toEqual(["Chess", "Python", "Yoga"]);
  });

  it("a card's skills come in the student's order through both doors, with rows stored last-first", async () => {
    const student = await filledStudent(t, { name: "Ordered Oviya", known: ["Java"], required: ["Chess"] });
    // Rows stored last-first. The card read has no ORDER BY and sorts each card's skills itself; both
    // databases happen to return them in index order, so the sort alone is held by profile-reads.test.ts.
    await t.dataSource.getRepository(UserSkill).delete({ userId: student.id });
    const known = ["Python", "Guitar", "Yoga"];
    const required = ["Go", "Rust"];
    for (const [kind, list] of [
      ["known", known],
      ["required", required],
    ] as const) {
      for (let position = list.length - 1; position >= 0; position--) {
        const skill = list[position];
        await t.dataSource
          .getRepository(UserSkill)
          .insert({ id: newId(), userId: student.id, kind, position, category: "Other", skill, skillKey: skill.toLowerCase() });
      }
    }
    const cards = await t.app.services.profiles.cardsByIds([viewer.id, student.id]);
    expect(cards.skills.get(student.id)!.known.map((s) => s.skill)).toEqual(known);
    expect(cards.skills.get(student.id)!.required.map((s) => s.skill)).toEqual(required);
    const gql = await t.gql(USER, { id: student.id }, viewer.token);
    expect(gql.data.user.skillsKnown.map((s: { skill: string }) => s.skill)).toEqual(known);
    const rest = await t.rest("GET", `/user/${student.id}`);
    expect(rest.body.user.skillsRequired.map((s: { skill: string }) => s.skill)).toEqual(required);
  });

  it("REST reads a public profile without checking the caller's token (the route is public)", async () => {
    const read = await countStatements(t, async () => {
      expect((await t.rest("GET", `/user/${anita.id}`, { token: viewer.token })).status).toBe(200);
    });
    expect(read.statements.filter((sql) => /tokenVersion/.test(sql))).toEqual([]);
    const forged = await t.rest("GET", `/user/${anita.id}`, { token: `${viewer.token.slice(0, -4)}AAAA` });
    expect(forged.status).toBe(200);
    expect(forged.body.user.name).toBe((await t.rest("GET", `/user/${anita.id}`)).body.user.name);
  });

  it("leaves /api/user/<not an id> to other modules' routes", async () => {
    const r = await t.rest("GET", "/user/not-an-id");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "Not found", code: "NOT_FOUND" });
  });

  it("me adds the caller's email and days; null when signed out", async () => {
    const r = await t.gql(ME, {}, anita.token);
    expect(r.data.me).toMatchObject({ id: anita.id, days: 3, detailsFilled: true, languages: ["English", "Kannada"] });
    expect(r.data.me.email).toMatch(/@psgtech\.ac\.in$/);
    expect((await t.gql(ME)).data.me).toBeNull();
    const { token } = await t.createUser();
    expect((await t.gql(ME, {}, token)).data.me.detailsFilled).toBe(false);
  });

  it("assertDetailsFilled: NOT_FOUND for nobody, DETAILS_NOT_FILLED without gender or skills required", async () => {
    const p = t.app.services.profiles;
    await expect(p.assertDetailsFilled(anita.id)).resolves.toBeUndefined();
    await expect(p.assertDetailsFilled("00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const { user } = await t.createUser({ gender: "Male" });
    await expect(p.assertDetailsFilled(user.id)).rejects.toMatchObject({ code: "DETAILS_NOT_FILLED", message: "not filled details" });
    expect(await p.skillsOf(anita.id)).toEqual({
      known: [{ category: "Music & Performing Arts", skill: "Veena" }],
      required: [{ category: "Programming & Technology", skill: "Rust" }],
    });
    expect((await p.publicUser(anita.id))?.completedSkills[0].mentor).toEqual({ id: mentor.id, name: "Mentor Menon" });
  });
});
