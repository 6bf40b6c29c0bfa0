/**
 * The feed against a model: random skill sets over a small pool (so students meet the viewer
 * through several walks at once), ties in registration time, blocks both ways and unfilled
 * students; every page walk (GraphQL cursor, REST skip, REST jumps) must give exactly the order
 * the model computes. Then edits and sign-ups during a session must change nothing in it.
 * Students carry random responsiveness tiers (from response stats), ranked within each score.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";
import { HOUR, MINUTE } from "../../shared/clock.js";
import { ResponseStats } from "./response-stats.entity.js";
import { FeedEntry } from "./feed-entry.entity.js";
import { rebuildProfileIndexes } from "./profile-index.js";
import { backfillSharedPrefixes } from "../../db/migrations/frozen/shared-prefix-backfill.js";
import { validateProfile } from "./profile.rules.js";

const FEED = `query Feed($first: Int, $after: String) { feed(first: $first, after: $after) { pageInfo { endCursor hasNextPage } edges { node { id } } } }`;
const POOL = ["Python", "React", "Guitar", "Chess", "Yoga", "Tamil", "Java", "Go"];
const VIEWER = { known: ["Python", "guitar", "Go"], required: ["React", "CHESS"] };

/** A small deterministic PRNG (mulberry32) so a failure reproduces. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Student {
  id: string;
  createdAt: number;
  known: string[];
  required: string[];
  /** Responsiveness tier (2, 1, 0); 1 when absent. */
  tier?: number;
}

const lower = (xs: string[]) => xs.map((x) => x.toLowerCase());
function scoreOf(s: Pick<Student, "known" | "required">): number {
  const teaches = lower(s.known).some((k) => lower(VIEWER.required).includes(k));
  const learns = lower(s.required).some((r) => lower(VIEWER.known).includes(r));
  return (teaches ? 2 : 0) + (learns ? 1 : 0);
}
const modelOrder = (students: Student[]) =>
  [...students]
    .sort(
      (a, b) =>
        scoreOf(b) - scoreOf(a) || (b.tier ?? 1) - (a.tier ?? 1) || b.createdAt - a.createdAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0),
    )
    .map((s) => s.id);

