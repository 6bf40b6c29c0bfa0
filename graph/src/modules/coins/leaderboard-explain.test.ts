/**
 * The statements a leaderboard view runs when it builds its board, EXPLAINed on the database itself
 * with enough rows for MariaDB's planner to choose as in production: each reads only its index (the
 * users walk in index order, no sort), none scans a table.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { captureStatements, filledStudent } from "../../../test/profiles.js";
import { DAY, HOUR } from "../../shared/clock.js";
import { newId } from "../../shared/ids.js";
import { User } from "../accounts/user.entity.js";
import { Chat } from "../chat/chat.entity.js";
import { Lesson } from "../lessons/lesson.entity.js";

describe.each(dbTargets)("leaderboard view statements on %s read indexes only", (target) => {
  let t: TestApp;
  /** Students a patch names. */
  let named: string[] = [];
  beforeAll(async () => {
    t = await startTestApp(target);
    for (let i = 0; i < 5; i++) await filledStudent(t, { known: [{ category: "Other", skill: `Skill ${i}` }] });
    const now = t.clock.now();
    const n = 3000;
    const users = Array.from({ length: n }, (_, i) => ({
      id: newId(),
      name: `Bulk ${i}`,
      nameKey: `bulk ${i}`,
      email: `bulk${i}@psgtech.ac.in`,
      passwordHash: "x",
      ratingAvg: (i % 50) / 10,
      ratingCount: i % 7,
      createdAt: now,
      visible: i % 10 !== 0,
    }));
    const chunks = async <T extends object>(entity: new () => T, rows: object[]) => {
      for (let i = 0; i < rows.length; i += 400) await t.dataSource.getRepository(entity).insert(rows.slice(i, i + 400) as never);
    };
    await chunks(User, users);
    named = users.slice(5, 9).map((u) => u.id);
    // Chats rated over the last 200 days, and lessons held (or cancelled) over them: a week is a small part.
    const ago = (i: number) => new Date(now.getTime() - (i % 200) * DAY - HOUR);
    await chunks(
      Chat,
      users.slice(1).map((u, i) => ({
        id: newId(),
        userLowId: users[i].id < u.id ? users[i].id : u.id,
        userHighId: users[i].id < u.id ? u.id : users[i].id,
        kind: "swap",
        requesterId: users[i].id,
        receiverId: u.id,
        status: "in_progress",
        startDate: ago(i),
        lastActivityAt: ago(i),
        requesterRated: true,
        requesterStars: 1 + (i % 5),
        requesterRatedAt: ago(i),
        receiverRated: i % 2 === 0,
        receiverStars: i % 2 === 0 ? 3 : null,
        receiverRatedAt: i % 2 === 0 ? ago(i + 3) : null,
      })),
    );
    await chunks(
      Lesson,
      users.slice(1).map((u, i) => ({
        id: newId(),
        chatId: newId(),
        proposerId: users[i].id,
        partnerId: u.id,
        timezone: "UTC",
        status: i % 4 === 0 ? "cancelled" : i % 4 === 1 ? "proposed" : "scheduled",
        startsAt: i % 4 === 1 ? null : ago(i),
        durationMinutes: 60,
        endsAt: i % 4 === 1 ? null : new Date(ago(i).getTime() + HOUR),
        createdAt: ago(i + 10),
      })),
    );
    if (target === "mysql") await t.dataSource.query("ANALYZE TABLE users, chats, lessons, feed_entries");
    else await t.dataSource.query("ANALYZE");
  });
  afterAll(async () => {
    await t?.close();
  });

  type Statement = { sql: string; params: unknown[] };
  /** SQLite's plan of a captured statement, one detail line per step. */
  const sqlitePlan = async (s: Statement) =>
    ((await t.dataSource.query(`EXPLAIN QUERY PLAN ${s.sql}`, s.params)) as Array<{ detail: string }>).map((r) => r.detail);
  /** MariaDB's plan of a captured statement, one row per table read (a UNION's own result rows too). */
  const mysqlPlan = async (s: Statement) =>
    (await t.dataSource.query(`EXPLAIN ${s.sql}`, s.params)) as Array<{
      table: string | null;
      type: string | null;
      key: string | null;
      Extra: string | null;
    }>;

  it("reads the users index in order, and the ratings, lessons and teachers of a view through their indexes", async () => {
    const board = t.app.services.coins.leaderboard;
    board.changedOutside();
    const statements = await captureStatements(t, async () => {
      await board.view({ period: "week", category: "Other" });
      await board.view({ period: "month", around: "someone" });
    });
    const selects = statements.filter((s) => /^\s*SELECT/i.test(s.sql));
    const find = (re: RegExp) => {
      const s = selects.find((x) => re.test(x.sql));
      expect(s, `a statement matching ${re}`).toBeDefined();
      return s!;
    };
    const ranked = find(/FROM users u\s+WHERE u\.visible = 1 ORDER BY/);
    const ratings = find(/FROM chats c/);
    const lessons = find(/FROM lessons l/);
    const teachers = find(/FROM feed_entries f/);

    if (target === "sqlite") {
      const plan = sqlitePlan;
      expect((await plan(ranked)).join(" | ")).toMatch(/idx_users_leaderboard/);
      expect((await plan(ranked)).join(" | ")).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
      const ratingPlan = (await plan(ratings)).join(" | ");
      expect(ratingPlan).toMatch(/COVERING INDEX idx_chats_requester_rated/);
      expect(ratingPlan).toMatch(/COVERING INDEX idx_chats_receiver_rated/);
      expect((await plan(lessons)).join(" | ")).toMatch(/COVERING INDEX idx_lessons_held/);
      expect((await plan(teachers)).join(" | ")).toMatch(/COVERING INDEX idx_feed_entries_(walk|changes)/);
      for (const s of [ratings, lessons, teachers]) for (const d of await plan(s)) expect(d).not.toMatch(/^SCAN (?!.*INDEX)/);
    } else {
      const plan = mysqlPlan;
      const [users] = await plan(ranked);
      expect(users.key).toBe("idx_users_leaderboard");
      expect(users.Extra ?? "").toMatch(/Using index/);
      expect(users.Extra ?? "").not.toMatch(/filesort/i);
      const keysOf = async (s: { sql: string; params: unknown[] }) =>
        (await plan(s)).filter((r) => !/^<union/.test(r.table ?? "")).map((r) => [r.key, r.type, r.Extra ?? ""] as const);
      for (const [key, type, extra] of await keysOf(ratings)) {
        expect(key).toMatch(/^idx_chats_(requester|receiver)_rated$/);
        expect(type).not.toBe("ALL");
        expect(extra).toMatch(/Using index/);
      }
      for (const [key, type, extra] of await keysOf(lessons)) {
        expect(key).toBe("idx_lessons_held");
        expect(type).not.toBe("ALL");
        expect(extra).toMatch(/Using index/);
      }
      for (const [key, type] of await keysOf(teachers)) {
        // Either covering index that starts with (kind, term, term2): one range of the category's stream.
        expect(key).toMatch(/^idx_feed_entries_(walk|changes)$/);
        expect(type).not.toBe("ALL");
      }
    }
  });

  it("re-reads only the named students' period ratings and lessons, through their own chats' and lessons' indexes", async () => {
    const s = t.app.services;
    const to = t.clock.now();
    const from = new Date(to.getTime() - 30 * DAY);
    const byUser = <T extends { userId: string }>(rows: readonly T[]) => [...rows].sort((a, b) => (a.userId < b.userId ? -1 : 1));
    const statements = await captureStatements(t, async () => {
      // The same numbers as the whole period's read, for those students only.
      const ratingsOf = await s.chat.lifecycle.ratingsReceivedBetween(from, to, named);
      expect(ratingsOf.length).toBeGreaterThan(1);
      expect(byUser(ratingsOf)).toEqual(
        byUser((await s.chat.lifecycle.ratingsReceivedBetween(from, to)).filter((r) => named.includes(r.userId))),
      );
      const lessonsOf = await s.lessons.reads.heldBetween(from, to, to, named);
      expect(lessonsOf.length).toBeGreaterThan(1);
      expect(byUser(lessonsOf)).toEqual(byUser((await s.lessons.reads.heldBetween(from, to, to)).filter((r) => named.includes(r.userId))));
    });
    const [ratings, lessons] = ["c.userLowId IN", "l.proposerId IN"].map((what) => statements.find((x) => x.sql.includes(what))!);
    expect(ratings && lessons).toBeTruthy();
    if (target === "sqlite") {
      const plan = sqlitePlan;
      const ratingPlan = (await plan(ratings)).join(" | ");
      expect(ratingPlan).toMatch(/uq_chats_pair/);
      expect(ratingPlan).toMatch(/idx_chats_high/);
      expect((await plan(lessons)).join(" | ")).toMatch(/idx_lessons_proposer.*idx_lessons_partner/);
      for (const st of [ratings, lessons]) for (const d of await plan(st)) expect(d).not.toMatch(/^SCAN /);
    } else {
      const plan = async (st: Statement) => (await mysqlPlan(st)).filter((r) => !/^<union/.test(r.table ?? ""));
      for (const row of await plan(ratings)) {
        expect(row.type).not.toBe("ALL");
        expect(row.key ?? "").toMatch(/uq_chats_pair/);
        expect(row.key ?? "").toMatch(/idx_chats_high/);
      }
      const lessonKeys = (await plan(lessons)).map((r) => [r.key, r.type]);
      expect(lessonKeys).toEqual([
        ["idx_lessons_proposer", expect.not.stringMatching(/^ALL$/)],
        ["idx_lessons_partner", expect.not.stringMatching(/^ALL$/)],
      ]);
    }
  });
});
