import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTER, studentEmail, uniqueName } from "../../../test/accounts.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { captureStatements, countStatements, filledStudent } from "../../../test/profiles.js";
import { MINUTE } from "../../shared/clock.js";
import { newId } from "../../shared/ids.js";
import { Block } from "../blocks/block.entity.js";
import { BLOCK_LIST_MAX } from "./feed-query.js";

const FEED = `query Feed($first: Int, $after: String) {
  feed(first: $first, after: $after) { pageInfo { endCursor hasNextPage } edges { node { id name } } }
}`;

const FULL_FEED = `query Feed($first: Int) {
  feed(first: $first) {
    pageInfo { hasNextPage }
    edges { node { id name gender image amount languages rating { value count }
      skillsKnown { category skill } skillsRequired { category skill }
      completedSkills { skill category mentor { id name skillsKnown { skill } } } } }
  }
}`;

describe.each(dbTargets)("dashboard feed on %s", (target) => {
  let t: TestApp;
  let viewer: { id: string; token: string };
  /** Everyone the viewer may see, in the order the feed must show them. */
  let expected: string[];
  let hidden: string[];

  beforeAll(async () => {
    t = await startTestApp(target);
    const tick = () => t.clock.advance(MINUTE);
    viewer = await filledStudent(t, {
      name: "Viewer",
      known: ["Python", "Chess"],
      required: ["Guitar", "Yoga"],
      languages: ["Tamil", "English"],
    });
    tick();
    // Score 3: knows what I want and wants what I know (oldest, still first).
    const both = await filledStudent(t, { known: ["guitar"], required: ["PYTHON"] });
    tick();
    // Score 2: can teach me.
    const teaches = await filledStudent(t, { known: ["Yoga"], required: ["Baking"] });
    tick();
    // Score 1: wants what I know.
    const learns = await filledStudent(t, { known: ["Baking"], required: ["chess"] });
    const others: string[] = [];
    for (let i = 0; i < 22; i++) {
      // Some share a creation time: the id breaks the tie.
      if (i % 3 !== 0) tick();
      others.push((await filledStudent(t, { known: [`Skill ${i}`], required: ["Knitting"] })).id);
    }
    // Never shown: not filled, blocked by the viewer, blocking the viewer.
    const unfilled = await t.createUser();
    const blockedByMe = await filledStudent(t, { known: ["Guitar"], required: ["Python"] });
    const blockingMe = await filledStudent(t, { known: ["Guitar"], required: ["Python"] });
    await t.app.services.deps.tx((em) => t.app.services.blocks.block(viewer.id, blockedByMe.id, "reported", em));
    await t.app.services.deps.tx((em) => t.app.services.blocks.block(blockingMe.id, viewer.id, "swap-rejected", em));
    hidden = [viewer.id, unfilled.user.id, blockedByMe.id, blockingMe.id];

    const newestFirst = [...others].reverse();
    const rows = await t.app.services.profiles.usersByIds(others);
    // Same createdAt: higher id first (the cursor's tie-break).
    newestFirst.sort((a, b) => rows.get(b)!.createdAt.getTime() - rows.get(a)!.createdAt.getTime() || (a < b ? 1 : -1));
    expected = [both.id, teaches.id, learns.id, ...newestFirst];
  });
  afterAll(async () => {
    await t?.close();
  });

  async function registerAndFill(known: string, required: string) {
    t.clock.advance(MINUTE);
    const reg = await t.gql(REGISTER, { input: { name: uniqueName("Newcomer"), email: studentEmail(), password: "a-long-password" } });
    expect(reg.errors).toBeUndefined();
    const id = reg.data.register.userId as string;
    // Listed once the address is verified (the mail is not what this suite is about).
    await t.app.services.deps.tx((em) => t.app.services.emailVerification.markVerified(em, id, t.clock.now()));
    const profile = (await import("./profile.rules.js")).validateProfile({
      gender: "Male",
      languages: ["English"],
      skillsKnown: [{ category: "Other", skill: known }],
      skillsRequired: [{ category: "Other", skill: required }],
    });
    await t.app.services.deps.tx((em) => t.app.services.profiles.writeProfile(em, id, profile, null));
    return id;
  }

  it("GraphQL: ranks best matches first, then newest, and pages by cursor without duplicates or gaps while students register", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 1; page <= 3; page++) {
      const r: any = await t.gql(FEED, { first: 10, after }, viewer.token);
      expect(r.errors).toBeUndefined();
      seen.push(...r.data.feed.edges.map((e: any) => e.node).map((n: { id: string }) => n.id));
      expect(r.data.feed.pageInfo.hasNextPage).toBe(page < 3);
      after = r.data.feed.pageInfo.endCursor;
      // Between pages a perfect match and an unrelated student sign up and fill their profile.
      if (page < 3) {
        await registerAndFill("Guitar", "Python");
        await registerAndFill("Pottery", "Sewing");
      }
    }
    expect(seen).toEqual(expected);
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of hidden) expect(seen).not.toContain(id);

    // Starting over shows the newcomers: the perfect matches among them come first.
    const fresh = await t.gql(FEED, { first: 3 }, viewer.token);
    expect(fresh.data.feed.edges.map((e: any) => e.node)[0].name).toMatch(/^Newcomer/);
  });

  it("REST: GET /api/dashboard?skip pages by offset over a snapshot, so sign-ups cause no duplicates", async () => {
    // Two skills the viewer completed, the later one written first (the profile lists them oldest first).
    await t.app.services.deps.tx(async (em) => {
      await t.app.services.profiles.addCompletedSkill(em, { learnerId: viewer.id, mentorId: hidden[1], skill: "Chess", category: "Other" });
    });
    t.clock.advance(-MINUTE);
    await t.app.services.deps.tx(async (em) => {
      await t.app.services.profiles.addCompletedSkill(em, { learnerId: viewer.id, mentorId: hidden[1], skill: "Go", category: "Other" });
    });
    t.clock.advance(MINUTE);
    let first!: { status: number; body: any };
    const read = await countStatements(t, async () => {
      first = await t.rest("GET", `/dashboard?skip=0&userId=${viewer.id}`, { token: viewer.token });
    });
    // The caller's own card is read in the same statement as the page's cards; on MariaDB their
    // languages and completed skills in the same statement as their feed facts.
    expect(read.statements.filter((sql) => /FROM users u LEFT JOIN user_skills/.test(sql))).toHaveLength(1);
    const languageReads = read.statements.filter((sql) => /FROM user_languages/.test(sql));
    expect(languageReads).toHaveLength(1);
    expect(/FROM feed_entries/.test(languageReads[0])).toBe(target === "mysql");
    expect(first.body.user.selectedLanguages).toEqual(["Tamil", "English"]);
    expect(first.body.user.completed_skills.map((c: { skill: string }) => c.skill)).toEqual(["Go", "Chess"]);
    expect(first.body.user.completed_skills[0].mentor).toEqual({ _id: hidden[1], name: expect.any(String) });
    expect(first.status).toBe(200);
    expect(first.body.error).toBe("");
    expect(first.body.user).toMatchObject({
      _id: viewer.id,
      name: "Viewer",
      skillsRequired: [
        { category: "Programming & Technology", skill: "Guitar" },
        { category: "Programming & Technology", skill: "Yoga" },
      ],
    });
    expect(first.body.user.email).toMatch(/@psgtech\.ac\.in$/);
    const item = first.body.feed[0];
    expect(Object.keys(item).sort()).toEqual(["_id", "name", "skillsKnown", "skillsRequired"]);
    const seen: string[] = first.body.feed.map((f: { _id: string }) => f._id);
    const joinedMeanwhile = [await registerAndFill("Guitar", "Chess")];
    for (let pages = 1; ; pages++) {
      const r = await t.rest("GET", `/dashboard?skip=${seen.length}&userId=${viewer.id}`, { token: viewer.token });
      expect(r.status).toBe(200);
      if (r.body.feed.length === 0) break;
      seen.push(...r.body.feed.map((f: { _id: string }) => f._id));
      if (pages < 3) joinedMeanwhile.push(await registerAndFill("Guitar", "Chess"));
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of joinedMeanwhile) expect(seen).not.toContain(id);
    for (const id of hidden) expect(seen).not.toContain(id);
    for (const id of expected) expect(seen).toContain(id);
  });

  it("REST: no skip answers just the user (and error ''); a foreign id 403; an unknown id 404; no token 401", async () => {
    const onlyUser = await t.rest("GET", `/dashboard?userId=`, { token: viewer.token });
    expect(onlyUser.status).toBe(200);
    expect(Object.keys(onlyUser.body).sort()).toEqual(["error", "user"]);
    expect(onlyUser.body.error).toBe("");
    const other = await filledStudent(t);
    expect((await t.rest("GET", `/dashboard?skip=0&userId=${other.id}`, { token: viewer.token })).status).toBe(403);
    expect((await t.rest("GET", `/dashboard?skip=0&userId=00000000-0000-4000-8000-000000000000`, { token: viewer.token })).status).toBe(
      404,
    );
    expect((await t.rest("GET", `/dashboard?skip=0`)).status).toBe(401);
    expect(await t.rest("GET", `/dashboard?skip=-1&userId=${viewer.id}`, { token: viewer.token })).toMatchObject({
      status: 400,
      body: { error: "skip must be a whole number of 0 or more", code: "BAD_USER_INPUT", field: "skip" },
    });
  });

  it("a student without filled details gets 'not filled details' (REST) and DETAILS_NOT_FILLED (GraphQL)", async () => {
    const { user, token } = await t.createUser();
    const rest = await t.rest("GET", `/dashboard?skip=0&userId=${user.id}`, { token });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ feed: [], error: "not filled details", user: { _id: user.id } });
    // Without skip too (the old client's user lookup): it reads `error` and goes to /p.
    const noSkip = await t.rest("GET", `/dashboard?userId=${user.id}`, { token });
    expect(noSkip).toMatchObject({ status: 200, body: { error: "not filled details", user: { _id: user.id } } });
    expect(noSkip.body.feed).toBeUndefined();
    const gql = await t.gql(FEED, {}, token);
    expect(gql.errors?.[0]).toMatchObject({ message: "not filled details", extensions: { code: "DETAILS_NOT_FILLED" } });
  });

  it("refuses a forged cursor", async () => {
    const r = await t.gql(FEED, { after: "bm90LWEtY3Vyc29y" }, viewer.token);
    expect(r.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
  });

  it("costs a number of SQL statements independent of the page size, relations included", async () => {
    // Every student on these pages has a completed skill, so mentors are resolved in both.
    const ids = (await t.gql(FEED, { first: 25 }, viewer.token)).data.feed.edges
      .map((e: any) => e.node)
      .map((n: { id: string }) => n.id) as string[];
    await t.app.services.deps.tx(async (em) => {
      for (const [i, id] of ids.entries()) {
        // Mentors outside the page (the viewer, another one) so both pages resolve them the same way.
        const mentorId = i % 2 ? viewer.id : hidden[1];
        await t.app.services.profiles.addCompletedSkill(em, { learnerId: id, mentorId, skill: "Chess", category: "Other" });
      }
    });
    const small = await countStatements(t, async () => {
      const r = await t.gql(FULL_FEED, { first: 5 }, viewer.token);
      expect(r.errors).toBeUndefined();
      expect(r.data.feed.edges.map((e: any) => e.node)).toHaveLength(5);
    });
    const large = await countStatements(t, async () => {
      const r = await t.gql(FULL_FEED, { first: 25 }, viewer.token);
      expect(r.data.feed.edges.map((e: any) => e.node)).toHaveLength(25);
      expect(r.data.feed.edges.map((e: any) => e.node).every((n: any) => n.completedSkills[0]?.mentor?.name)).toBe(true);
    });
    // The rows cost nothing extra; a page that crosses score segments adds one walk per segment (at most 3).
    expect(large.count).toBeGreaterThanOrEqual(small.count);
    expect(large.count).toBeLessThanOrEqual(small.count + 3);
    expect(small.count).toBeLessThanOrEqual(12);
  });

  it("leaves out blocked students by list when the viewer's blocks are few, and by probing each row past BLOCK_LIST_MAX", async () => {
    const walkAll = async (token: string) => {
      const result: string[] = [];
      const statements = await captureStatements(t, async () => {
        let after: string | null = null;
        for (;;) {
          const r: any = await t.gql(FEED, { first: 20, after }, token);
          expect(r.errors).toBeUndefined();
          result.push(...r.data.feed.edges.map((e: any) => e.node.id));
          if (!r.data.feed.pageInfo.hasNextPage) return;
          after = r.data.feed.pageInfo.endCursor;
        }
      });
      return { result, statements };
    };
    // Same skills as the viewer, blocked both ways by the same two students, and past the list's size.
    const crowded = await filledStudent(t, { name: "Crowded", known: ["Python", "Chess"], required: ["Guitar", "Yoga"] });
    await t.app.services.deps.tx((em) => t.app.services.blocks.block(crowded.id, hidden[2], "reported", em));
    await t.app.services.deps.tx((em) => t.app.services.blocks.block(hidden[3], crowded.id, "swap-rejected", em));
    const at = t.clock.now();
    await t.dataSource.getRepository(Block).insert(
      Array.from({ length: BLOCK_LIST_MAX }, () => ({
        id: newId(),
        blockerId: crowded.id,
        blockedId: newId(),
        reason: "reported",
        createdAt: at,
      })),
    );

    const few = await walkAll(viewer.token);
    const many = await walkAll(crowded.token);
    const walks = (c: Array<{ sql: string }>) => c.filter((s) => /FROM feed_entries f .*idx_feed_entries_walk/s.test(s.sql));
    expect(walks(few.statements).every((s) => /NOT IN/.test(s.sql) && !/blocks bk1/.test(s.sql))).toBe(true);
    expect(walks(many.statements).every((s) => /blocks bk1/.test(s.sql) && /blocks bk2/.test(s.sql))).toBe(true);
    // Both see everyone else, in the same order (the crowded student is the viewer's newest unrelated
    // student; the viewer is the crowded one's oldest), and neither sees the students blocked either way.
    expect(many.result).toEqual([...few.result.filter((id) => id !== crowded.id), viewer.id]);
    for (const id of [hidden[2], hidden[3]]) {
      expect(few.result).not.toContain(id);
      expect(many.result).not.toContain(id);
    }
  });
});
