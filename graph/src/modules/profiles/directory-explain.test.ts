/**
 * Every statement a feed page or a search runs, EXPLAINed on the database itself: each reads
 * through an index (no full scan of any table), and the walks over the directory indexes read in
 * index order (no filesort, no temporary table). The statements are captured from real requests
 * that cross every feed segment, continue from cursors and page search results.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { captureStatements, filledStudent } from "../../../test/profiles.js";
import { HOUR, MINUTE } from "../../shared/clock.js";
import { newId } from "../../shared/ids.js";
import { User } from "../accounts/user.entity.js";
import { Block } from "../blocks/block.entity.js";
import { PresenceSetting } from "../chat/presence-setting.entity.js";
import { ResponseStats } from "./response-stats.entity.js";
import { CompletedSkill } from "./completed-skill.entity.js";
import { UserLanguage } from "./user-language.entity.js";
import { BLOCK_LIST_MAX } from "./feed-query.js";
import { UserSkill } from "./user-skill.entity.js";

const FEED = `query Feed($first: Int, $after: String, $filters: DirectoryFilters) { feed(first: $first, after: $after, filters: $filters) { pageInfo { endCursor hasNextPage } edges { node { id name skillsKnown { skill } languages completedSkills { skill } } } } }`;
const SEARCH = `query Search($query: String!, $filter: SearchFilter, $first: Int, $after: String, $filters: DirectoryFilters) {
  searchUsers(query: $query, filter: $filter, first: $first, after: $after, filters: $filters) { edges { node { id name skillsKnown { skill } } } pageInfo { endCursor hasNextPage } }
}`;
const SKILLS = ["Python", "React", "Guitar", "Chess", "Yoga", "Go"];

interface PlanRow {
  table: string;
  access: string;
  extra: string;
}

describe.each(dbTargets)("directory statements on %s read indexes only", (target) => {
  let t: TestApp;
  let viewer: { id: string; token: string };
  /** Blocks more students than the feed leaves out by list, so its walks probe `blocks` per row. */
  let crowded: { id: string; token: string };

  /**
   * Rows that make the tables big enough for MariaDB's planner to choose as it would in
   * production (on a few dozen rows a full scan is its cheapest plan). Students who never filled
   * their profile, with skills, languages, completed skills and blocks among themselves.
   */
  async function filler(n: number) {
    const at = t.clock.now();
    const users = Array.from({ length: n }, (_, i) => ({
      id: newId(),
      name: `Filler ${i}`,
      nameKey: `filler ${i}`,
      email: `filler${i}@psgtech.ac.in`,
      passwordHash: "x",
      createdAt: at,
    }));
    const ids = users.map((u) => u.id);
    const chunks = async <T extends object>(entity: new () => T, rows: object[]) => {
      for (let i = 0; i < rows.length; i += 400) await t.dataSource.getRepository(entity).insert(rows.slice(i, i + 400) as never);
    };
    await chunks(User, users);
    await chunks(
      UserSkill,
      ids.flatMap((userId, i) => [
        { id: newId(), userId, kind: "known", position: 0, category: "Other", skill: SKILLS[i % 6], skillKey: SKILLS[i % 6].toLowerCase() },
        { id: newId(), userId, kind: "required", position: 0, category: "Other", skill: `Topic ${i}`, skillKey: `topic ${i}` },
      ]),
    );
    await chunks(
      UserLanguage,
      ids.map((userId) => ({ id: newId(), userId, position: 0, language: "Tamil", languageKey: "tamil" })),
    );
    await chunks(
      CompletedSkill,
      ids.map((learnerId, i) => ({
        id: newId(),
        learnerId,
        mentorId: ids[(i + 1) % n],
        skill: "Chess",
        category: "Other",
        completedAt: at,
      })),
    );
    await chunks(
      Block,
      ids.slice(1).map((blockerId, i) => ({ id: newId(), blockerId, blockedId: ids[i], reason: "reported", createdAt: at })),
    );
    // Students who chose whether they show online ("online now" reads it for the rows a walk examined).
    await chunks(
      PresenceSetting,
      ids.map((userId, i) => ({ userId, onlineVisible: i % 2 === 0, updatedAt: at })),
    );
    if (target === "mysql") {
      await t.dataSource.query(
        "ANALYZE TABLE users, user_skills, user_languages, completed_skills, blocks, feed_entries, search_terms, presence_settings",
      );
    }
  }

  beforeAll(async () => {
    t = await startTestApp(target);
    viewer = await filledStudent(t, { known: ["Python", "Go"], required: ["React", "Chess"], languages: ["Tamil"] });
    for (let i = 0; i < 40; i++) {
      t.clock.advance(MINUTE);
      const s = await filledStudent(t, {
        name: `Explain ${i} Kumar`,
        known: [SKILLS[i % 6], SKILLS[(i + 2) % 6]],
        required: [SKILLS[(i + 3) % 6]],
        languages: i % 2 ? ["Tamil", "English"] : ["Hindi"],
      });
      if (i === 5) await t.app.services.deps.tx((em) => t.app.services.blocks.block(viewer.id, s.id, "reported", em));
      // Every responsiveness tier has students, so each tier's walk reads rows.
      if (i % 3 !== 2) {
        const counts = i % 3 === 0 ? { received: 5, answered: 5, within1h: 5 } : { received: 4, answered: 1, within1h: 1 };
        const zeros = { within3h: 0, within6h: 0, within12h: 0, within24h: 0, within48h: 0, within96h: 0, later: 0 };
        await t.dataSource.getRepository(ResponseStats).insert({ userId: s.id, ...zeros, ...counts, updatedAt: t.clock.now() });
        await t.app.services.deps.tx((em) => t.app.services.profiles.reindex(em, s.id));
      }
    }
    await filler(3000);
    crowded = await filledStudent(t, { known: ["Python", "Go"], required: ["React", "Chess"], languages: ["Tamil"] });
    await t.dataSource.getRepository(Block).insert(
      Array.from({ length: BLOCK_LIST_MAX + 1 }, () => ({
        id: newId(),
        blockerId: crowded.id,
        blockedId: newId(),
        reason: "reported",
        createdAt: t.clock.now(),
      })),
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  async function plan(sql: string, params: unknown[]): Promise<PlanRow[]> {
    if (target === "sqlite") {
      const rows: Array<{ detail: string }> = await t.dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, params);
      return rows.map((r) => ({ table: r.detail, access: r.detail, extra: r.detail }));
    }
    const rows: Array<{ table: string | null; type: string | null; key: string | null; Extra: string | null }> = await t.dataSource.query(
      `EXPLAIN ${sql}`,
      params,
    );
    return rows.map((r) => ({ table: r.table ?? "", access: `${r.type ?? ""} ${r.key ?? ""}`, extra: r.Extra ?? "" }));
  }

  /** A full scan of a real table (SQLite: "SCAN x" without an index; MariaDB: type ALL). */
  const fullScan = (r: PlanRow) =>
    target === "sqlite"
      ? /^SCAN (?!\(subquery-|.*(USING (COVERING )?INDEX|CONSTANT ROW))/.test(r.access)
      : /^ALL\b/.test(r.access) && !/^<(union|derived|subquery)/.test(r.table);
  const sorts = (r: PlanRow) => (target === "sqlite" ? /TEMP B-TREE/.test(r.extra) : /filesort|temporary/i.test(r.extra));

  async function requests() {
    return captureStatements(t, async () => {
      // The feed: one page across all segments, then cursor pages within and across them; blocks
      // left out by list (the viewer) and by probes (the crowded student).
      for (const who of [viewer, crowded]) {
        let after: string | null = null;
        for (const first of [3, 4, 30, 30]) {
          const r: any = await t.gql(FEED, { first, after }, who.token);
          expect(r.errors).toBeUndefined();
          after = r.data.feed.pageInfo.endCursor;
        }
      }
      // REST: a session, a continuation, a jump.
      for (const skip of [0, 10, 25])
        expect((await t.rest("GET", `/dashboard?skip=${skip}&userId=${viewer.id}`, { token: viewer.token })).status).toBe(200);
      // Search: each filter, a second page.
      for (const [query, filter] of [
        ["kum", "NAME"],
        ["explain 1", "NAME"],
        ["pyth", "SKILLS_KNOWN"],
        ["tam", "LANGUAGES"],
      ]) {
        const r: any = await t.gql(SEARCH, { query, filter, first: 3 }, viewer.token);
        expect(r.errors).toBeUndefined();
        const next: any = await t.gql(SEARCH, { query, filter, first: 3, after: r.data.searchUsers.pageInfo.endCursor }, viewer.token);
        expect(next.errors).toBeUndefined();
      }
      expect(
        (await t.rest("POST", "/dashboard/search", { token: viewer.token, body: { searchQuery: "go", selectedFilter: "skillsKnown" } }))
          .status,
      ).toBe(200);
      // Discovery filters: each alone and combined, on the feed (from cursors too, blocks by list and by
      // probes), on search, over REST; and the saved-search alert job's walk of the day's changes.
      const combos: Array<Record<string, unknown>> = [
        { language: "Tamil" },
        { skill: "Python" },
        { category: "Other" },
        { minRating: 1 },
        { maxCoins: 10 },
        { hasTaught: true },
        { onlineNow: true },
        { language: "Tamil", minRating: 1, maxCoins: 10 },
        { skill: "Chess", category: "Other", language: "Hindi", hasTaught: true, onlineNow: true },
      ];
      for (const who of [viewer, crowded])
        for (const filters of combos) {
          const r: any = await t.gql(FEED, { first: 4, filters }, who.token);
          expect(r.errors).toBeUndefined();
          const next: any = await t.gql(FEED, { first: 30, filters, after: r.data.feed.pageInfo.endCursor }, who.token);
          expect(next.errors).toBeUndefined();
        }
      for (const filters of combos.slice(6)) {
        const r: any = await t.gql(SEARCH, { query: "kum", filter: "NAME", first: 3, filters }, viewer.token);
        expect(r.errors).toBeUndefined();
      }
      const r: any = await t.gql(
        SEARCH,
        { query: "tam", filter: "LANGUAGES", first: 3, filters: { category: "Other", maxCoins: 10, minRating: 1 } },
        viewer.token,
      );
      expect(r.errors).toBeUndefined();
      expect((await t.rest("GET", `/dashboard?skip=0&language=Tamil&maxCoins=10`, { token: viewer.token })).status).toBe(200);
      for (const input of [
        { name: "by skill", filters: { skill: "Python", minRating: 1 } },
        { name: "by language", filters: { language: "Tamil", hasTaught: true } },
        { name: "by category", filters: { category: "Other", maxCoins: 3 } },
        { name: "by text", query: "kum", filters: { minRating: 1 } },
      ])
        await t.app.services.savedSearches.create(viewer.id, input);
      t.clock.advance(2 * HOUR);
      await t.app.services.savedSearches.runAlerts(t.clock.now());
    });
  }

  it("no statement scans a table; no directory walk or card read sorts", async () => {
    const statements = (await requests()).filter((s) => /^\s*(\(?\s*SELECT|WITH)/i.test(s.sql));
    const walks = statements.filter((s) => /feed_entries|search_terms/.test(s.sql));
    // Every kind of walk was captured: feed segments 3..0 (blocks by list and by probes), the viewer's facts, and search.
    expect(walks.filter((s) => /kind = /.test(s.sql)).length).toBeGreaterThanOrEqual(5);
    expect(walks.filter((s) => /kind = .*NOT IN/s.test(s.sql)).length).toBeGreaterThanOrEqual(4);
    expect(walks.filter((s) => /kind = .*blocks bk1/s.test(s.sql)).length).toBeGreaterThanOrEqual(4);
    expect(walks.filter((s) => /'b' AS kind/.test(s.sql)).length).toBeGreaterThanOrEqual(2);
    expect(walks.filter((s) => /search_terms/.test(s.sql)).length).toBeGreaterThanOrEqual(8);
    expect(statements.filter((s) => /FROM users u LEFT JOIN user_skills/.test(s.sql)).length).toBeGreaterThanOrEqual(8);
    // Filtered walks (bounded, `ok` per examined row) on the feed, on search, and the alerts' walk of changes.
    expect(walks.filter((s) => /AS ok FROM/.test(s.sql) && /kind = /.test(s.sql)).length).toBeGreaterThanOrEqual(20);
    expect(walks.filter((s) => /AS ok FROM/.test(s.sql) && /search_terms s/.test(s.sql)).length).toBeGreaterThanOrEqual(4);
    expect(walks.filter((s) => /idx_feed_entries_changes/.test(s.sql)).length).toBeGreaterThanOrEqual(4);
    const problems: string[] = [];
    for (const s of statements) {
      // The alert job's pick of due saved searches (`idx_saved_searches_due`, LIMIT 20) is not a directory read: on the
      // few rows this test makes, MariaDB's optimizer sometimes reads that table whole, which says nothing at scale.
      if (/FROM `?saved_searches`? `?s`?/.test(s.sql) && /nextCheckAt/.test(s.sql)) continue;
      const rows = await plan(s.sql, s.params);
      // SQLite names a FROM-clause subquery it runs (CO-ROUTINE or MATERIALIZE x) and then reads its rows ("SCAN x"): not a table.
      const derived = new Set(rows.flatMap((r) => /^(?:CO-ROUTINE|MATERIALIZE) (\S+)/.exec(r.access)?.[1] ?? []));
      for (const r of rows) {
        if (fullScan(r) && !derived.has(/^SCAN (\S+)/.exec(r.access)?.[1] ?? ""))
          problems.push(`full scan: ${r.table} ${r.access}\n  in ${s.sql.slice(0, 160)}`);
        // A page's cards are read by primary key with no ORDER BY (cardsByIds orders each card's skills itself).
        const cards = /FROM users u LEFT JOIN user_skills/.test(s.sql);
        if ((walks.includes(s) || cards) && sorts(r)) problems.push(`sort: ${r.table} ${r.extra}\n  in ${s.sql.slice(0, 160)}`);
        // A probe of one student (alias x) must go through that student's rows, not a skill's stream.
        const probe = target === "sqlite" ? /^SEARCH x /.test(r.access) : r.table === "x";
        const byOwner = target === "sqlite" ? /\(userId=\?/.test(r.access) : /^\w+ (PRIMARY|idx_feed_entries_owner)$/.test(r.access);
        if (probe && !byOwner) problems.push(`probe not by student: ${r.access}\n  in ${s.sql.slice(0, 160)}`);
      }
    }
    if (process.env.EXPLAIN_DUMP) for (const s of statements) console.log(s.sql.slice(0, 200), "\n", await plan(s.sql, s.params));
    expect(problems).toEqual([]);
  });
});
