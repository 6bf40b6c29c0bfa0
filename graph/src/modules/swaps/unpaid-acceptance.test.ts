/**
 * A pay request the teacher accepted but the learner never paid: it expires REQUEST_EXPIRY_DAYS
 * after the acceptance, and until it is paid the teacher may withdraw the acceptance (GraphQL and
 * REST). Either way both sides are told, no coins move, and the pair may ask again.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { DAY, MINUTE } from "../../shared/clock.js";
import { User } from "../accounts/user.entity.js";
import { Block } from "../blocks/block.entity.js";
import { Notification } from "../notifications/notification.entity.js";
import { ResponseStats } from "../profiles/response-stats.entity.js";
import { SwapRequest } from "./swap-request.entity.js";
import { SWAP_MESSAGES } from "./swap.rules.js";
import { balance, CHESS, escrow, giveCoins, GUITAR, Q, REACT, student, type Student } from "./swaps.test-support.js";

const WITHDRAW = `mutation($id: ID!) { withdrawPayAcceptance(id: $id) { id status skillCoins } }`;

describe.each(dbTargets)("accepted pay requests nobody paid, on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const request = (id: string) => t.dataSource.getRepository(SwapRequest).findOneByOrFail({ id });
  const notes = (recipientId: string) =>
    t.dataSource.getRepository(Notification).find({ where: { recipientId }, order: { createdAt: "ASC" } });
  const blocks = (a: string, b: string) =>
    t.dataSource.getRepository(Block).count({
      where: [
        { blockerId: a, blockedId: b },
        { blockerId: b, blockedId: a },
      ],
    });
  /** The learner `a` (with coins) asked the teacher `b` for Chess at 5 coins, and `b` accepted `thinking` ms later. */
  async function accepted(thinking = 0) {
    const a = await student(t, [REACT]);
    const b = await student(t, [GUITAR, CHESS], "Female");
    await giveCoins(t, a.id, 20);
    const r = await t.gql(Q.requestPay, { i: { receiverId: b.id, learnSkill: CHESS, skillCoins: 5 } }, a.token);
    const id: string = r.data.requestPay.id;
    t.clock.advance(thinking);
    expect((await t.gql(Q.accept, { id }, b.token)).data.acceptRequest.status).toBe("AWAITING_PAYMENT");
    return { a, b, id };
  }
  const coinsOf = async (a: Student, b: Student) => ({ a: await balance(t, a.id), b: await balance(t, b.id), escrow: await escrow(t) });
  async function renew(...students: Student[]) {
    for (const s of students)
      s.token = await t.app.services.auth.issueToken(await t.dataSource.getRepository(User).findOneByOrFail({ id: s.id }));
  }
  const askAgain = (a: Student, b: Student) => t.gql(Q.requestPay, { i: { receiverId: b.id, learnSkill: CHESS, skillCoins: 5 } }, a.token);

  it("expires REQUEST_EXPIRY_DAYS after the acceptance, tells both, moves no coins, and the learner may ask again", async () => {
    const { a, b, id } = await accepted(2 * DAY);
    const before = await coinsOf(a, b);
    // Still open: a new request from the learner is refused.
    expect((await askAgain(a, b)).errors?.[0].extensions?.code).toBe("CONFLICT");
    // Counted from the acceptance, not from the request: 7 days after sending it is still payable.
    t.clock.advance(5 * DAY);
    await renew(a, b);
    await t.app.services.swapExpiry.expireDue(t.clock.now());
    expect((await request(id)).status).toBe("awaiting_payment");
    t.clock.advance(2 * DAY - MINUTE);
    await t.app.services.swapExpiry.expireDue(t.clock.now());
    expect((await request(id)).status).toBe("awaiting_payment");

    t.clock.advance(MINUTE);
    await renew(a, b);
    expect(await t.app.services.swapExpiry.expireDue(t.clock.now())).toBeGreaterThanOrEqual(1);
    expect(await request(id)).toMatchObject({ status: "expired", openPair: null, escrowRef: null, chatId: null });
    // The learner's Accepted-Pay is gone; each side has one notice naming the other.
    const forA = await notes(a.id);
    expect(forA.map((n) => [n.type, n.notifierId, n.refId, n.skillCoins])).toEqual([["request-expired", b.id, id, 5]]);
    expect(forA[0]!.message).toContain("it was not paid within 7 days of being accepted");
    const forB = await notes(b.id);
    expect(forB.map((n) => [n.type, n.notifierId, n.refId])).toEqual([["request-expired", a.id, id]]);
    expect(forB[0]!.message).toContain(`from ${a.name} to learn Chess that you accepted expired`);
    expect(await coinsOf(a, b)).toEqual(before);
    // The teacher did answer in time: the expiry is not counted against them.
    expect(await t.dataSource.getRepository(ResponseStats).findOneBy({ userId: b.id })).toMatchObject({ received: 1, answered: 1 });

    expect((await t.gql(Q.pay, { id }, a.token)).errors?.[0].message).toBe(SWAP_MESSAGES.notPending);
    expect((await askAgain(a, b)).errors).toBeUndefined();
  });

  it("lets the teacher, and only the teacher, withdraw the acceptance before payment (GraphQL)", async () => {
    const { a, b, id } = await accepted();
    const before = await coinsOf(a, b);
    expect((await t.gql(WITHDRAW, { id }, a.token)).errors?.[0]).toMatchObject({
      message: SWAP_MESSAGES.onlyTeacherWithdraws,
      extensions: { code: "FORBIDDEN" },
    });
    const stranger = await student(t, [REACT]);
    expect((await t.gql(WITHDRAW, { id }, stranger.token)).errors?.[0].extensions?.code).toBe("NOT_FOUND");

    expect((await t.gql(WITHDRAW, { id }, b.token)).data.withdrawPayAcceptance).toEqual({ id, status: "WITHDRAWN", skillCoins: 5 });
    expect(await request(id)).toMatchObject({ status: "withdrawn", openPair: null, escrowRef: null });
    const forA = await notes(a.id);
    expect(forA.map((n) => [n.type, n.notifierId, n.refId])).toEqual([["acceptance-withdrawn", b.id, id]]);
    expect(forA[0]!.message).toBe(
      `${b.name} withdrew their acceptance of your pay request to learn Chess (5 skill coins). Nothing was paid; you can send a new request.`,
    );
    const list = await t.gql(`{ notifications { edges { node { type dismissible } } } }`, {}, a.token);
    expect(list.data.notifications.edges.map((e: { node: unknown }) => e.node)).toEqual([
      { type: "ACCEPTANCE_WITHDRAWN", dismissible: true },
    ]);
    expect(await coinsOf(a, b)).toEqual(before);
    expect(await blocks(a.id, b.id)).toBe(0);

    // Settled: neither a payment nor a second withdrawal goes through.
    expect((await t.gql(Q.pay, { id }, a.token)).errors?.[0].message).toBe(SWAP_MESSAGES.notPending);
    expect((await t.gql(WITHDRAW, { id }, b.token)).errors?.[0]).toMatchObject({
      message: SWAP_MESSAGES.notAwaitingPayment,
      extensions: { code: "CONFLICT" },
    });
    expect((await askAgain(a, b)).errors).toBeUndefined();
  });

  it("refuses to withdraw a request not accepted yet, or already paid", async () => {
    const a = await student(t, [REACT]);
    const b = await student(t, [GUITAR, CHESS], "Female");
    await giveCoins(t, a.id, 20);
    const id: string = (await askAgain(a, b)).data.requestPay.id;
    expect((await t.gql(WITHDRAW, { id }, b.token)).errors?.[0].message).toBe(SWAP_MESSAGES.notAwaitingPayment);
    await t.gql(Q.accept, { id }, b.token);
    expect((await t.gql(Q.pay, { id }, a.token)).errors).toBeUndefined();
    expect((await t.gql(WITHDRAW, { id }, b.token)).errors?.[0].message).toBe(SWAP_MESSAGES.notAwaitingPayment);
    expect((await request(id)).status).toBe("paid");
  });

  it("withdraws over REST by the pair, with the legacy error contract", async () => {
    const { a, b, id } = await accepted();
    const withdraw = (token: string, userID: string, feedID: string) =>
      t.rest("POST", "/withdraw-pay-acceptance", { token, body: { userID, feedID } });
    expect((await withdraw(b.token, a.id, a.id)).status).toBe(403);
    expect(await withdraw(a.token, a.id, b.id)).toMatchObject({ status: 403 });
    expect(await withdraw(b.token, b.id, a.id)).toMatchObject({ status: 200, body: { error: "" } });
    expect((await request(id)).status).toBe("withdrawn");
    expect((await notes(a.id)).map((n) => n.type)).toEqual(["acceptance-withdrawn"]);
    // Nothing open between them any more.
    expect(await withdraw(b.token, b.id, a.id)).toMatchObject({ status: 200, body: { error: SWAP_MESSAGES.notFound } });
  });
});
