import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";
import { periodRange } from "../../../../common/leaderboard.js";
import { HOUR, MINUTE } from "../../shared/clock.js";
import { validateProfile } from "../profiles/profile.rules.js";
import type { LeaderboardViewQuery, LeaderboardViewRow } from "./leaderboard.service.js";
import { ledgerWrites } from "../../../test/ledger.js";

type Row = LeaderboardViewRow;

describe.each(dbTargets)("leaderboard views on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const board = () => t.app.services.coins.leaderboard;
  const view = (q: LeaderboardViewQuery) => board().view(q);
  const ids = (rows: Row[]) => rows.map((r) => r.userId);
  const ranks = (rows: Row[]) => rows.map((r) => [r.rank, r.userId]);

  /** A listed student who teaches one skill of `category`, with the all-time ranking values given. */
  const teacher = async (category: string, rating = 0, count = 0, name?: string) =>
    filledStudent(t, {
      name,
      known: [{ category, skill: `Skill of ${category}` }],
      required: ["Chess"],
      overrides: { ratingAvg: rating, ratingCount: count, ratingSum: Math.round(rating * count) },
    });

  /** Every row of a view, read page by page (`first` rows each) through the cursors. */
  const allPages = async (q: LeaderboardViewQuery, first: number) => {
    const rows: Row[] = [];
    let after: string | null = null;
    for (let i = 0; i < 1000; i++) {
      const page = await view({ ...q, first, after });
      rows.push(...page.rows);
      if (!page.hasNextPage) return rows;
      after = page.cursorOf(page.rows.at(-1)!);
    }
    throw new Error("pages never ended");
  };

  it("keeps the default view the spec's table: the same rows as today's top", async () => {
    await teacher("Other", 4.2, 3);
    const page = await view({ first: 5 });
    const top = await board().top(5);
    expect(page.rows.map(({ periodRating, periodRatingCount, periodLessons, ...r }) => r)).toEqual(top);
    expect(page.rows.every((r) => r.periodRating === null && r.periodLessons === null)).toBe(true);
    expect(page.view).toMatchObject({ category: null, period: "all_time", from: null, to: null });
  });

  it("ranks a category's teachers by rating, count, then coins; ties share a rank and list by userId; cursors page through", async () => {
    const cat = "Hobbies & Crafts";
    const top = await teacher(cat, 4.9, 3, "Crafty Top");
    const tiedA = await teacher(cat, 4.5, 2);
    const tiedB = await teacher(cat, 4.5, 2);
    const fourth = await teacher(cat, 4.5, 1);
    const noRating = await teacher(cat);
    // Better rated, but teaches something else: not in this view.
    const outsider = await teacher("Fitness & Wellness", 5, 9);
    // Teaches the category but nobody may see them (address not verified).
    await filledStudent(t, { known: [{ category: cat, skill: "Knitting" }], overrides: { visible: false, ratingAvg: 5, ratingCount: 5 } });

    const page = await view({ category: cat });
    const tied = [tiedA.id, tiedB.id].sort();
    expect(ranks(page.rows)).toEqual([
      [1, top.id],
      [2, tied[0]],
      [2, tied[1]],
      [4, fourth.id],
      [5, noRating.id],
    ]);
    expect(page.rows[0]).toMatchObject({ name: "Crafty Top", rating: 4.9, ratingCount: 3, skillCoins: 0, periodRating: null });
    expect(ids(page.rows)).not.toContain(outsider.id);
    expect(page.hasNextPage).toBe(false);

    // Coins break a tie of rating and count.
    await ledgerWrites(t.app.services).reward(tied[1], 2, "Seed", `lbv-coins-${target}`);
    const after = await view({ category: cat });
    expect(ranks(after.rows).slice(1, 3)).toEqual([
      [2, tied[1]],
      [3, tied[0]],
    ]);

    // Pages of 2 through the cursors give the same list as one page.
    expect(ids(await allPages({ category: cat }, 2))).toEqual(ids(after.rows));

    // A cursor stays valid while rows move: it names a position (keys, then userId), not an offset.
    const first2 = await view({ category: cat, first: 2 });
    const cursor = first2.cursorOf(first2.rows[1]);
    await t.app.services.deps.tx((em) => t.app.services.users.addRating(top.id, 1, em)); // Top drops below the cursor
    const next = await view({ category: cat, first: 10, after: cursor });
    expect(ids(next.rows)).toEqual([tied[0], fourth.id, top.id, noRating.id]);
    expect(next.hasPreviousPage).toBe(true);

    // A cursor of another view is refused clearly.
    await expect(view({ category: "Other", after: cursor })).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
      message: expect.stringMatching(/another leaderboard view/),
    });
    await expect(view({ category: cat, after: "garbage" })).rejects.toMatchObject({ code: "BAD_USER_INPUT", message: "Invalid cursor" });
    await expect(view({ category: "Knitting" })).rejects.toMatchObject({ code: "BAD_USER_INPUT", extensions: { field: "category" } });
  });

  it("places a student with the students around them, in any view; a student not ranked gets a reason", async () => {
    const cat = "Personal Development";
    const students = [];
    for (let i = 0; i < 14; i++) students.push(await teacher(cat, 1 + i * 0.25, 1));
    // Best first: students[13] ... students[0].
    const order = students.map((s) => s.id).reverse();
    const mid = await view({ category: cat, around: order[7] });
    expect(ids(mid.rows)).toEqual(order.slice(2, 13));
    expect(mid.around).toEqual({ userId: order[7], rank: 8, reason: null, message: null });
    expect(mid.hasPreviousPage).toBe(true);
    expect(mid.hasNextPage).toBe(true);
    // Near the top the window moves down; `first` sizes it.
    expect(ids((await view({ category: cat, around: order[1] })).rows)).toEqual(order.slice(0, 11));
    expect(ids((await view({ category: cat, around: order[13], first: 3 })).rows)).toEqual(order.slice(11, 14));
    // Reading on from the window's last row continues the same view.
    const next = await view({ category: cat, after: mid.cursorOf(mid.rows.at(-1)!) });
    expect(ids(next.rows)).toEqual(order.slice(13));

    const elsewhere = await teacher("Languages & Linguistics", 3, 1);
    const notIn = await view({ category: cat, around: elsewhere.id });
    expect(notIn.rows).toEqual([]);
    expect(notIn.around).toMatchObject({ userId: elsewhere.id, rank: null, reason: "NOT_IN_VIEW" });
    expect((await view({ around: "no-such-student" })).around).toMatchObject({ rank: null, reason: "NOT_LISTED" });
    // In the all-time view everyone listed has a place.
    expect((await view({ around: elsewhere.id })).around?.rank).toBeGreaterThan(0);
    await expect(view({ around: order[0], after: mid.cursorOf(mid.rows[0]) })).rejects.toMatchObject({ code: "BAD_USER_INPUT" });
  });

  it("shows a profile edit that starts teaching a category at the next read", async () => {
    const cat = "Business & Entrepreneurship";
    const s = await teacher("Other", 2, 1);
    expect(ids((await view({ category: cat })).rows)).not.toContain(s.id);
    const profile = validateProfile({
      gender: "Female",
      languages: ["English"],
      skillsKnown: [{ category: cat, skill: "Pitching" }],
      skillsRequired: [{ category: "Other", skill: "Chess" }],
      amount: 5,
      days: 3,
    });
    const image = await t.app.services.deps.storage.putImage(s.id, Buffer.from([1]), { ext: "png", mime: "image/png" });
    await t.app.services.deps.tx((em) => t.app.services.profiles.writeProfile(em, s.id, profile, image));
    expect(ids((await view({ category: cat })).rows)).toContain(s.id);
  });

  it("ranks a period by the ratings received and lessons held in it: numbers equal a recount from the chat and lesson rows", async () => {
    const s = t.app.services;
    const cat = "Academics & Education";
    // Wednesday 12 March 2031, 10:00 UTC: the ISO week began Monday 10 March, the month on the 1st.
    const wednesday = new Date("2031-03-12T10:00:00.000Z");
    const at = (iso: string) => t.clock.set(new Date(iso));
    at("2031-02-20T09:00:00.000Z");
    const people = [];
    for (let i = 0; i < 6; i++) people.push(await teacher(i < 4 ? cat : "Other", 4, 1, `Period ${i} ${target}`));
    const [p0, p1, p2, p3, p4, p5] = people;
    const pair = async (a: { id: string }, b: { id: string }) =>
      s.deps.tx((em) =>
        s.chatOpen.open(
          {
            kind: "swap",
            requesterId: a.id,
            receiverId: b.id,
            requesterLearns: { skill: "Skill", category: cat },
            receiverLearns: { skill: "Chess", category: "Other" },
            coins: 0,
            escrowRef: null,
            title: null,
          },
          em,
        ),
      );
    await pair(p0, p1);
    await pair(p2, p3);
    await pair(p4, p5);
    await pair(p0, p3);
    await pair(p1, p2);

    // Last month: p1 rated 5 by p0 (not in March).
    at("2031-02-26T12:00:00.000Z");
    await s.chat.lifecycle.rate(p0.id, p1.id, 5);
    // Earlier this month, before this week: p3 rated 2 by p2.
    at("2031-03-04T12:00:00.000Z");
    await s.chat.lifecycle.rate(p2.id, p3.id, 2);
    // This week: p1 rated 4 by p2 (their second chat), p0 rated 3 by p1, p3 rated 4 by p0, p5 rated 5 by p4 (another category).
    at("2031-03-11T08:00:00.000Z");
    await s.chat.lifecycle.rate(p2.id, p1.id, 4);
    await s.chat.lifecycle.rate(p1.id, p0.id, 3);
    await s.chat.lifecycle.rate(p0.id, p3.id, 4);
    await s.chat.lifecycle.rate(p4.id, p5.id, 5);
    // Lessons: p2 and p3 hold one this week and cancel another; p0 and p3 plan one that ends after now.
    const lesson = async (a: { id: string }, b: { id: string }, startsAt: Date) => {
      const l = await s.lessons.propose(a.id, b.id, {
        slots: [{ startsAt: startsAt.toISOString(), durationMinutes: 60 }],
        timezone: "UTC",
      });
      return s.lessons.accept(b.id, l.id, l.slots[0].id);
    };
    await lesson(p2, p3, new Date("2031-03-11T09:00:00.000Z"));
    const cancelled = await lesson(p2, p3, new Date("2031-03-11T12:00:00.000Z"));
    await s.lessons.cancel(p2.id, cancelled.id);
    await lesson(p0, p3, new Date("2031-03-12T11:00:00.000Z"));
    t.clock.set(wednesday);

    const week = await view({ period: "week" });
    expect(week.view).toMatchObject({
      period: "week",
      from: new Date("2031-03-10T00:00:00.000Z"),
      to: new Date("2031-03-17T00:00:00.000Z"),
    });
    const month = await view({ period: "month" });
    expect(month.view).toMatchObject({ from: new Date("2031-03-01T00:00:00.000Z"), to: new Date("2031-04-01T00:00:00.000Z") });

    const recount = async (period: "week" | "month") => {
      const { from, to } = periodRange(period, wednesday)!;
      const now = wednesday.getTime();
      const inPeriod = (d: unknown) => {
        if (d === null || d === undefined) return false;
        const ms = (d instanceof Date ? d : new Date(`${String(d).replace(" ", "T")}${String(d).endsWith("Z") ? "" : "Z"}`)).getTime();
        return ms >= from.getTime() && ms < to.getTime();
      };
      const counts = new Map<string, { stars: number; ratings: number; lessons: number }>();
      const of = (id: string) => counts.get(id) ?? counts.set(id, { stars: 0, ratings: 0, lessons: 0 }).get(id)!;
      const chats: Array<Record<string, unknown>> = await t.dataSource.query(
        "SELECT requesterId, receiverId, requesterStars, receiverStars, requesterRatedAt, receiverRatedAt FROM chats",
      );
      for (const c of chats) {
        if (inPeriod(c.requesterRatedAt)) {
          of(String(c.receiverId)).stars += Number(c.requesterStars);
          of(String(c.receiverId)).ratings++;
        }
        if (inPeriod(c.receiverRatedAt)) {
          of(String(c.requesterId)).stars += Number(c.receiverStars);
          of(String(c.requesterId)).ratings++;
        }
      }
      const lessons: Array<Record<string, unknown>> = await t.dataSource.query("SELECT proposerId, partnerId, status, endsAt FROM lessons");
      for (const l of lessons) {
        if (l.status !== "scheduled" || !inPeriod(l.endsAt)) continue;
        const ends = l.endsAt instanceof Date ? l.endsAt : new Date(`${String(l.endsAt).replace(" ", "T")}Z`);
        if (ends.getTime() > now) continue;
        of(String(l.proposerId)).lessons++;
        of(String(l.partnerId)).lessons++;
      }
      return counts;
    };

    for (const [period, page] of [
      ["week", week],
      ["month", month],
    ] as const) {
      const counts = await recount(period);
      // Every student with a rating or a lesson in the period, and nobody else.
      expect(ids(page.rows).sort()).toEqual([...counts.keys()].sort());
      for (const row of page.rows) {
        const c = counts.get(row.userId)!;
        expect(row).toMatchObject({
          periodRatingCount: c.ratings,
          periodLessons: c.lessons,
          periodRating: c.ratings ? c.stars / c.ratings : 0,
        });
      }
      // Ordered by period average, then count, then lessons (then userId); ranks 1, 2, 2, 4.
      const sorted = [...page.rows].sort(
        (a, b) =>
          b.periodRating! - a.periodRating! ||
          b.periodRatingCount! - a.periodRatingCount! ||
          b.periodLessons! - a.periodLessons! ||
          (a.userId < b.userId ? -1 : 1),
      );
      expect(ids(page.rows)).toEqual(ids(sorted));
    }
    // This week: p5 5 (1), then p1 and p3 4 (1 each) — p3 also held a lesson, so p3 first — then p0 3 (1), then p2 (a lesson only).
    expect(ranks(week.rows)).toEqual([
      [1, p5.id],
      [2, p3.id],
      [3, p1.id],
      [4, p0.id],
      [5, p2.id],
    ]);
    expect(week.rows[1]).toMatchObject({ periodRating: 4, periodRatingCount: 1, periodLessons: 1, rating: expect.any(Number) });
    // p3's month: 2 and 4 = 3 from two ratings.
    expect(month.rows.find((r) => r.userId === p3.id)).toMatchObject({ periodRating: 3, periodRatingCount: 2, periodLessons: 1 });
    expect(ids(month.rows)).not.toContain(p4.id);

    // Category and period combine: p4 and p5 teach "Other".
    const both = await view({ period: "week", category: cat });
    expect(ids(both.rows)).toEqual([p3.id, p1.id, p0.id, p2.id]);
    expect(both.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);

    // The lesson ending after now counts once it has ended (the period's numbers are read at most 30 s apart).
    t.clock.advance(2 * HOUR);
    const later = await view({ period: "week", category: cat, around: p0.id, first: 1 });
    expect(later.rows[0]).toMatchObject({ userId: p0.id, periodLessons: 1 });
    t.clock.advance(MINUTE);
  });
});
