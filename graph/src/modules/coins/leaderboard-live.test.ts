import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";
import { ManualClock } from "../../shared/clock.js";
import { diffTop, LeaderboardLive } from "./leaderboard-live.js";
import { resolveView } from "./leaderboard-board.js";
import type { LeaderboardViewRow } from "./leaderboard.service.js";
import { ledgerWrites } from "../../../test/ledger.js";

const PAGE = `query ($view: LeaderboardViewInput, $first: Int, $after: String, $around: ID) {
  leaderboard(view: $view, first: $first, after: $after, around: $around) {
    view { category period from to }
    around { userId rank reason message }
    pageInfo { hasNextPage hasPreviousPage endCursor }
    edges { cursor node { rank userId name rating ratingCount skillCoins periodRating periodRatingCount periodLessons } }
  }
}`;
const LIVE = `subscription ($view: LeaderboardViewInput) {
  leaderboardChanged(view: $view) {
    view { category period }
    watched
    moved { previousRank row { rank userId skillCoins } }
    left { userId previousRank }
  }
}`;

const nodes = (r: any) => r.data.leaderboard.edges.map((e: any) => e.node);

describe.each(dbTargets)("leaderboard views over GraphQL and live on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const teacher = (category: string, rating: number, count: number) =>
    filledStudent(t, {
      known: [{ category, skill: "Something" }],
      overrides: { ratingAvg: rating, ratingCount: count, ratingSum: Math.round(rating * count) },
    });

  it("answers views, pages and around without a token; keeps leaderboard(first) as it was and lets its cursor page on", async () => {
    const cat = "Music & Performing Arts";
    const students = [];
    for (let i = 0; i < 5; i++) students.push(await teacher(cat, 4 - i * 0.5, 2));
    const r = await t.gql(PAGE, { view: { category: cat }, first: 2 });
    expect(r.errors).toBeUndefined();
    expect(r.data.leaderboard.view).toEqual({ category: cat, period: "ALL_TIME", from: null, to: null });
    expect(nodes(r).map((n: any) => [n.rank, n.userId])).toEqual([
      [1, students[0].id],
      [2, students[1].id],
    ]);
    expect(nodes(r)[0]).toMatchObject({ periodRating: null, periodRatingCount: null, periodLessons: null });
    const next = await t.gql(PAGE, { view: { category: cat }, first: 2, after: r.data.leaderboard.pageInfo.endCursor });
    expect(nodes(next).map((n: any) => n.rank)).toEqual([3, 4]);
    expect(next.data.leaderboard.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });

    const around = await t.gql(PAGE, { view: { category: cat }, around: students[2].id, first: 3 });
    expect(around.data.leaderboard.around).toEqual({ userId: students[2].id, rank: 3, reason: null, message: null });
    expect(nodes(around).map((n: any) => n.userId)).toEqual([students[1].id, students[2].id, students[3].id]);
    const missing = await t.gql(PAGE, { view: { category: "Other" }, around: students[2].id });
    expect(missing.errors).toBeUndefined();
    expect(missing.data.leaderboard).toMatchObject({
      around: { rank: null, reason: "NOT_IN_VIEW", message: "This student is not ranked in this view" },
      edges: [],
    });

    const week = await t.gql(PAGE, { view: { period: "WEEK" } });
    expect(week.data.leaderboard.view.period).toBe("WEEK");
    expect(new Date(week.data.leaderboard.view.from).getUTCDay()).toBe(1);

    const bad = await t.gql(PAGE, { view: { category: "Cooking" } });
    expect(bad.errors?.[0]).toMatchObject({ extensions: { code: "BAD_USER_INPUT", field: "category" } });

    // leaderboard(first) answers as before; its endCursor continues in the default view.
    const top = await t.gql(
      "{ leaderboard(first: 2) { view { period } around { rank } pageInfo { endCursor } edges { cursor node { rank userId } } } }",
    );
    expect(top.data.leaderboard.view.period).toBe("ALL_TIME");
    expect(top.data.leaderboard.around).toBeNull();
    expect(Buffer.from(top.data.leaderboard.edges[0].cursor, "base64url").toString()).toBe('["leaderboard",1]');
    const whole = nodes(await t.gql(PAGE, { first: 4 }));
    const on = await t.gql(PAGE, { first: 2, after: top.data.leaderboard.pageInfo.endCursor });
    expect(nodes(on).map((n: any) => n.userId)).toEqual(whole.slice(2, 4).map((n: any) => n.userId));
  });

  it("serves views on REST: public, paged by cursor, around a student, with ETag, Last-Modified and CORS; /api/leaderboard unchanged", async () => {
    const cat = "Languages & Linguistics";
    const students = [];
    for (let i = 0; i < 4; i++) students.push(await teacher(cat, 4.5 - i, 1));
    const q = encodeURIComponent(cat);
    const first = await t.rest("GET", `/leaderboard/view?category=${q}&first=3`);
    expect(first.status).toBe(200);
    expect(first.headers.get("access-control-allow-origin")).toBe("*");
    expect(first.headers.get("cache-control")).toBe('public, max-age=10, private="RateLimit, RateLimit-Policy"');
    expect(first.body.view).toEqual({ category: cat, period: "all_time", from: null, to: null });
    expect(first.body.rows.map((r: any) => [r.rank, r.userId])).toEqual(students.slice(0, 3).map((s, i) => [i + 1, s.id]));
    expect(first.body.rows[0]).toMatchObject({
      rating: 4.5,
      ratingCount: 1,
      skillCoins: 0,
      periodRating: null,
      cursor: expect.any(String),
    });
    expect(first.body.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const next = await t.rest("GET", `/leaderboard/view?category=${q}&after=${encodeURIComponent(first.body.pageInfo.endCursor)}`);
    expect(next.body.rows.map((r: any) => [r.rank, r.userId])).toEqual([[4, students[3].id]]);

    const around = await t.rest("GET", `/leaderboard/view?category=${q}&around=${students[3].id}&first=3`);
    expect(around.body.around).toEqual({ userId: students[3].id, rank: 4, reason: null, message: null });
    expect(around.body.rows.map((r: any) => r.userId)).toEqual(students.slice(1).map((s) => s.id));
    const nobody = await t.rest("GET", `/leaderboard/view?around=nobody`);
    expect(nobody.status).toBe(200);
    expect(nobody.body).toMatchObject({
      rows: [],
      around: { reason: "NOT_LISTED", message: "No student with this id is on the leaderboard" },
    });

    const week = await t.rest("GET", `/leaderboard/view?period=week&category=${q}`);
    expect(week.body.view).toMatchObject({ period: "week", from: expect.stringMatching(/T00:00:00.000Z$/) });
    expect(week.body.rows).toEqual([]);

    expect((await t.rest("GET", "/leaderboard/view?period=year")).status).toBe(400);
    const badCat = await t.rest("GET", "/leaderboard/view?category=Cooking");
    expect(badCat.status).toBe(400);
    expect(badCat.body.error).toMatch(/category must be one of/);
    expect((await t.rest("GET", "/leaderboard/view?first=0")).status).toBe(400);
    expect(
      (await t.rest("GET", `/leaderboard/view?category=Other&after=${encodeURIComponent(first.body.pageInfo.endCursor)}`)).status,
    ).toBe(400);

    // Revalidation: 304 while the answer is the same, a new ETag once it changes.
    const etag = first.headers.get("etag")!;
    const revalidate = { headers: { "if-none-match": etag, "cache-control": "max-age=0" } };
    expect((await t.rest("GET", `/leaderboard/view?category=${q}&first=3`, revalidate)).status).toBe(304);
    await ledgerWrites(t.app.services).reward(students[0].id, 1, "Seed", `rest-view-${target}`);
    const changed = await t.rest("GET", `/leaderboard/view?category=${q}&first=3`, revalidate);
    expect(changed.status).toBe(200);
    expect(changed.body.rows[0].skillCoins).toBe(1);

    // The spec's path keeps its payload.
    const legacy = await t.rest("GET", "/leaderboard");
    expect(Object.keys(legacy.body[0]).sort()).toEqual(["_id", "name", "originalRating", "originalSkillCoins"]);
  });

  it("tells a board on a screen what moved, with no token, at most one event a second for every subscriber of a view", async () => {
    const cat = "Technology & Gadgets";
    const a = await teacher(cat, 3, 1);
    const b = await teacher(cat, 2, 1);
    const c = await teacher(cat, 1, 1);
    const live = t.app.services.coins.leaderboard.changes;
    const view = { category: cat };
    const screens = [subscribe(t.wsClient(null), LIVE, { view }), subscribe(t.wsClient(null), LIVE, { view })];
    await eventually(() => live.watching(view) !== null, "the view is watched");
    await live.watching(view);
    // One shared watch for both screens, and for another view's screen one more.
    const other = subscribe(t.wsClient(null), LIVE, { view: { category: "Other", period: "MONTH" } });
    await eventually(() => live.watchedViews() === 2, "both views are watched");

    // c climbs to the top: c moves 3 -> 1, a 1 -> 2, b 2 -> 3.
    await t.app.services.deps.tx((em) => t.app.services.users.addRating(c.id, 5, em)); // (1 + 5) / 2 = 3, 2 ratings
    const events = await Promise.all(screens.map((s) => s.next()));
    expect(events[0]).toEqual(events[1]);
    const change = events[0].data.leaderboardChanged;
    expect(change).toMatchObject({ view: { category: cat, period: "ALL_TIME" }, watched: 100, left: [] });
    expect(change.moved.map((m: any) => [m.row.userId, m.previousRank, m.row.rank])).toEqual([
      [c.id, 3, 1],
      [a.id, 1, 2],
      [b.id, 2, 3],
    ]);

    // Three changes in a row: at most two events (one at once, the rest together a second later), ending in the last state.
    const coins = ledgerWrites(t.app.services);
    await coins.reward(a.id, 1, "Seed", `live-a-${target}`);
    await coins.reward(b.id, 2, "Seed", `live-b-${target}`);
    await coins.reward(c.id, 3, "Seed", `live-c-${target}`);
    const seen: any[] = [];
    const coinsOf = new Map<string, number>();
    while (!(coinsOf.get(a.id) === 1 && coinsOf.get(b.id) === 2 && coinsOf.get(c.id) === 3)) {
      const e = (await screens[0].next()).data.leaderboardChanged;
      seen.push(e);
      for (const m of e.moved) coinsOf.set(m.row.userId, m.row.skillCoins);
    }
    expect(seen.length).toBeLessThanOrEqual(2);
    // A change that moves nothing watched sends nothing: the other view's screen got no event at all.
    expect(other.received()).toEqual([]);

    // A screen that leaves stops its view's watch once no one else watches it.
    other.dispose();
    await eventually(() => live.watchedViews() === 1, "the other view is no longer watched");
  });

  it("refuses a wrong view on the subscription with a clear error", async () => {
    const sub = subscribe(t.wsClient(null), LIVE, { view: { category: "Cooking" } });
    const err = await sub.next().then(
      (r: any) => r.errors,
      (e: any) => e,
    );
    expect(JSON.stringify(err)).toMatch(/category must be one of/);
  });
});

