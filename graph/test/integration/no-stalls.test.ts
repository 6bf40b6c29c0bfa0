/**
 * The server keeps answering when many transactions want the same rows or more connections than the
 * pool has (MariaDB, a small pool on purpose; SQLite, its one connection): every request gets its
 * answer (no 5xx, no hang), money moves exactly as often as the rules allow, and /healthz answers
 * throughout. A transaction never waits for a second pooled connection (db/transaction.ts refuses
 * such a statement, db/one-connection.ts on SQLite), so a burst cannot leave every connection held
 * by a transaction waiting for another one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SwapRequest } from "../../src/modules/swaps/swap-request.entity.js";
import { advanceDays, balance, chatPair, escrowBalance, FINISH, RATE, transfersLike } from "../chat.js";
import { CHESS, giveCoins, Q, student, type Student } from "../../src/modules/swaps/swaps.test-support.js";
import { dbTargets, startTestApp, type TestApp } from "../harness.js";

const POOL = 4;

describe.each(dbTargets)("no stalls under concurrent writes on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, {
      env: { DB_POOL_SIZE: String(POOL), RATE_LIMITS: "swap_request=1000/3600,chat_message=1000/60" },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Polls /healthz until `work` settles; answers how many health checks answered 200 and how many did not. */
  async function whileHealthy<T>(work: Promise<T>): Promise<{ result: T; healthy: number; unhealthy: number }> {
    let done = false;
    const settled = work.finally(() => (done = true));
    let healthy = 0;
    let unhealthy = 0;
    const poll = (async () => {
      while (!done) {
        const r = await fetch(`${t.url}/healthz`);
        await r.arrayBuffer();
        if (r.status === 200) healthy++;
        else unhealthy++;
      }
    })();
    const result = await settled;
    await poll;
    return { result, healthy, unhealthy };
  }

  /** A pay request of `learner` to a new teacher, accepted by the teacher: it waits for the learner's payment. */
  async function acceptedPayRequest(learner: Student, coins: number): Promise<{ id: string; teacher: Student }> {
    const teacher = await student(t, [CHESS], "Female");
    const asked = await t.gql(Q.requestPay, { i: { receiverId: teacher.id, learnSkill: CHESS, skillCoins: coins } }, learner.token);
    const id = asked.data.requestPay.id as string;
    expect((await t.gql(Q.accept, { id }, teacher.token)).errors).toBeUndefined();
    return { id, teacher };
  }

  it("200 concurrent payments by one learner over REST and GraphQL: exactly 5 of 40 requests paid with 25 coins", async () => {
    const learner = await student(t, []);
    await giveCoins(t, learner.id, 25);
    const requests: Array<{ id: string; teacher: Student }> = [];
    for (let i = 0; i < 40; i++) requests.push(await acceptedPayRequest(learner, 5));
    const escrowBefore = await escrowBalance(t);

    const attempts = Array.from({ length: 200 }, async (_, i) => {
      const r = requests[i % requests.length];
      if (i % 2 === 0) {
        const res = await t.rest("POST", "/detect-skill-coins", {
          token: learner.token,
          body: { userID: learner.id, feedID: r.teacher.id, skillCoins: 5 },
        });
        return { status: res.status, ok: res.status === 200 && res.body.error === "", code: res.body.code as string | undefined };
      }
      const res = await t.gql(Q.pay, { id: r.id }, learner.token);
      return { status: res.status, ok: !res.errors && !!res.data?.payAcceptedRequest, code: res.errors?.[0]?.extensions?.code };
    });
    const { result, healthy, unhealthy } = await whileHealthy(Promise.all(attempts));

    expect(result.filter((r) => r.status >= 500)).toEqual([]);
    expect(result.filter((r) => r.code === "INTERNAL_SERVER_ERROR" || r.code === "SERVICE_BUSY")).toEqual([]);
    expect(result.filter((r) => r.ok)).toHaveLength(5);
    expect(healthy).toBeGreaterThan(0);
    expect(unhealthy).toBe(0);
    expect(await balance(t, learner.id)).toBe(0);
    expect(await escrowBalance(t)).toBe(escrowBefore + 25);
    const paid = await t.dataSource.getRepository(SwapRequest).countBy({ requesterId: learner.id, status: "paid" });
    expect(paid).toBe(5);
  });

  it("80 concurrent finishes on 5 chats: each chat completes and rewards once", async () => {
    const pairs: Array<Awaited<ReturnType<typeof chatPair>>> = [];
    for (let i = 0; i < 5; i++) pairs.push(await chatPair(t));
    for (const { a, b } of pairs) {
      await t.gql(RATE, { chatWith: b.id, stars: 5 }, a.token);
      await t.gql(RATE, { chatWith: a.id, stars: 4 }, b.token);
    }
    await advanceDays(t, 10);
    const finishes = Array.from({ length: 80 }, async (_, i) => {
      const { a, b } = pairs[i % pairs.length];
      const [me, other] = i % 2 ? [a, b] : [b, a];
      if (i % 4 < 2) {
        const res = await t.rest("POST", `/user/chat/finish/${other.id}`, { token: me.token, body: { currentUserID: me.id } });
        return { status: res.status, error: res.body.error as string | undefined };
      }
      const res = await t.gql(FINISH, { chatWith: other.id }, me.token);
      return { status: res.status, error: res.errors?.[0]?.message };
    });
    const { result, unhealthy } = await whileHealthy(Promise.all(finishes));

    expect(result.filter((r) => r.status >= 500)).toEqual([]);
    expect(result.filter((r) => r.error)).toEqual([]);
    expect(unhealthy).toBe(0);
    for (const { a, b, chat } of pairs) {
      expect(await transfersLike(t, `reward:chat:${chat.id}`)).toHaveLength(2);
      expect(await balance(t, a.id)).toBe(1);
      expect(await balance(t, b.id)).toBe(1);
    }
  });

  it(`three times the pool (${3 * POOL}) of students paying at once: every one is served`, async () => {
    const learners: Array<{ learner: Student; id: string }> = [];
    for (let i = 0; i < 3 * POOL; i++) {
      const learner = await student(t, []);
      await giveCoins(t, learner.id, 3);
      learners.push({ learner, id: (await acceptedPayRequest(learner, 3)).id });
    }
    const { result, unhealthy } = await whileHealthy(Promise.all(learners.map(({ learner, id }) => t.gql(Q.pay, { id }, learner.token))));
    expect(result.map((r) => r.errors?.[0]?.message ?? "paid")).toEqual(learners.map(() => "paid"));
    expect(unhealthy).toBe(0);
    for (const { learner } of learners) expect(await balance(t, learner.id)).toBe(0);
  });
});
