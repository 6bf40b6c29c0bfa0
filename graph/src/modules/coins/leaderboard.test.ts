import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { checkLedgerInvariants } from "./ledger.invariants.js";
import { newId } from "../../shared/ids.js";
import { User } from "../accounts/user.entity.js";
import { outboxMails, verifyLinkIn, mailSettled } from "../../../test/outbox.js";
import { leaderboardQuery } from "./leaderboard.service.js";
import { countStatements } from "../../../test/profiles.js";
import { ledgerWrites } from "../../../test/ledger.js";

const BOARD = "query ($first: Int) { leaderboard(first: $first) { edges { node { rank userId name rating ratingCount skillCoins } } } }";

describe.each(dbTargets)("leaderboard on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    if (t) expect(await checkLedgerInvariants(t.dataSource)).toEqual([]);
    await t?.close();
  });

  const rated = async (name: string, ratingAvg: number, ratingCount: number, coins: number) => {
    const u = await t.createUser({ name, ratingAvg, ratingCount, ratingSum: Math.round(ratingAvg * ratingCount) });
    if (coins) await ledgerWrites(t.app.services).reward(u.user.id, coins, "Seed", `lb-${name.replace(/\W/g, "-")}`);
    return u;
  };

  it("ranks by rating, then rating count, then coins; ties share a rank; needs no token", async () => {
    const top = await rated("Top", 4.9, 3, 0);
    const manyVotes = await rated("Many Votes", 4.5, 9, 1);
    const tiedA = await rated("Tied A", 4.5, 2, 6);
    const tiedB = await rated("Tied B", 4.5, 2, 6);
    const fewerCoins = await rated("Fewer Coins", 4.5, 2, 5);
    const r = await t.gql(BOARD, { first: 5 });
    expect(r.errors).toBeUndefined();
    const rows = r.data.leaderboard.edges.map((e: any) => e.node);
    expect(rows.map((x: { rank: number; userId: string }) => [x.rank, x.userId])).toEqual([
      [1, top.user.id],
      [2, manyVotes.user.id],
      [3, expect.any(String)],
      [3, expect.any(String)],
      [5, fewerCoins.user.id],
    ]);
    // Tied on all three keys: id order, the same on both databases and on every read.
    expect([rows[2].userId, rows[3].userId]).toEqual([tiedA.user.id, tiedB.user.id].sort());
    expect(rows[0]).toEqual({ rank: 1, userId: top.user.id, name: "Top", rating: 4.9, ratingCount: 3, skillCoins: 0 });

    const rest = await t.rest("GET", "/leaderboard");
    expect(rest.status).toBe(200);
    expect(rest.headers.get("access-control-allow-origin")).toBe("*");
    expect(rest.headers.get("cache-control")).toBe('public, max-age=10, private="RateLimit, RateLimit-Policy"');
    expect(rest.body[0]).toEqual({ _id: top.user.id, name: "Top", originalRating: 4.9, originalSkillCoins: 0 });
    expect(rest.body[1]).toEqual({ _id: manyVotes.user.id, name: "Many Votes", originalRating: 4.5, originalSkillCoins: 1 });
    expect(rest.body.slice(2, 4).map((x: { _id: string }) => x._id)).toEqual([tiedA.user.id, tiedB.user.id].sort());
  });

  it("shows a committed change on the next read: coins, a rating, a verified registration", async () => {
    const before = (await t.gql(BOARD, { first: 100 })).data.leaderboard.edges.map((e: any) => e.node) as Array<{
      userId: string;
      skillCoins: number;
      rating: number;
    }>;
    const climber = await rated("Climber", 1, 1, 0);
    expect((await t.gql(BOARD, { first: 100 })).data.leaderboard.edges.map((e: any) => e.node).length).toBe(before.length + 1);
    await ledgerWrites(t.app.services).reward(climber.user.id, 7, "Seed", "lb-climber");
    let row = (await t.gql(BOARD, { first: 100 })).data.leaderboard.edges
      .map((e: any) => e.node)
      .find((x: { userId: string }) => x.userId === climber.user.id);
    expect(row).toMatchObject({ skillCoins: 7, rating: 1, ratingCount: 1 });
    await t.app.services.deps.tx((em) => t.app.services.users.addRating(climber.user.id, 5, em));
    // (1 + 5) / 2 = 3: the count and the average change at once.
    row = (await t.gql(BOARD, { first: 100 })).data.leaderboard.edges
      .map((e: any) => e.node)
      .find((x: { userId: string }) => x.userId === climber.user.id);
    expect(row).toMatchObject({ rating: 3, ratingCount: 2 });
    const reg = await t.gql("mutation ($input: RegisterInput!) { register(input: $input) { token } }", {
      input: { name: "Fresh Face", email: "26z999@psgtech.ac.in", password: "a-good-password-1" },
    });
    expect(reg.errors).toBeUndefined();
    const names = async () => (await t.rest("GET", "/leaderboard")).body.map((x: { name: string }) => x.name);
    // Ranked once the address is verified, not before.
    expect(await names()).not.toContain("Fresh Face");
    await mailSettled(t.app.services);
    const link = verifyLinkIn(
      outboxMails(t.config.dataDir)
        .filter((m) => m.headers.to?.includes("26z999@"))
        .at(-1)!,
    )!;
    expect((await t.rest("POST", "/verify-email", { body: { token: link.split("/").at(-1) } })).status).toBe(200);
    expect(await names()).toContain("Fresh Face");
  });

  // fetch() adds "Cache-Control: no-cache" to a conditional request unless one is given; a
  // revalidating browser or HTTP client sends max-age=0.
  const revalidate = (h: Record<string, string>) => ({ headers: { ...h, "cache-control": "max-age=0" } });

  it("lets integrators revalidate: ETag and Last-Modified, 304 while nothing changed, a new ETag after a change", async () => {
    const first = await t.rest("GET", "/leaderboard");
    const etag = first.headers.get("etag");
    const modified = first.headers.get("last-modified");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(new Date(modified!).getTime()).not.toBeNaN();
    expect(first.headers.get("access-control-expose-headers")).toMatch(/ETag/);

    const same = await t.rest("GET", "/leaderboard", revalidate({ "if-none-match": etag! }));
    expect(same.status).toBe(304);
    expect(same.body).toBe("");
    expect((await t.rest("GET", "/leaderboard", revalidate({ "if-modified-since": modified! }))).status).toBe(304);

    // A change notice that changes no row keeps both validators.
    t.app.services.coins.leaderboard.changedOutside();
    const again = await t.rest("GET", "/leaderboard", revalidate({ "if-none-match": etag! }));
    expect(again.status).toBe(304);
    expect(again.headers.get("last-modified")).toBe(modified);

    const top = (await t.gql(BOARD, { first: 1 })).data.leaderboard.edges.map((e: any) => e.node)[0];
    await ledgerWrites(t.app.services).reward(top.userId, 3, "Seed", "lb-etag");
    const changed = await t.rest("GET", "/leaderboard", revalidate({ "if-none-match": etag! }));
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(changed.body[0]).toMatchObject({ _id: top.userId, originalSkillCoins: top.skillCoins + 3 });
  });

  it("answers a leaderboard-only query alike for every caller and a changed ranking at once, and a query that also asks about the caller per caller", async () => {
    const a = await t.createUser({ name: "Caller A" });
    const b = await t.createUser({ name: "Caller B" });
    const mixed = "{ leaderboard(first: 1) { edges { node { userId } } } me { id } }";
    expect((await t.gql(mixed, {}, a.token)).data.me.id).toBe(a.user.id);
    expect((await t.gql(mixed, {}, b.token)).data.me.id).toBe(b.user.id);
    const only = "{ top: leaderboard(first: 3) { edges { node { userId skillCoins } } } }";
    const top = async (token: string) => (await t.gql(only, {}, token)).data.top.edges.map((e: any) => e.node);
    const first = await top(a.token);
    expect(await top(b.token)).toEqual(first);
    await ledgerWrites(t.app.services).reward(first[0].userId, 2, "Seed", "lb-response-cache");
    expect((await top(b.token))[0]).toEqual({ userId: first[0].userId, skillCoins: first[0].skillCoins + 2 });
  });

  it("answers the same text, as Apollo writes it, while the ranking has not changed", async () => {
    await rated("Serialised Once", 4.2, 2, 1);
    const post = () =>
      fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ query: BOARD, variables: { first: 7 } }),
      }).then((r) => r.text());
    const first = await post();
    expect(await post()).toBe(first);
    expect(first).toBe(`${JSON.stringify(JSON.parse(first))}\n`);
  });

  it("serves at most 100 rows and refuses first outside 1..100", async () => {
    for (let i = 0; i < 105; i++) await t.createUser();
    expect((await t.gql(BOARD, {})).data.leaderboard.edges.map((e: any) => e.node)).toHaveLength(100);
    const tooMany = await t.gql(BOARD, { first: 101 });
    expect(tooMany.errors?.[0]).toMatchObject({ message: "first must be between 1 and 100", extensions: { code: "BAD_USER_INPUT" } });
    expect((await t.gql(BOARD, { first: 2 })).data.leaderboard.edges.map((e: any) => e.node)).toHaveLength(2);
    expect((await t.gql(BOARD, { first: 0 })).errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect((await t.rest("GET", "/leaderboard")).body).toHaveLength(100);

    // The default view's first page of 100 (REST's default page) and the next one list every visible student
    // once, the tie at the top's boundary included (the top then does not serve the page: the walk took an
    // arbitrary part of that tie).
    const lb = t.app.services.coins.leaderboard;
    const visible = await t.dataSource.getRepository(User).countBy({ visible: true });
    const bothPages = async () => {
      const page = await lb.view({});
      const next = await lb.view({ after: page.cursorOf(page.rows.at(-1)!) });
      expect(page.hasNextPage).toBe(true);
      expect(page.rows).toHaveLength(100);
      expect(new Set([...page.rows, ...next.rows].map((r) => r.userId)).size).toBe(visible);
    };
    await bothPages();
    // With no tie at the boundary, the first page is the cached top: no walk of every student on a cold read.
    const users = await t.dataSource.getRepository(User).find({ where: { visible: true }, select: { id: true } });
    for (const [i, u] of users.entries()) await t.dataSource.getRepository(User).update({ id: u.id }, { ratingAvg: 1 + i / 1000 });
    lb.changedOutside();
    const read = await countStatements(t, () => lb.view({}));
    expect(read.statements.some((s) => /LIMIT 101\b/i.test(s))).toBe(true);
    expect(read.count).toBeLessThanOrEqual(2);
    await bothPages();
  });

  it("reads the leaderboard index instead of sorting the users table", async () => {
    // A realistically sized table, so the planner's choice is the one production gets.
    const now = t.clock.now();
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      id: newId(),
      name: `Bulk ${i}`,
      nameKey: `bulk ${i} ${target}`,
      email: `bulk${i}.${Date.now()}@psgtech.ac.in`,
      passwordHash: "x",
      ratingAvg: (i % 50) / 10,
      ratingCount: i % 7,
      ratingSum: 0,
      createdAt: now,
      visible: i % 10 !== 0,
    }));
    for (let i = 0; i < rows.length; i += 500) await t.dataSource.getRepository(User).insert(rows.slice(i, i + 500));
    await t.dataSource.query(target === "sqlite" ? "ANALYZE" : "ANALYZE TABLE users");
    const [sql, params] = leaderboardQuery(t.dataSource, 100).getQueryAndParameters();
    if (target === "sqlite") {
      const plan = (await t.dataSource.query(`EXPLAIN QUERY PLAN ${sql}`, params)) as Array<{ detail: string }>;
      const text = plan.map((p) => p.detail).join(" | ");
      expect(text).toMatch(/idx_users_leaderboard/);
      expect(text).not.toMatch(/TEMP B-TREE/);
    } else {
      const plan = (await t.dataSource.query(`EXPLAIN ${sql}`, params)) as Array<{ key: string | null; Extra: string | null }>;
      expect(plan[0].key).toBe("idx_users_leaderboard");
      expect(plan[0].Extra ?? "").not.toMatch(/filesort/i);
    }
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)("leaderboard cache across two instances on Redis", () => {
  it("a change committed on one instance reaches the other's cached ranking", async () => {
    const a = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! } });
    const b = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! }, shareDatabaseWith: a });
    try {
      const u = await a.createUser({ name: "Cross Instance" });
      await eventually(async () =>
        (await b.gql(BOARD, { first: 100 })).data.leaderboard.edges
          .map((e: any) => e.node)
          .some((x: { userId: string }) => x.userId === u.user.id),
      );
      await ledgerWrites(a.app.services).reward(u.user.id, 9, "Seed", "lb-cross");
      await eventually(async () => {
        const row = (await b.gql(BOARD, { first: 100 })).data.leaderboard.edges
          .map((e: any) => e.node)
          .find((x: { userId: string }) => x.userId === u.user.id);
        return row?.skillCoins === 9;
      }, "instance b sees the reward");
    } finally {
      await b.close();
      await a.close();
    }
  });
});
