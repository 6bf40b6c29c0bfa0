import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";
import { rawQuery } from "./sql.js";

const SEARCH = `query Search($query: String!, $filter: SearchFilter) {
  searchUsers(query: $query, filter: $filter) { id name skillsKnown { skill } languages }
}`;

describe.each(dbTargets)("search on %s", (target) => {
  let t: TestApp;
  let me: { id: string; token: string };
  let priya: string, rahul: string, meena: string, blocked: string, blocking: string;

  beforeAll(async () => {
    t = await startTestApp(target);
    me = await filledStudent(t, { name: "Searcher Sharma", known: ["React"], required: ["Python"], languages: ["English", "Tamil"] });
    priya = (await filledStudent(t, { name: "Priya Sharma", known: ["Python", "Machine Learning"], languages: ["English", "Tamil"] })).id;
    rahul = (await filledStudent(t, { name: "Rahul Verma", known: ["python_basics 100%"], languages: ["Hindi"] })).id;
    meena = (await filledStudent(t, { name: "Meena Iyer", known: ["Carnatic Vocal"], languages: ["Tamil", "Malayalam"] })).id;
    blocked = (await filledStudent(t, { name: "Blocked Sharma", known: ["Python"], languages: ["Tamil"] })).id;
    blocking = (await filledStudent(t, { name: "Blocking Sharma", known: ["Python"], languages: ["Tamil"] })).id;
    await t.createUser({ name: "Unfilled Sharma" });
    await t.app.services.blocks.block(me.id, blocked, "reported");
    await t.app.services.blocks.block(blocking, me.id, "swap-rejected");
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = async (query: string, filter?: string) => {
    const r = await t.gql(SEARCH, { query, filter }, me.token);
    expect(r.errors).toBeUndefined();
    return (r.data.searchUsers as Array<{ id: string }>).map((u) => u.id);
  };

  it("by name (the default), anywhere in the name, any case; never self, blocked or unfilled", async () => {
    expect(await ids("sHaRmA")).toEqual([priya]);
    expect(await ids("  verma ")).toEqual([rahul]);
    expect(await ids("a")).toEqual(expect.arrayContaining([priya, rahul, meena]));
    expect(await ids("a")).not.toEqual(expect.arrayContaining([me.id]));
  });

  it("by skill known (prefix of the skill, any case), treating % and _ literally", async () => {
    expect(await ids("PYTHON", "skillsKnown")).toEqual([priya, rahul]);
    expect(await ids("machine", "skillsKnown")).toEqual([priya]);
    expect(await ids("python_", "skillsKnown")).toEqual([rahul]);
    expect(await ids("%", "skillsKnown")).toEqual([]);
    expect(await ids("vocal", "skillsKnown")).toEqual([]);
  });

  it("by language, any case", async () => {
    expect(await ids("tamil", "languages")).toEqual([meena, priya]);
    expect(await ids("MALAY", "languages")).toEqual([meena]);
  });

  it("an empty query finds nobody", async () => {
    expect(await ids("   ", "name")).toEqual([]);
  });

  it("REST POST /api/dashboard/search answers { feed } in the documented shape", async () => {
    const r = await t.rest("POST", "/dashboard/search", { token: me.token, body: { searchQuery: "python", selectedFilter: "skillsKnown" } });
    expect(r.status).toBe(200);
    expect(r.body.feed.map((f: { _id: string }) => f._id)).toEqual([priya, rahul]);
    expect(r.body.feed[0]).toEqual({
      _id: priya,
      name: "Priya Sharma",
      skillsKnown: [
        { category: "Programming & Technology", skill: "Python" },
        { category: "Programming & Technology", skill: "Machine Learning" },
      ],
      skillsRequired: [{ category: "Programming & Technology", skill: "Chess" }],
    });
    const byName = await t.rest("POST", "/dashboard/search", { token: me.token, body: { searchQuery: "meena" } });
    expect(byName.body.feed.map((f: { _id: string }) => f._id)).toEqual([meena]);
    expect((await t.rest("POST", "/dashboard/search", { token: me.token, body: { searchQuery: "x", selectedFilter: "email" } })).status).toBe(400);
    expect((await t.rest("POST", "/dashboard/search", { body: { searchQuery: "x" } })).status).toBe(401);
  });

  // One test per database with its own EXPLAIN dialect (no skipped variants: CI fails on skips).
  it("skill and language searches read an index, not a table scan", async () => {
    if (target === "sqlite") {
      const plan = async (sql: string) =>
        (await rawQuery<{ detail: string }>(t.dataSource, `EXPLAIN QUERY PLAN ${sql}`)).map((r) => r.detail).join("\n");
      expect(await plan(`SELECT userId FROM user_skills s WHERE s.kind = 'known' AND s.skillKey >= 'py' AND s.skillKey < 'py\u{10FFFF}'`)).toMatch(
        /USING COVERING INDEX idx_user_skills_search/,
      );
      expect(await plan(`SELECT userId FROM user_languages l WHERE l.languageKey >= 'ta' AND l.languageKey < 'ta\u{10FFFF}'`)).toMatch(
        /USING COVERING INDEX idx_user_languages_search/,
      );
    } else {
      const key = async (sql: string) => (await rawQuery<{ key: string | null }>(t.dataSource, `EXPLAIN ${sql}`))[0].key;
      expect(await key(`SELECT userId FROM user_skills s WHERE s.kind = 'known' AND s.skillKey LIKE 'py%'`)).toBe("idx_user_skills_search");
      expect(await key(`SELECT userId FROM user_languages l WHERE l.languageKey LIKE 'ta%'`)).toBe("idx_user_languages_search");
    }
  });
});