describe.each(dbTargets)("feed against a model on %s", (target) => {
  let t: TestApp;
  let viewer: { id: string; token: string };
  let visible: Student[];

  async function edit(id: string, known: string[], required: string[]) {
    const clean = validateProfile({
      gender: "Male",
      languages: ["English"],
      skillsKnown: known.map((skill) => ({ category: "Other", skill })),
      skillsRequired: required.map((skill) => ({ category: "Other", skill })),
    });
    await t.app.services.deps.tx((em) => t.app.services.profiles.writeProfile(em, id, clean, null));
  }

  async function walkGraphql(first: number, between?: (page: number) => Promise<void>): Promise<string[]> {
    const seen: string[] = [];
    let after: string | null = null;
    for (let page = 1; page < 100; page++) {
      const r: any = await t.gql(FEED, { first, after }, viewer.token);
      expect(r.errors).toBeUndefined();
      seen.push(...r.data.feed.edges.map((e: any) => e.node).map((n: { id: string }) => n.id));
      if (!r.data.feed.pageInfo.hasNextPage) return seen;
      after = r.data.feed.pageInfo.endCursor;
      await between?.(page);
    }
    throw new Error("the feed did not end");
  }

  beforeAll(async () => {
    t = await startTestApp(target);
    const rand = prng(20261124);
    const pick = (n: number) => [...POOL].sort(() => rand() - 0.5).slice(0, n);
    viewer = await filledStudent(t, { name: "Model Viewer", known: VIEWER.known, required: VIEWER.required });
    visible = [];
    const hidden: string[] = [];
    for (let i = 0; i < 70; i++) {
      if (rand() < 0.7) t.clock.advance(MINUTE); // the rest share a registration time: ids break ties
      const known = pick(1 + Math.floor(rand() * 3));
      const required = pick(1 + Math.floor(rand() * 2));
      const s = await filledStudent(t, { known, required });
      if (i % 17 === 3) {
        await t.app.services.deps.tx((em) => t.app.services.blocks.block(viewer.id, s.id, "reported", em));
        hidden.push(s.id);
      } else if (i % 17 === 9) {
        await t.app.services.deps.tx((em) => t.app.services.blocks.block(s.id, viewer.id, "swap-rejected", em));
        hidden.push(s.id);
      } else {
        visible.push({ id: s.id, createdAt: s.user.createdAt.getTime(), known, required });
      }
      if (i % 10 === 0) await t.createUser(); // never filled: never listed
    }
    // Every score is represented, so pages cross all four segments.
    expect(new Set(visible.map(scoreOf))).toEqual(new Set([0, 1, 2, 3]));
    expect(hidden.length).toBeGreaterThan(4);
    // Response histories that make a student responsive (tier 2) or not (tier 0); the rest stay neutral.
    const tierRand = prng(7);
    for (const s of visible) {
      s.tier = Math.floor(tierRand() * 3);
      if (s.tier === 1) continue;
      const counts = s.tier === 2 ? { received: 5, answered: 5, within1h: 5 } : { received: 4, answered: 1, within1h: 1 };
      const zeros = { within3h: 0, within6h: 0, within12h: 0, within24h: 0, within48h: 0, within96h: 0, later: 0 };
      await t.dataSource.getRepository(ResponseStats).insert({ userId: s.id, ...zeros, ...counts, updatedAt: t.clock.now() });
      await t.app.services.deps.tx((em) => t.app.services.profiles.reindex(em, s.id));
    }
    expect(new Set(visible.map((s) => s.tier))).toEqual(new Set([0, 1, 2]));
    t.clock.advance(MINUTE);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("GraphQL pages of any size give exactly the model's order", async () => {
    const expected = modelOrder(visible);
    for (const first of [1, 7, 50]) expect(await walkGraphql(first)).toEqual(expected);
  });

  it("REST skip pages, in sequence and by jumping, give the model's order", async () => {
    const expected = modelOrder(visible);
    const seen: string[] = [];
    for (;;) {
      const r = await t.rest("GET", `/dashboard?skip=${seen.length}&userId=${viewer.id}`, { token: viewer.token });
      expect(r.status).toBe(200);
      if (r.body.feed.length === 0) break;
      seen.push(...r.body.feed.map((f: { _id: string }) => f._id));
    }
    expect(seen).toEqual(expected);
    // A jump (not where the last page ended) walks from the start of the same session.
    await t.rest("GET", `/dashboard?skip=0&userId=${viewer.id}`, { token: viewer.token });
    const jump = await t.rest("GET", `/dashboard?skip=25&userId=${viewer.id}`, { token: viewer.token });
    expect(jump.body.feed.map((f: { _id: string }) => f._id)).toEqual(expected.slice(25, 35));
    const next = await t.rest("GET", `/dashboard?skip=35&userId=${viewer.id}`, { token: viewer.token });
    expect(next.body.feed.map((f: { _id: string }) => f._id)).toEqual(expected.slice(35, 45));
  });

  it("edits and sign-ups during a session cause no duplicates and no gaps; a new session shows them", async () => {
    const expected = modelOrder(visible);
    const shownFirst = expected[0]; // a best match, shown on page 1
    const tail = expected.at(-1)!; // shown last
    const middle = expected[Math.floor(expected.length / 2)];
    let newcomer = "";
    const seen = await walkGraphql(5, async (page) => {
      if (page !== 1) return;
      t.clock.advance(MINUTE);
      await edit(shownFirst, ["Knitting"], ["Pottery"]); // drops to score 0: must not come back
      await edit(tail, ["React"], ["Python"]); // rises to score 3: must still come once, last
      await edit(middle, ["Origami"], ["Sewing"]);
      newcomer = (await filledStudent(t, { known: ["Chess"], required: ["Go"] })).id; // after the session began
    });
    expect(seen).toEqual(expected);

    const changed = new Map<string, Pick<Student, "known" | "required">>([
      [shownFirst, { known: ["Knitting"], required: ["Pottery"] }],
      [tail, { known: ["React"], required: ["Python"] }],
      [middle, { known: ["Origami"], required: ["Sewing"] }],
    ]);
    const newcomerRow = (await t.app.services.profiles.findUser(newcomer))!;
    const stateNow = () => [
      ...visible.map((s) => ({ ...s, ...changed.get(s.id) })),
      { id: newcomer, createdAt: newcomerRow.createdAt.getTime(), known: ["Chess"], required: ["Go"] },
    ];

    // A REST session reads its snapshot the same way: an edit after skip=0 changes nothing in it.
    const before = modelOrder(stateNow());
    await t.rest("GET", `/dashboard?skip=0&userId=${viewer.id}`, { token: viewer.token });
    t.clock.advance(MINUTE);
    const demoted = before[3];
    await edit(demoted, ["Knitting"], ["Pottery"]);
    changed.set(demoted, { known: ["Knitting"], required: ["Pottery"] });
    const rest = await t.rest("GET", `/dashboard?skip=10&userId=${viewer.id}`, { token: viewer.token });
    expect(rest.body.feed.map((f: { _id: string }) => f._id)).toEqual(before.slice(10, 20));

    // A new session ranks everyone as they are now.
    expect(await walkGraphql(9)).toEqual(modelOrder(stateNow()));
  });

  it("ended index rows are purged once no session can read them", async () => {
    const entries = t.dataSource.getRepository(FeedEntry);
    const ended = () => entries.createQueryBuilder("f").where("f.validTo IS NOT NULL").getCount();
    expect(await ended()).toBeGreaterThan(0);
    const old: any = await t.gql(FEED, { first: 3 }, viewer.token);
    t.clock.advance(26 * HOUR);
    const someone = visible[0];
    const editedAt = t.clock.now();
    await edit(someone.id, someone.known, someone.required);
    // Only the rows this edit itself ended are left (it changed the price, so all of that student's rows restarted).
    expect(await entries.createQueryBuilder("f").where("f.validTo < :at", { at: editedAt }).getCount()).toBe(0);
    // A cursor from a session older than the index's history still works (read as of now).
    const page: any = await t.gql(FEED, { first: 3, after: old.data.feed.pageInfo.endCursor }, viewer.token);
    expect(page.errors).toBeUndefined();
    expect(page.data.feed.edges.map((e: any) => e.node)).toHaveLength(3);
  });

  it("a rebuild from the profiles gives exactly the rows the writes maintained", async () => {
    const current = async () => {
      const feed: Array<Record<string, string>> = await t.dataSource.query(
        "SELECT userId, kind, term, term2, tier FROM feed_entries WHERE validTo IS NULL ORDER BY userId, kind, term, term2",
      );
      const search: Array<Record<string, string>> = await t.dataSource.query(
        "SELECT userId, field, term, sortKey, sharedPrefix FROM search_terms ORDER BY userId, field, term",
      );
      return { feed: feed.map((r) => ({ ...r })), search: search.map((r) => ({ ...r })) };
    };
    const maintained = await current();
    expect(maintained.feed.length).toBeGreaterThan(visible.length * 4);
    // The tiers are read before the rebuild's transaction (the embedded database has one connection).
    const tiers = await t.app.services.responseStats.tiersOf([...new Set(maintained.feed.map((r) => r.userId))]);
    const { students } = await t.app.services.deps.tx((em) => rebuildProfileIndexes(em, 2000, () => Promise.resolve(tiers)));
    expect(students).toBe(new Set(maintained.feed.map((r) => r.userId)).size);
    expect(await current()).toEqual(maintained);
    // The migration's (frozen) backfill gives rows written before the column the same numbers.
    await t.dataSource.query("UPDATE search_terms SET sharedPrefix = 60");
    await t.app.services.deps.tx((em) => backfillSharedPrefixes(em, 3));
    expect(await current()).toEqual(maintained);
    expect(maintained.search.some((r) => Number(r.sharedPrefix) < 60)).toBe(true);
  });
});
