import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { AppError } from "../../shared/errors.js";
import { CoinEntry, CoinTransfer } from "./ledger.entity.js";
import { checkLedgerInvariants } from "./ledger.invariants.js";
import { ledgerWrites } from "../../../test/ledger.js";

const BALANCE = "query { skillCoins { id balance } }";
const HISTORY =
  "query ($first: Int, $after: String) { coinHistory(first: $first, after: $after) { pageInfo { endCursor hasNextPage } edges { node { kind amount balanceAfter counterpartId counterpartName memo holdState } } } }";
const REWARDS = "query { rewards { rewarded reason rewardCount rewardId } }";
const ACK = "mutation ($id: ID) { acknowledgeReward(rewardId: $id) { rewarded reason rewardCount rewardId } }";

async function codeOf(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return `${(e as AppError).code}: ${(e as AppError).message}`;
  }
}

describe.each(dbTargets)("coins ledger on %s", (target) => {
  let t: TestApp;
  const coins = () => t.app.services.coins;
  const ledger = () => ledgerWrites(t.app.services);
  const balance = (id: string) => coins().balanceOf(id);

  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    if (t) expect(await checkLedgerInvariants(t.dataSource)).toEqual([]);
    await t?.close();
  });

  it("rewards once per business key and shows each reward once (GraphQL acknowledge, then the next)", async () => {
    const { user, token } = await t.createUser();
    expect((await t.gql(REWARDS, {}, token)).data.rewards).toEqual({ rewarded: false, reason: "", rewardCount: 0, rewardId: null });
    expect((await ledger().reward(user.id, 1, "Finished a swap with Asha", "chat-1")).moved).toBe(true);
    expect((await ledger().reward(user.id, 1, "Finished a swap with Asha", "chat-1")).moved).toBe(false);
    await ledger().reward(user.id, 2, "Welcome bonus", "welcome");
    expect(await balance(user.id)).toBe(3);

    const first = (await t.gql(REWARDS, {}, token)).data.rewards;
    expect(first).toMatchObject({ rewarded: true, reason: "Finished a swap with Asha", rewardCount: 1 });
    expect((await t.gql(REWARDS, {}, token)).data.rewards).toEqual(first); // reading does not consume
    const next = (await t.gql(ACK, { id: first.rewardId }, token)).data.acknowledgeReward;
    expect(next).toMatchObject({ rewarded: true, reason: "Welcome bonus", rewardCount: 2 });
    expect((await t.gql(ACK, { id: first.rewardId }, token)).data.acknowledgeReward).toEqual(next); // acking twice changes nothing
    expect((await t.gql(ACK, {}, token)).data.acknowledgeReward.rewarded).toBe(false);
    expect((await t.gql(REWARDS, {}, null)).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("GET /api/:userId/rewards hands each reward out once, only to its owner", async () => {
    const { user, token } = await t.createUser();
    const other = await t.createUser();
    await ledger().reward(user.id, 1, "Finished a swap", "chat-rest");
    expect((await t.rest("GET", `/${user.id}/rewards`, { token: other.token })).status).toBe(403);
    expect((await t.rest("GET", `/${user.id}/rewards`)).status).toBe(401);
    const got = await t.rest("GET", `/${user.id}/rewards`, { token });
    expect(got.body).toEqual({ rewarded: true, reason: "Finished a swap", rewardCount: 1 });
    expect((await t.rest("GET", `/${user.id}/rewards`, { token })).body).toEqual({ rewarded: false, reason: "", rewardCount: 0 });
    // The pattern is /<id>/rewards only: other two-segment paths still 404.
    expect((await t.rest("GET", `/${user.id}/other`, { token })).status).toBe(404);
  });

  it("holds a lesson's coins in escrow, then releases them to the teacher, exactly once", async () => {
    const learner = await t.createUser();
    const teacher = await t.createUser({ name: `Teacher ${Date.now()}` });
    await ledger().reward(learner.user.id, 10, "Seed", "seed-hold");

    expect(await codeOf(ledger().hold({ learnerId: learner.user.id, teacherId: teacher.user.id, refKey: "req-big", coins: 11 }))).toBe(
      "BAD_USER_INPUT: You do not have enough skill coins",
    );
    expect(await balance(learner.user.id)).toBe(10);
    expect(await t.dataSource.getRepository(CoinTransfer).exists({ where: { key: "hold:req-big" } })).toBe(false);

    const hold = { learnerId: learner.user.id, teacherId: teacher.user.id, refKey: "req-1", coins: 4 };
    expect((await ledger().hold(hold)).moved).toBe(true);
    expect((await ledger().hold(hold)).moved).toBe(false);
    expect(await codeOf(ledger().hold({ ...hold, coins: 5 }))).toMatch(/^CONFLICT/);
    expect(await balance(learner.user.id)).toBe(6);
    expect(await balance(teacher.user.id)).toBe(0);

    const releases = await Promise.all([ledger().release("req-1"), ledger().release("req-1"), ledger().release("req-1")]);
    expect(releases.filter((r) => r.moved)).toHaveLength(1);
    expect(await balance(teacher.user.id)).toBe(4);
    expect(await codeOf(ledger().refund("req-1"))).toBe("CONFLICT: These coins were already paid to the teacher");
    expect(await codeOf(ledger().release("no-such-hold"))).toMatch(/^NOT_FOUND/);

    const history = (await t.gql(HISTORY, { first: 10 }, learner.token)).data.coinHistory;
    expect(
      history.edges
        .map((e: any) => e.node)
        .map((e: { kind: string; amount: number; balanceAfter: number; holdState: string | null }) => [
          e.kind,
          e.amount,
          e.balanceAfter,
          e.holdState,
        ]),
    ).toEqual([
      // The learner's line of the hold says what became of the coins since: paid to the teacher.
      ["HOLD", -4, 6, "RELEASED"],
      ["REWARD", 10, 10, null],
    ]);
    expect(history.edges.map((e: any) => e.node)[0]).toMatchObject({ counterpartId: teacher.user.id, counterpartName: teacher.user.name });
    const taught = (await t.gql(HISTORY, { first: 10 }, teacher.token)).data.coinHistory.edges.map((e: any) => e.node);
    expect(taught).toEqual([expect.objectContaining({ kind: "RELEASE", amount: 4, balanceAfter: 4, counterpartName: learner.user.name })]);
  });

  it("refunds held coins to the learner, and refund and release racing settle once", async () => {
    const learner = await t.createUser();
    const teacher = await t.createUser();
    await ledger().reward(learner.user.id, 6, "Seed", "seed-refund");
    await ledger().hold({ learnerId: learner.user.id, teacherId: teacher.user.id, refKey: "req-race", coins: 6 });
    expect(await balance(learner.user.id)).toBe(0);
    const settled = await Promise.allSettled([ledger().refund("req-race"), ledger().release("req-race"), ledger().refund("req-race")]);
    const learnerGot = await balance(learner.user.id);
    const teacherGot = await balance(teacher.user.id);
    expect(learnerGot + teacherGot).toBe(6);
    expect([learnerGot, teacherGot]).toContain(0);
    expect(settled.filter((s) => s.status === "fulfilled" && s.value.moved)).toHaveLength(1);
    // The learner's line of the hold says which of the two happened.
    const lines = (await t.gql(HISTORY, { first: 10 }, learner.token)).data.coinHistory.edges.map((e: any) => e.node);
    expect(lines.find((e: { kind: string }) => e.kind === "HOLD")).toMatchObject({ holdState: learnerGot === 6 ? "REFUNDED" : "RELEASED" });
  });

  it("refuses bad amounts, self-payment and unknown users, moving nothing", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await ledger().reward(a.user.id, 5, "Seed", "seed-bad");
    for (const bad of [-1, 0, 0.5, Number.POSITIVE_INFINITY, Number.NaN, 2 ** 31]) {
      expect(await codeOf(ledger().hold({ learnerId: a.user.id, teacherId: b.user.id, refKey: `bad-${String(bad)}`, coins: bad }))).toMatch(
        /^BAD_USER_INPUT: Skill coins must be a whole number/,
      );
    }
    expect(await codeOf(ledger().hold({ learnerId: a.user.id, teacherId: a.user.id, refKey: "self", coins: 1 }))).toMatch(/yourself/);
    expect(await codeOf(ledger().hold({ learnerId: a.user.id, teacherId: "no-such-user", refKey: "ghost", coins: 1 }))).toBe(
      "NOT_FOUND: That teacher does not exist",
    );
    expect(await codeOf(ledger().hold({ learnerId: "no-such-user", teacherId: b.user.id, refKey: "ghost2", coins: 1 }))).toBe(
      "BAD_USER_INPUT: You do not have enough skill coins",
    );
    expect(await codeOf(ledger().reward("no-such-user", 1, "x", "ghost-reward"))).toBe("NOT_FOUND: User not found");
    expect(await balance(a.user.id)).toBe(5);
  });

  it("200 concurrent holds of 5 coins against a balance of 25: exactly 5 succeed, never below 0", async () => {
    const learner = await t.createUser();
    const teacher = await t.createUser();
    await ledger().reward(learner.user.id, 25, "Seed", "seed-200");
    let lowest = Infinity;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        lowest = Math.min(lowest, await balance(learner.user.id));
        await new Promise((r) => setImmediate(r));
      }
    })();
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        ledger().hold({ learnerId: learner.user.id, teacherId: teacher.user.id, refKey: `h200-${i}`, coins: 5 }),
      ),
    );
    polling = false;
    await poller;
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected") as PromiseRejectedResult[];
    expect(ok).toHaveLength(5);
    expect(new Set(refused.map((r) => (r.reason as Error).message))).toEqual(new Set(["You do not have enough skill coins"]));
    expect(await balance(learner.user.id)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    const entries = await t.dataSource.getRepository(CoinEntry).find({ where: { accountId: learner.user.id } });
    expect(entries).toHaveLength(6);
    expect(Math.min(...entries.map((e) => e.balanceAfter))).toBe(0);
    console.info(
      `[${target}] 200 concurrent holds of 5 on 25: ${ok.length} succeeded, ${refused.length} refused, lowest balance seen ${lowest}`,
    );
  });

  it("pages the history newest first and needs a token", async () => {
    const { user, token } = await t.createUser();
    for (let i = 0; i < 5; i++) {
      t.clock.advance(1000);
      await ledger().reward(user.id, i + 1, `Reward ${i}`, `page-${i}`);
    }
    const p1 = (await t.gql(HISTORY, { first: 3 }, token)).data.coinHistory;
    const p2 = (await t.gql(HISTORY, { first: 3, after: p1.pageInfo.endCursor }, token)).data.coinHistory;
    expect(p1.pageInfo.hasNextPage).toBe(true);
    expect(p2.pageInfo.hasNextPage).toBe(false);
    expect([...p1.edges.map((e: any) => e.node), ...p2.edges.map((e: any) => e.node)].map((e: { amount: number }) => e.amount)).toEqual([
      5, 4, 3, 2, 1,
    ]);
    expect(p1.edges.map((e: any) => e.node)[0]).toMatchObject({
      balanceAfter: 15,
      counterpartName: "Skill Exchange reward",
      counterpartId: null,
      memo: "Reward 4",
    });
    expect((await t.gql(HISTORY, { first: 101 }, token)).errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect((await t.gql(HISTORY, { after: "x" }, token)).errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect((await t.gql(BALANCE, {}, token)).data.skillCoins).toEqual({ id: user.id, balance: 15 });
    expect((await t.rest("GET", "/skill-coins", { token })).body).toEqual({ userID: user.id, skillCoins: 15, error: "" });
    expect((await t.rest("GET", "/skill-coins")).status).toBe(401);
  });
});
