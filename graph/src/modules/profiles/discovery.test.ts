/**
 * Discovery filters on the feed and search (GraphQL and REST), the bounded walk's "keep looking"
 * cursor, and the statements a filtered page costs.
 */
import { In } from "typeorm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { countStatements } from "../../../test/profiles.js";
import { rate, student, taught } from "../../../test/discovery.js";
import { MINUTE } from "../../shared/clock.js";
import { newId } from "../../shared/ids.js";
import { FeedEntry } from "./feed-entry.entity.js";
import { FILTER_SCAN_BUDGET } from "./filter-query.js";

const FEED = `query Feed($first: Int, $after: String, $filters: DirectoryFilters) {
  feed(first: $first, after: $after, filters: $filters) { pageInfo { endCursor hasNextPage } edges { node { id name } } }
}`;
const SEARCH = `query Search($query: String!, $filter: SearchFilter, $first: Int, $after: String, $filters: DirectoryFilters) {
  searchUsers(query: $query, filter: $filter, first: $first, after: $after, filters: $filters) { pageInfo { endCursor hasNextPage } edges { node { id name } } }
}`;

const P = "Programming & Technology";
const M = "Music & Performing Arts";

describe.each(dbTargets)("discovery filters on %s", (target) => {
  let t: TestApp;
  let viewer: { id: string; token: string };
  const s: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(target);
    viewer = await student(t, {
      name: "Viewer",
      known: [[P, "Python"]],
      required: [
        [P, "React"],
        [M, "Guitar"],
      ],
    });
    const add = async (key: string, o: Parameters<typeof student>[1]) => {
      t.clock.advance(MINUTE);
      s[key] = (await student(t, o)).id;
    };
    // Best matches (score 3): teach something the viewer wants and want Python.
    await add("reactTamil", { name: "Asha", known: [[P, "React"]], required: [[P, "Python"]], languages: ["Tamil"], amount: 4 });
    await add("guitarHindi", { name: "Bala", known: [[M, "Guitar"]], required: [[P, "Python"]], languages: ["Hindi"], amount: 9 });
    // Score 2: teach what the viewer wants.
    await add("reactEnglish", {
      name: "Chitra",
      known: [[P, "React"]],
      required: [[M, "Piano"]],
      languages: ["English", "Tamil"],
      amount: 2,
    });
    // Score 1: want Python.
    await add("chessTamil", { name: "Devi", known: [[P, "Chess"]], required: [[P, "Python"]], languages: ["Tamil"], amount: 1 });
    // Score 0.
    await add("pianoTamil", { name: "Ezhil", known: [[M, "Piano"]], required: [[M, "Violin"]], languages: ["Tamil"], amount: 3 });
    await add("react0", { name: "Farah", known: [[P, "React"]], required: [[M, "Drums"]], languages: ["Hindi"], amount: 20 });
    await rate(t, s.reactTamil, [5, 4]); // 4.5
    await rate(t, s.reactEnglish, [3]);
    await rate(t, s.pianoTamil, [4]);
    await taught(t, s.reactTamil, s.chessTamil);
    await taught(t, s.pianoTamil, s.react0);
  });
  afterAll(async () => {
    await t?.close();
  });

  const feedIds = async (filters: Record<string, unknown> | null, first = 20) => {
    const r: any = await t.gql(FEED, { first, filters }, viewer.token);
    expect(r.errors).toBeUndefined();
    return r.data.feed.edges.map((e: any) => e.node.id) as string[];
  };
  const ids = (...keys: string[]) => keys.map((k) => s[k]);

  it("without filters the feed is as before: mutual matches first, then newest", async () => {
    expect(await feedIds(null)).toEqual(ids("guitarHindi", "reactTamil", "react0", "reactEnglish", "chessTamil", "pianoTamil"));
  });

  it("each filter alone keeps the feed's ranking within it", async () => {
    expect(await feedIds({ language: "Tamil" })).toEqual(ids("reactTamil", "reactEnglish", "chessTamil", "pianoTamil"));
    expect(await feedIds({ skill: "react" })).toEqual(ids("reactTamil", "react0", "reactEnglish"));
    expect(await feedIds({ skill: "Piano" })).toEqual(ids("pianoTamil"));
    expect(await feedIds({ category: M })).toEqual(ids("guitarHindi", "pianoTamil"));
    expect(await feedIds({ minRating: 4 })).toEqual(ids("reactTamil", "pianoTamil"));
    expect(await feedIds({ maxCoins: 3 })).toEqual(ids("reactEnglish", "chessTamil", "pianoTamil"));
    expect(await feedIds({ hasTaught: true })).toEqual(ids("reactTamil", "pianoTamil"));
    // Nobody has the app open in this test.
    expect(await feedIds({ onlineNow: true })).toEqual([]);
    // false is no filter.
    expect(await feedIds({ hasTaught: false, onlineNow: false })).toHaveLength(6);
  });

  it("filters combine", async () => {
    expect(await feedIds({ language: "tamil", maxCoins: 4, minRating: 3 })).toEqual(ids("reactTamil", "reactEnglish", "pianoTamil"));
    expect(await feedIds({ skill: "React", language: "Tamil", minRating: 4, maxCoins: 5, hasTaught: true })).toEqual(ids("reactTamil"));
    expect(await feedIds({ category: P, language: "Hindi" })).toEqual(ids("react0"));
  });

  it("pages of a filtered feed continue with the same filters only", async () => {
    const r: any = await t.gql(FEED, { first: 2, filters: { language: "Tamil" } }, viewer.token);
    expect(r.data.feed.pageInfo.hasNextPage).toBe(true);
    const next: any = await t.gql(FEED, { first: 2, after: r.data.feed.pageInfo.endCursor, filters: { language: "Tamil" } }, viewer.token);
    expect(next.data.feed.edges.map((e: any) => e.node.id)).toEqual(ids("chessTamil", "pianoTamil"));
    const other: any = await t.gql(FEED, { first: 2, after: r.data.feed.pageInfo.endCursor, filters: { language: "Hindi" } }, viewer.token);
    expect(other.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("refuses bad filters with a message naming them, on both doors", async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ category: "Cooking" }, /^category must be one of/],
      [{ language: "Klingon" }, /^language must be one of/],
      [{ minRating: 7 }, /^minRating must be a number from 1 to 5/],
      [{ maxCoins: -1 }, /^maxCoins must be a whole number/],
      [{ skill: "x".repeat(61) }, /^skill must be 1 to 60 characters/],
    ];
    for (const [filters, message] of cases) {
      const r: any = await t.gql(FEED, { filters }, viewer.token);
      expect(r.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      expect(r.errors?.[0].message).toMatch(message);
    }
    const rest = await t.rest("GET", `/dashboard?skip=0&minRating=abc`, { token: viewer.token });
    expect(rest.status).toBe(400);
    expect(JSON.stringify(rest.body)).toMatch(/minRating must be a number from 1 to 5/);
  });

  it("REST: the feed and search take the filters as query parameters; without them the payload is unchanged", async () => {
    const plain = await t.rest("GET", `/dashboard?skip=0&userId=${viewer.id}`, { token: viewer.token });
    expect(plain.status).toBe(200);
    expect(Object.keys(plain.body).sort()).toEqual(["error", "feed", "user"]);
    const filtered = await t.rest("GET", `/dashboard?skip=0&language=Tamil&maxCoins=3`, { token: viewer.token });
    expect(filtered.body.feed.map((f: any) => f._id)).toEqual(ids("reactEnglish", "chessTamil", "pianoTamil"));
    expect(filtered.body.keepLooking).toBe(false);
    const found = await t.rest("POST", "/dashboard/search?minRating=4", {
      token: viewer.token,
      body: { searchQuery: "react", selectedFilter: "skillsKnown" },
    });
    expect(found.body.feed.map((f: any) => f._id)).toEqual(ids("reactTamil"));
    const all = await t.rest("POST", "/dashboard/search", {
      token: viewer.token,
      body: { searchQuery: "react", selectedFilter: "skillsKnown" },
    });
    expect(Object.keys(all.body)).toEqual(["feed"]);
    expect(all.body.feed).toHaveLength(3);
  });

  it("search with three filters", async () => {
    const r: any = await t.gql(
      SEARCH,
      { query: "tam", filter: "LANGUAGES", filters: { category: P, maxCoins: 5, minRating: 3 } },
      viewer.token,
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.searchUsers.edges.map((e: any) => e.node.id).sort()).toEqual(ids("reactTamil", "reactEnglish").sort());
  });

  it("a filter that matches few students reads a bounded stretch and keeps looking from where it stopped", async () => {
    // More listed students than a walk examines, newer than everyone above and matching no filter
    // (index rows of students without a users row: a page leaves a student it cannot read out).
    const at = new Date(t.clock.now().getTime() + MINUTE);
    const rows = Array.from({ length: FILTER_SCAN_BUDGET + 20 }, (_, i) => ({
      userId: newId(),
      kind: "m" as const,
      term: "",
      term2: "",
      validFrom: at,
      validTo: null,
      tier: 1,
      userCreatedAt: new Date(at.getTime() + i),
      rating: 0,
      coins: 50,
      taught: 0,
    }));
    t.clock.advance(2 * MINUTE);
    for (let i = 0; i < rows.length; i += 100) await t.dataSource.getRepository(FeedEntry).insert(rows.slice(i, i + 100));
    try {
      const first: any = await t.gql(FEED, { first: 5, filters: { maxCoins: 3 } }, viewer.token);
      const page1 = first.data.feed.edges.map((e: any) => e.node.id);
      expect(first.data.feed.pageInfo.hasNextPage).toBe(true);
      // The budget ran out in segment 0 among the newcomers: the page is short, the cursor keeps looking.
      expect(page1).toEqual(ids("reactEnglish", "chessTamil"));
      const rest: string[] = [];
      let after = first.data.feed.pageInfo.endCursor;
      for (let guard = 0; after && guard < 5; guard++) {
        const r: any = await t.gql(FEED, { first: 5, after, filters: { maxCoins: 3 } }, viewer.token);
        rest.push(...r.data.feed.edges.map((e: any) => e.node.id));
        after = r.data.feed.pageInfo.hasNextPage ? r.data.feed.pageInfo.endCursor : null;
      }
      expect(rest).toEqual(ids("pianoTamil"));
    } finally {
      await t.dataSource.getRepository(FeedEntry).delete({ userId: In(rows.map((r) => r.userId)) });
    }
  });

  it("a filtered feed page runs as many statements as a plain one", async () => {
    const plain = await countStatements(t, () => t.gql(FEED, { first: 10 }, viewer.token));
    const filtered = await countStatements(t, () =>
      t.gql(FEED, { first: 10, filters: { language: "Tamil", minRating: 3, maxCoins: 5, hasTaught: true } }, viewer.token),
    );
    expect(filtered.count).toBe(plain.count);
    // "Online now" asks presence which examined students let it show: one statement per segment that had
    // candidates (at most 4); here nobody is online, so no cards are read.
    const online = await countStatements(t, () =>
      t.gql(FEED, { first: 10, filters: { onlineNow: true, language: "Tamil" } }, viewer.token),
    );
    const presence = online.statements.filter((sql) => /presence_settings/.test(sql));
    expect(presence.length).toBeGreaterThan(0);
    expect(presence.length).toBeLessThanOrEqual(4);
    expect(online.count - presence.length).toBe(plain.count - 1);
    const search = await countStatements(t, () =>
      t.gql(SEARCH, { query: "tam", filter: "LANGUAGES", filters: { category: P, maxCoins: 5, minRating: 3 } }, viewer.token),
    );
    const plainSearch = await countStatements(t, () => t.gql(SEARCH, { query: "tam", filter: "LANGUAGES" }, viewer.token));
    expect(search.count).toBe(plainSearch.count);
  });
});