describe("leaderboard live diff", () => {
  const row = (userId: string, rank: number, skillCoins = 0): LeaderboardViewRow => ({
    rank,
    userId,
    name: userId,
    rating: 0,
    ratingCount: 0,
    skillCoins,
    periodRating: null,
    periodRatingCount: null,
    periodLessons: null,
  });
  it("reports entries, changes and exits, and nothing for rows that kept place and values", () => {
    const before = new Map([row("a", 1), row("b", 2), row("c", 3)].map((r) => [r.userId, r]));
    const { moved, left } = diffTop(before, [row("a", 1), row("c", 2, 5), row("d", 3)]);
    expect(moved).toEqual([
      { row: row("c", 2, 5), previousRank: 3 },
      { row: row("d", 3), previousRank: null },
    ]);
    expect(left).toEqual([{ userId: "b", previousRank: 2 }]);
  });
});

describe("leaderboard live throttle", () => {
  afterEach(() => {
    vi.useRealTimers();
  });
  const row = (userId: string, rank: number, skillCoins: number): LeaderboardViewRow => ({
    rank,
    userId,
    name: userId,
    rating: 0,
    ratingCount: 0,
    skillCoins,
    periodRating: null,
    periodRatingCount: null,
    periodLessons: null,
  });

  it("reads a view at most once a second, once for all its subscribers: the first change at once, later ones together", async () => {
    vi.useFakeTimers({ toFake: ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const clock = new ManualClock(new Date("2031-01-01T00:00:00Z"));
    let coins = 0;
    const reads: string[] = [];
    const live = new LeaderboardLive({ clock, logger: { warn: () => {} } as never }, async (spec) => {
      reads.push(String(spec.category));
      return { view: resolveView(spec, clock.now()), rows: [row("a", 1, coins)] };
    });
    const view = { category: "Other" };
    const one = live.subscribe(view);
    const two = live.subscribe(view);
    await live.watching(view);
    expect(reads).toEqual(["Other"]);
    const events: any[] = [];
    const collect = (it: AsyncIterableIterator<any>) => void it.next().then((r) => events.push(r.value));

    collect(one);
    collect(two);
    coins = 1;
    live.changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(2);
    expect(events.map((e) => e.moved[0].row.skillCoins)).toEqual([1, 1]);

    // Three changes within the second: no read until the second is over, then one.
    collect(one);
    for (const c of [2, 3, 4]) {
      coins = c;
      live.changed();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(reads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(700);
    expect(reads).toHaveLength(3);
    expect(events.map((e) => e.moved[0].row.skillCoins)).toEqual([1, 1, 4]);

    // A change that moves nothing watched: read, no event.
    await vi.advanceTimersByTimeAsync(2000);
    collect(one);
    live.changed();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toHaveLength(4);
    expect(events).toHaveLength(3);
    await one.return!();
    await two.return!();
    expect(live.watchedViews()).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)("leaderboard live across two instances on Redis", () => {
  it("a change committed on one instance reaches a screen watching the other", async () => {
    const a = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! } });
    const b = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! }, shareDatabaseWith: a });
    try {
      const s = await filledStudent(a, { known: [{ category: "Fitness & Wellness", skill: "Yoga" }] });
      const view = { category: "Fitness & Wellness" };
      const screen = subscribe(b.wsClient(null), LIVE, { view });
      await eventually(() => b.app.services.coins.leaderboard.changes.watching(view) !== null, "b watches the view");
      await b.app.services.coins.leaderboard.changes.watching(view);
      await ledgerWrites(a.app.services).reward(s.id, 4, "Seed", "live-cross");
      const e = (await screen.next()).data.leaderboardChanged;
      expect(e.moved.find((m: any) => m.row.userId === s.id)?.row.skillCoins).toBe(4);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
