import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";
import { searchQuery } from "./feed-query.js";

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
    await t.app.services.deps.tx((em) => t.app.services.blocks.block(me.id, blocked, "reported", em));
    await t.app.services.deps.tx((em) => t.app.services.blocks.block(blocking, me.id, "swap-rejected", em));
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
    await t.app.services.deps.tx((em) => t.app.services.blocks.block(me.id, extra[0], "reported", em));
    expect(await ids("python", "SKILLS_KNOWN")).not.toContain(extra[0]);
  });

  it("each student once across pages when several of their terms match (Java, JavaScript, Java EE)", async () => {
    const javas: string[] = [];
    for (const [name, known] of [
      ["Jaya Alpha", ["Java", "JavaScript", "Java EE"]],
      ["Jaya Beta", ["JavaScript"]],
      ["Jaya Gamma", ["Jazz", "Java"]],
    ] as const)
      javas.push((await filledStudent(t, { name, known: [...known] })).id);
    for (const query of ["j", "ja", "jav", "java", "javas", "java e"]) {
      const all = await ids(query, "SKILLS_KNOWN");
      expect(new Set(all).size).toBe(all.length);
      const paged: string[] = [];
      let after: string | null = null;
      for (let page = 0; page < 6; page++) {
        const r: any = await t.gql(SEARCH, { query, filter: "SKILLS_KNOWN", first: 1, after }, me.token);
        paged.push(...r.data.searchUsers.edges.map((e: any) => e.node.id));
        if (!r.data.searchUsers.pageInfo.hasNextPage) break;
        after = r.data.searchUsers.pageInfo.endCursor;
      }
      expect(paged).toEqual(all);
    }
    // "java": the exact word first (Alpha, Gamma by name), then a completion (Beta's "javascript").
    expect(await ids("java", "SKILLS_KNOWN")).toEqual([javas[0], javas[2], javas[1]]);
    expect(await ids("javas", "SKILLS_KNOWN")).toEqual([javas[0], javas[1]]);
    expect(await ids("java e", "SKILLS_KNOWN")).toEqual([javas[0]]);
    expect(await ids("ja", "SKILLS_KNOWN")).toEqual([javas[0], javas[2], javas[1]]);
  });

  // MariaDB's handler counters; SQLite has none (registered on MariaDB only: CI runs every registered test).
  if (target === "mysql")
    it("keeps a student's only matching term without the probe for an earlier one (MariaDB's key reads)", async () => {
      const runner = t.dataSource.createQueryRunner();
      try {
        const keyReads = async () => Number((await runner.query("SHOW SESSION STATUS LIKE 'Handler_read_key'"))[0].Value);
        const walk = async (prefix: string, shortcut: boolean) => {
          const q = searchQuery({ sqlite: false, field: "s", prefix, viewer: me.id, after: null, limit: 50 });
          if (!shortcut) q.params.plain = 0;
          const [sql, values] = t.dataSource.driver.escapeQueryWithParameters(q.sql, q.params, {});
          const before = await keyReads();
          const rows: Array<{ id: string }> = await runner.query(sql, values);
          return { ids: rows.map((r) => r.id), reads: (await keyReads()) - before };
        };
        for (const prefix of ["python", "pyth", "java"]) {
          const fast = await walk(prefix, true);
          const probed = await walk(prefix, false);
          expect(fast.ids).toEqual(probed.ids);
          expect(fast.ids.length).toBeGreaterThan(1);
          // All but one of the students found (Rahul's python_basics terms, Jaya Alpha's three Java ones) have a single matching term: their rows skip the probe.
          expect(probed.reads - fast.reads).toBeGreaterThanOrEqual(fast.ids.length - 1);
        }
      } finally {
        await runner.release();
      }
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
