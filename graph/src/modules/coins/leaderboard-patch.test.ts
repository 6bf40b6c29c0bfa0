import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { captureStatements, filledStudent } from "../../../test/profiles.js";
import { CATEGORIES } from "../../../../common/profiles.js";
import { User } from "../accounts/user.entity.js";
import { validateProfile } from "../profiles/profile.rules.js";
import { type BoardEntry, type LeaderboardViewSpec, patchBoard, positionOf, rankBoard, resolveView } from "./leaderboard-board.js";
import { allTimeEntry, LeaderboardService, type LeaderboardSources } from "./leaderboard.service.js";
import { ledgerWrites } from "../../../test/ledger.js";

/** A small seeded generator (mulberry32): a failure names its seed and replays. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] };
}

const ALL_TIME_SPECS: LeaderboardViewSpec[] = [{}, ...CATEGORIES.map((category) => ({ category }))];
/**
 * What a patch must not run again: the full walk of every student, a category's teachers, and a
 * period's ratings and lessons of everyone (a patch reads only the named students' own).
 */
const REBUILD_READS = [
  /WHERE u\.visible = 1 ORDER BY/,
  /f\.kind = 'g' AND f\.term = /,
  /FROM chats c\s+WHERE c\.requesterRatedAt >= /,
  /FROM lessons l WHERE l\.status = 'scheduled'/,
];

describe("patchBoard", () => {
  it("gives what rankBoard gives for the same rows: order, ranks, positions, version", () => {
    const seed = Number(process.env.LB_PATCH_SEED ?? Date.now() % 100_000);
    const rnd = random(seed);
    const view = resolveView({}, new Date(0));
    let next = 0;
    // Few distinct keys: long ties, rows moving across them.
    const row = (userId = `u${String(next++).padStart(5, "0")}`): BoardEntry =>
      allTimeEntry({ id: userId, ratingAvg: rnd.int(4), ratingCount: rnd.int(3), skillCoins: rnd.int(4) });
    let board = rankBoard(
      view,
      Array.from({ length: 1 + rnd.int(300) }, () => row()),
      null,
      new Date(0),
    );
    for (let step = 0; step < 300; step++) {
      const current = board.entries.map((e) => e.userId);
      const ids = new Set<string>();
      const k = 1 + rnd.int(rnd.next() < 0.8 ? 3 : 40);
      for (let i = 0; i < k; i++) ids.add(rnd.next() < 0.8 && current.length ? rnd.pick(current) : `u${String(next++).padStart(5, "0")}`);
      // Each named student: moved, gone (40% of the time), or new.
      const added = [...ids].filter(() => rnd.next() < 0.6).map((id) => row(id));
      const expected = rankBoard(
        view,
        [...board.entries.filter((e) => !ids.has(e.userId)), ...added].map((e) => ({ ...e, rank: 0 })),
        null,
        new Date(0),
      );
      board = patchBoard(board, ids, added, new Date(0));
      const what = `seed ${seed}, step ${step}`;
      expect(
        board.entries.map((e) => ({ ...e })),
        what,
      ).toEqual(expected.entries);
      expect(
        board.entries.map((e) => positionOf(board, e.userId)),
        what,
      ).toEqual(board.entries.map((_, i) => i));
      expect([...board.index.keys()].sort(), what).toEqual([...expected.index.keys()].sort());
      expect(
        board.entries.every((e) => board.index.get(e.userId) === e),
        what,
      ).toBe(true);
      expect(board.version, what).toBe(expected.version);
    }
  });
});

