import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";

const SEARCH = `query Search($query: String!, $filter: SearchFilter, $first: Int, $after: String) {
  searchUsers(query: $query, filter: $filter, first: $first, after: $after) {
    edges { node { id name skillsKnown { skill } languages } } pageInfo { endCursor hasNextPage }
  }
}`;

describe.each(dbTargets)("search on %s", (target) => {
  let t: TestApp;
  let me: { id: string; token: string };
  let priya: string, rahul: string, meena: string, zoe: string, blocked: string, blocking: string;

  beforeAll(async () => {
    t = await startTestApp(target);
    me = await filledStudent(t, { name: "Searcher Sharma", known: ["React"], required: ["Python"], languages: ["English", "Tamil"] });
    priya = (await filledStudent(t, { name: "Priya Sharma", known: ["Python", "Machine Learning"], languages: ["English", "Tamil"] })).id;
    rahul = (await filledStudent(t, { name: "Rahul Verma", known: ["python_basics 100%"], languages: ["Hindi"] })).id;
    meena = (await filledStudent(t, { name: "Meena Iyer", known: ["Carnatic Vocal"], languages: ["Tamil", "Malayalam"] })).id;
    zoe = (await filledStudent(t, { name: "Zoë Fernández", known: ["Crème Brûlée", "PYTHON"], languages: ["French"] })).id;
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
    return (r.data.searchUsers.edges.map((e: any) => e.node) as Array<{ id: string }>).map((u) => u.id);
  };

  it("by name (the default): a prefix of any word, any case, any accent; never self, blocked or unfilled", async () => {
    expect(await ids("sHaRmA")).toEqual([priya]);
    expect(await ids("  verma ")).toEqual([rahul]);
    expect(await ids("pri")).toEqual([priya]);
    expect(await ids("priya sh")).toEqual([priya]); // several words: the start of the whole name
    expect(await ids("zoe")).toEqual([zoe]);
    expect(await ids("FERNÁN")).toEqual([zoe]);
    expect(await ids("fernan")).toEqual([zoe]);
    expect(await ids("arma")).toEqual([]); // inside a word is not a prefix
    expect(await ids("searcher")).toEqual([]);
    expect(await ids("unfilled")).toEqual([]);
  });

  it("by skill known: the exact word first, then its completions, each student once", async () => {
    // priya and zoe know "Python" (ranked by name), rahul only "python_basics".
    expect(await ids("PYTHON", "SKILLS_KNOWN")).toEqual([priya, zoe, rahul]);
    expect(await ids("pyth", "SKILLS_KNOWN")).toEqual([priya, zoe, rahul]);
    expect(await ids("machine", "SKILLS_KNOWN")).toEqual([priya]);
    expect(await ids("learn", "SKILLS_KNOWN")).toEqual([priya]); // a later word of the skill
    expect(await ids("m", "SKILLS_KNOWN")).toEqual([priya]); // two matching terms, one result
    expect(await ids("creme brul", "SKILLS_KNOWN")).toEqual([zoe]);
    expect(await ids("python_", "SKILLS_KNOWN")).toEqual([rahul]);
    expect(await ids("%", "SKILLS_KNOWN")).toEqual([]);
    expect(await ids("vocal", "SKILLS_KNOWN")).toEqual([meena]);
    expect(await ids("react", "SKILLS_KNOWN")).toEqual([]); // only the searcher knows it
  });

  it("by language, any case", async () => {
    expect(await ids("tamil", "LANGUAGES")).toEqual([meena, priya]);
    expect(await ids("MALAY", "LANGUAGES")).toEqual([meena]);
    expect(await ids("fr", "LANGUAGES")).toEqual([zoe]);
  });

  it("pages by cursor: the same ranking, no duplicates, no gaps; a cursor fits only its own search", async () => {
    const extra: string[] = [];
    for (let i = 0; i < 7; i++)
      extra.push((await filledStudent(t, { name: `Pager ${String.fromCharCode(97 + i)} Sharma`, known: ["Python"] })).id);
    const all = await ids("python", "SKILLS_KNOWN");
    expect(all).toHaveLength(10);
    const paged: string[] = [];
    let after: string | null = null;
    for (let page = 1; page <= 4; page++) {
      const r: any = await t.gql(SEARCH, { query: "python", filter: "SKILLS_KNOWN", first: 3, after }, me.token);
      expect(r.errors).toBeUndefined();
      paged.push(...r.data.searchUsers.edges.map((e: any) => e.node).map((u: { id: string }) => u.id));
      expect(r.data.searchUsers.pageInfo.hasNextPage).toBe(page < 4);
      after = r.data.searchUsers.pageInfo.endCursor;
    }
    expect(paged).toEqual(all);
    const other = await t.gql(SEARCH, { query: "java", filter: "SKILLS_KNOWN", after }, me.token);
    expect(other.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    // The students' own rows go when they are blocked.
    await t.app.services.blocks.block(me.id, extra[0], "reported");
    expect(await ids("python", "SKILLS_KNOWN")).not.toContain(extra[0]);
  });

  it("an empty query finds nobody", async () => {
    expect(await ids("   ", "NAME")).toEqual([]);
  });

  it("REST POST /api/dashboard/search answers { feed } in the documented shape", async () => {
    const r = await t.rest("POST", "/dashboard/search", {
      token: me.token,
      body: { searchQuery: "Machine", selectedFilter: "skillsKnown" },
    });
    expect(r.status).toBe(200);
    expect(r.body.feed.map((f: { _id: string }) => f._id)).toEqual([priya]);
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
    expect(
      (await t.rest("POST", "/dashboard/search", { token: me.token, body: { searchQuery: "x", selectedFilter: "email" } })).status,
    ).toBe(400);
    expect((await t.rest("POST", "/dashboard/search", { body: { searchQuery: "x" } })).status).toBe(401);
  });
});
