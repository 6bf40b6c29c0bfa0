import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { MAX_SNAKE_SCORE } from "./snake.service.js";

const HIGH = "query { snakeHighScore { userId highScore } }";
const SUBMIT = "mutation ($score: Int!) { submitSnakeScore(score: $score) { userId highScore } }";

describe.each(dbTargets)("snake high scores on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("starts at 0 and names the caller, so the page can check its URL", async () => {
    const { user, token } = await t.createUser();
    const r = await t.gql(HIGH, {}, token);
    expect(r.data).toEqual({ snakeHighScore: { userId: user.id, highScore: 0 } });
  });

  it("keeps the maximum over GraphQL: a later lower score never lowers it", async () => {
    const { user, token } = await t.createUser();
    const submit = async (score: number) => (await t.gql(SUBMIT, { score }, token)).data?.submitSnakeScore.highScore;
    expect(await submit(12)).toBe(12);
    expect(await submit(5)).toBe(12);
    expect(await submit(12)).toBe(12);
    expect(await submit(40)).toBe(40);
    expect(await submit(0)).toBe(40);
    expect((await t.gql(HIGH, {}, token)).data.snakeHighScore).toEqual({ userId: user.id, highScore: 40 });
    expect((await t.rest("GET", `/Snakegame/${user.id}/details`, { token })).body).toEqual({ highScore: 40 });
  });

  it("keeps the maximum of concurrent submissions, the first ones included", async () => {
    const { user, token } = await t.createUser();
    const scores = Array.from({ length: 24 }, (_, i) => (i * 37) % 100); // 0..99 shuffled, max 99
    const max = Math.max(...scores);
    const results = await Promise.all(
      scores.map((highScore, i) =>
        i % 2 ? t.gql(SUBMIT, { score: highScore }, token) : t.rest("POST", `/Snakegame/${user.id}/update`, { token, body: { highScore } }),
      ),
    );
    for (const r of results) expect(r.status).toBe(200);
    expect((await t.rest("GET", `/Snakegame/${user.id}/details`, { token })).body).toEqual({ highScore: max });
    // one row per user
    const rows = await t.dataSource.query(
      target === "mysql"
        ? "SELECT COUNT(*) AS n FROM snake_high_scores WHERE userId = ?"
        : 'SELECT COUNT(*) AS n FROM "snake_high_scores" WHERE "userId" = ?',
      [user.id],
    );
    expect(Number(rows[0].n)).toBe(1);
  });

  it("keeps each user's score apart", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await t.gql(SUBMIT, { score: 30 }, a.token);
    await t.gql(SUBMIT, { score: 7 }, b.token);
    expect((await t.gql(HIGH, {}, a.token)).data.snakeHighScore.highScore).toBe(30);
    expect((await t.gql(HIGH, {}, b.token)).data.snakeHighScore.highScore).toBe(7);
  });

  it("refuses a score the 30 x 20 board cannot give, and negative ones, changing nothing", async () => {
    const { user, token } = await t.createUser();
    await t.gql(SUBMIT, { score: 20 }, token);
    expect(MAX_SNAKE_SCORE).toBe(594);
    for (const score of [MAX_SNAKE_SCORE + 1, 100000, -1]) {
      const r = await t.gql(SUBMIT, { score }, token);
      expect(r.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    }
    const over = await t.rest("POST", `/Snakegame/${user.id}/update`, { token, body: { highScore: 595 } });
    expect(over.status).toBe(400);
    expect(over.body.error).toMatch(/cannot be reached/);
    for (const highScore of [2.5, "abc", null, "-3", true]) {
      const r = await t.rest("POST", `/Snakegame/${user.id}/update`, { token, body: { highScore } });
      expect(r.status).toBe(400);
    }
    expect((await t.rest("POST", `/Snakegame/${user.id}/update`, { token, body: {} })).status).toBe(400);
    // a float over GraphQL is refused by the Int type itself
    expect((await t.gql(SUBMIT, { score: 2.5 }, token)).errors).toBeDefined();
    expect((await t.gql(HIGH, {}, token)).data.snakeHighScore.highScore).toBe(20);
  });

  it("accepts the maximum score itself", async () => {
    const { token } = await t.createUser();
    expect((await t.gql(SUBMIT, { score: MAX_SNAKE_SCORE }, token)).data.submitSnakeScore.highScore).toBe(594);
  });

  it("REST reads and writes the caller's own score; the old client's digit strings are accepted", async () => {
    const { user, token } = await t.createUser();
    expect(await t.rest("GET", `/Snakegame/${user.id}/details`, { token })).toMatchObject({ status: 200, body: { highScore: 0 } });
    expect(await t.rest("POST", `/Snakegame/${user.id}/update`, { token, body: { highScore: 9 } })).toMatchObject({
      status: 200,
      body: { highScore: 9 },
    });
    expect(await t.rest("POST", `/Snakegame/${user.id}/update`, { token, body: { highScore: "15" } })).toMatchObject({
      status: 200,
      body: { highScore: 15 },
    });
    expect(await t.rest("POST", `/Snakegame/${user.id}/update`, { token, body: { highScore: 3 } })).toMatchObject({
      status: 200,
      body: { highScore: 15 },
    });
    expect((await t.gql(HIGH, {}, token)).data.snakeHighScore.highScore).toBe(15);
  });

  it("refuses another user's id over REST with 403, for reading and writing", async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    await t.gql(SUBMIT, { score: 50 }, other.token);
    const write = await t.rest("POST", `/Snakegame/${other.user.id}/update`, { token: me.token, body: { highScore: 99 } });
    expect(write.status).toBe(403);
    const read = await t.rest("GET", `/Snakegame/${other.user.id}/details`, { token: me.token });
    expect(read.status).toBe(403);
    expect(read.body).not.toHaveProperty("highScore");
    expect((await t.gql(HIGH, {}, other.token)).data.snakeHighScore.highScore).toBe(50);
    expect((await t.gql(HIGH, {}, me.token)).data.snakeHighScore.highScore).toBe(0);
  });

  it("refuses callers without a valid token", async () => {
    const { user, token } = await t.createUser();
    expect((await t.rest("GET", `/Snakegame/${user.id}/details`)).status).toBe(401);
    expect((await t.rest("POST", `/Snakegame/${user.id}/update`, { body: { highScore: 5 } })).status).toBe(401);
    expect((await t.rest("POST", `/Snakegame/${user.id}/update`, { token: "not-a-token", body: { highScore: 5 } })).status).toBe(401);
    expect((await t.gql(HIGH)).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await t.gql(SUBMIT, { score: 5 })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect((await t.gql(HIGH, {}, token)).data.snakeHighScore.highScore).toBe(0);
  });
});