describe.each(dbTargets)("leaderboard patches on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const s = () => t.app.services;
  const sources = (): LeaderboardSources => ({
    teachersOf: (category) => s().profiles.teachersOf(category),
    ratingsReceived: (from, to, ids) => s().chat.lifecycle.ratingsReceivedBetween(from, to, ids),
    lessonsHeld: (from, to, now, ids) => s().lessons.reads.heldBetween(from, to, now, ids),
    categoriesTaughtBy: (ids) => s().profiles.categoriesTaughtBy(ids),
  });
  /** An instance that caches (and so patches) once its subscription is live. */
  const liveInstance = async (src: LeaderboardSources) => {
    const lb = new LeaderboardService(s().deps, s().users, src);
    await eventually(async () => {
      await lb.top();
      return (lb as unknown as { live: boolean }).live;
    }, "leaderboard subscription live");
    return lb;
  };
  /**
   * A full rebuild: an instance that stopped listening before it went live never caches, so every
   * read is built from the database.
   */
  const fresh = async () => {
    const lb = new LeaderboardService(s().deps, s().users, sources());
    await lb.close();
    return lb;
  };

  /** Everything a view shows, from its board (every row, ranks, order, version) and its first page (names). */
  const read = async (lb: LeaderboardService, spec: LeaderboardViewSpec) => {
    const board = await lb.board(resolveView(spec, s().deps.clock.now()));
    board.entries.forEach((e, i) => expect(positionOf(board, e.userId)).toBe(i));
    expect(board.index.size).toBe(board.entries.length);
    const { version } = board;
    const entries = board.entries.map((e) => ({ ...e }));
    const page = await lb.view({ ...spec, first: 100 });
    return { entries, version, rows: page.rows, pageVersion: page.version };
  };

  const profileOf = (categories: readonly string[]) =>
    validateProfile({
      gender: "Female",
      languages: ["English"],
      skillsKnown: categories.length
        ? categories.map((category, i) => ({ category, skill: `Skill ${i} of ${category}` }))
        : [{ category: "Other", skill: "Java" }],
      skillsRequired: [{ category: "Other", skill: "Chess" }],
      amount: 5,
      days: 3,
    });

  it("after each random change naming its students, every view (all time, category, period) equals a full rebuild", async () => {
    const seed = Number(process.env.LB_PATCH_SEED ?? Date.now() % 100_000);
    const rnd = random(seed);
    const cats = CATEGORIES.slice(0, 4);
    const specs: LeaderboardViewSpec[] = [
      ...ALL_TIME_SPECS,
      { period: "week" },
      { period: "month" },
      ...cats.slice(0, 2).flatMap((category) => [
        { category, period: "week" as const },
        { category, period: "month" as const },
      ]),
    ];
    const students: string[] = [];
    for (let i = 0; i < 24; i++) {
      const rating = rnd.pick([0, 3, 4, 4.5, 5]);
      const count = rating ? 1 + rnd.int(3) : 0;
      const known = [{ category: rnd.pick(cats), skill: `Seed skill ${i}` }];
      const st = await filledStudent(t, {
        known,
        required: ["Chess"],
        overrides: { ratingAvg: rating, ratingCount: count, ratingSum: rating * count },
      });
      students.push(st.id);
    }
    // Chats between neighbours (ratings in the period are given in them) and lessons held in some.
    const chats: Array<[string, string]> = [];
    for (let i = 0; i + 1 < students.length; i += 1 + rnd.int(2)) {
      const [a, b] = [students[i], students[i + 1]];
      await s().deps.tx((em) =>
        s().chatOpen.open(
          {
            kind: "swap",
            requesterId: a,
            receiverId: b,
            requesterLearns: { skill: "Skill", category: cats[0] },
            receiverLearns: { skill: "Chess", category: "Other" },
            coins: 0,
            escrowRef: null,
            title: null,
          },
          em,
        ),
      );
      chats.push([a, b]);
    }
    const startsAt = new Date(s().deps.clock.now().getTime() + 3_600_000);
    for (const [a, b] of chats.filter(() => rnd.next() < 0.5)) {
      const lesson = await s().lessons.propose(a, b, {
        slots: [{ startsAt: startsAt.toISOString(), durationMinutes: 30 }],
        timezone: "UTC",
      });
      await s().lessons.accept(b, lesson.id, lesson.slots[0].id);
    }
    // The lessons have ended (same week and month: the harness clock starts on a Monday morning).
    t.clock.advance(2 * 3_600_000);
    /** Ratings not yet given: [rater, rated]. */
    const unrated = chats.flatMap(([a, b]): Array<[string, string]> => [
      [a, b],
      [b, a],
    ]);
    const lb = s().coins.leaderboard;
    const rebuilt = await fresh();
    const check = async (what: string) => {
      // Read from the patched boards: no walk of every student, no category's teachers read again.
      const captured = await captureStatements(t, async () => {
        for (const spec of specs) await lb.board(resolveView(spec, s().deps.clock.now()));
      });
      const rebuilds = captured.filter((c) => REBUILD_READS.some((re) => re.test(c.sql)));
      expect(rebuilds, `seed ${seed}, ${what}: rebuilt instead of patched`).toEqual([]);
      for (const spec of specs) {
        expect(await read(lb, spec), `seed ${seed}, ${what}, view ${JSON.stringify(spec)}`).toEqual(await read(rebuilt, spec));
      }
    };
    // Every view cached once the subscription is live.
    await eventually(async () => {
      await lb.top();
      return (lb as unknown as { live: boolean }).live;
    }, "leaderboard subscription live");
    for (const spec of specs) await lb.board(resolveView(spec, s().deps.clock.now()));
    // A period's board holds the students with a lesson held in it.
    expect((await lb.board(resolveView({ period: "week" }, s().deps.clock.now()))).entries.some((e) => e.periodLessons)).toBe(true);

    const suspended = new Set<string>();
    const done: string[] = [];
    let last: string | null = null;
    for (let step = 0; step < 40; step++) {
      // Often the student of the last change again: changes to one student pile up before a read.
      const who: string = last && rnd.next() < 0.5 ? last : rnd.pick(students);
      last = who;
      const kind = rnd.int(6);
      let what: string;
      if (kind === 0) {
        const coins = 1 + rnd.int(3);
        await ledgerWrites(s()).reward(who, coins, "Seed", `lbp-${target}-${step}`);
        what = `reward ${coins} to ${who}`;
      } else if (kind === 1) {
        const to = rnd.pick(students.filter((id) => id !== who));
        const ref = `lbp-hold-${target}-${step}`;
        await ledgerWrites(s()).reward(who, 2, "Seed", `lbp-${target}-${step}`);
        await ledgerWrites(s()).hold({ learnerId: who, teacherId: to, refKey: ref, coins: 1 + rnd.int(2) });
        await ledgerWrites(s()).release(ref);
        what = `transfer from ${who} to ${to}`;
      } else if (kind === 2) {
        const stars = 1 + rnd.int(5);
        await s().deps.tx((em) => s().users.addRating(who, stars, em));
        what = `rating ${stars} for ${who}`;
      } else if (kind === 3) {
        const now = s().deps.clock.now();
        if (suspended.has(who)) {
          await s().deps.tx((em) => s().standing.lift(em, who));
          suspended.delete(who);
          what = `lift ${who}`;
        } else {
          await s().deps.tx((em) => s().standing.suspend(em, who, new Date(now.getTime() + 86_400_000), "test"));
          suspended.add(who);
          what = `suspend ${who}`;
        }
      } else if (kind === 4 && unrated.length) {
        // A rating given in a chat: the rated student's average, and their facts in this week and month.
        const theirs = unrated.findIndex(([, rated]) => rated === who);
        const [rater, rated] = unrated.splice(theirs >= 0 ? theirs : rnd.int(unrated.length), 1)[0];
        const stars = 1 + rnd.int(5);
        await s().chat.lifecycle.rate(rater, rated, stars);
        what = `${rater} rates ${rated} ${stars} in their chat`;
      } else {
        const taught = cats.filter(() => rnd.next() < 0.4);
        await s().deps.tx((em) => s().profiles.writeProfile(em, who, profileOf(taught), null));
        what = `${who} teaches ${taught.join(", ") || "nothing of these"}`;
      }
      // Some changes pile up before the next read: a read applies them merged.
      done.push(what);
      if (rnd.next() < 0.6 || step === 39) await check(done.splice(0).join("; "));
    }
  });

  it("patches on another instance's event naming students, and rebuilds on one naming none (as events did before)", async () => {
    const cat = CATEGORIES[7];
    const [a, b] = await Promise.all([0, 1].map((i) => filledStudent(t, { known: [{ category: cat, skill: `Event ${i}` }] })));
    const lb = s().coins.leaderboard;
    const view = resolveView({ category: cat }, s().deps.clock.now());
    const rebuildsDuring = async (work: () => Promise<unknown>) =>
      (await captureStatements(t, work)).filter((c) => REBUILD_READS.some((re) => re.test(c.sql))).length;
    await eventually(async () => {
      await lb.top();
      return (lb as unknown as { live: boolean }).live;
    }, "leaderboard subscription live");
    await lb.board(view);

    // Another instance's change: written there (here, behind the service's back) and announced with its student.
    const users = s().deps.dataSource.getRepository(User);
    await users.update({ id: a.id }, { ratingAvg: 5, ratingSum: 5, ratingCount: 1 });
    const other = await fresh();
    const patchedBoard = async () => (await lb.board(view)).entries.find((e) => e.userId === a.id)?.ratingCount === 1;
    s().deps.pubsub.publish("LEADERBOARD_CHANGED", { at: "x", userIds: [a.id], from: "other" });
    expect(await rebuildsDuring(() => eventually(patchedBoard, "patched from the event"))).toBe(0);
    expect((await lb.board(view)).entries).toEqual((await other.board(view)).entries);

    // An event naming no students (an older instance's): everything is read again.
    await users.update({ id: b.id }, { ratingAvg: 4, ratingSum: 4, ratingCount: 1 });
    s().deps.pubsub.publish("LEADERBOARD_CHANGED", { at: "x" });
    const rebuilt = async () => (await lb.board(view)).entries.find((e) => e.userId === b.id)?.ratingCount === 1;
    expect(await rebuildsDuring(() => eventually(rebuilt, "rebuilt after the event"))).toBeGreaterThan(0);
    expect((await lb.board(view)).version).toBe((await other.board(view)).version);
  });

  it("applies a change that commits while a board is being built to the board once built", async () => {
    const cat = CATEGORIES[5];
    const others = await Promise.all([0, 1, 2].map((i) => filledStudent(t, { known: [{ category: cat, skill: `Gate ${i}` }] })));
    const newcomer = await filledStudent(t, { known: [{ category: CATEGORIES[6], skill: "Elsewhere" }] });
    // The category's teachers are read at once, but handed over only when the test says so.
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    let readDone!: () => void;
    const teachersRead = new Promise<void>((r) => (readDone = r));
    let gated = false;
    const src = sources();
    const lb = await liveInstance({
      ...src,
      teachersOf: async (category) => {
        const found = await src.teachersOf(category);
        if (gated) {
          readDone();
          await gate;
        }
        return found;
      },
    });
    const view = resolveView({ category: cat }, s().deps.clock.now());
    gated = true;
    const building = lb.board(view);
    // The build has read the teachers (without the newcomer) and waits at the gate; the change commits meanwhile.
    await teachersRead;
    await s().deps.tx(async (em) => {
      await s().profiles.writeProfile(em, newcomer.id, profileOf([cat]), null);
      lb.changed(em, [newcomer.id]);
    });
    await ledgerWrites(s()).reward(newcomer.id, 3, "Seed", `lbp-gate-${target}`);
    lb.changedOutside([newcomer.id]);
    open();
    // A read that began before the change may answer as of before it...
    const before = await building;
    // (Taken before the next read: a patch renumbers a board's rows in place.)
    expect(before.entries.map((e) => e.userId)).not.toContain(newcomer.id);
    // ...but the next one has it, as a rebuild does.
    const after = await lb.board(view);
    expect(after.entries.map((e) => e.userId)).toContain(newcomer.id);
    const rebuilt = await (await fresh()).board(view);
    expect(after.entries).toEqual(rebuilt.entries);
    expect(after.version).toBe(rebuilt.version);
    expect(others.every((o) => after.index.has(o.id))).toBe(true);
    await lb.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)("leaderboard patches across two instances on Redis", () => {
  it("a change committed on one instance patches the other's cached boards", async () => {
    const a = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! } });
    const b = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! }, shareDatabaseWith: a });
    try {
      const cat = CATEGORIES[8];
      const u = await filledStudent(a, { known: [{ category: cat, skill: "Across" }] });
      const lbB = b.app.services.coins.leaderboard;
      const view = resolveView({ category: cat }, b.app.services.deps.clock.now());
      await eventually(async () => {
        await lbB.top();
        return (lbB as unknown as { live: boolean }).live && (await lbB.board(view)).index.has(u.id);
      }, "instance b caches the view with the student");
      const captured = await captureStatements(b, async () => {
        await ledgerWrites(a.app.services).reward(u.id, 9, "Seed", "lbp-cross");
        await eventually(async () => {
          const board = await lbB.board(view);
          return board.index.get(u.id)?.skillCoins === 9;
        }, "instance b sees the reward");
      });
      // Patched: b read the student's row, not every student again.
      expect(captured.filter((c) => REBUILD_READS.some((re) => re.test(c.sql)))).toEqual([]);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
