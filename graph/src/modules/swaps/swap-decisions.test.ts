import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { Block } from "../blocks/block.entity.js";
import { Chat } from "../chat/chat.entity.js";
import { Notification } from "../notifications/notification.entity.js";
import { SwapRequest } from "./swap-request.entity.js";
import { SWAP_MESSAGES } from "./swap.rules.js";
import { balance, CHESS, escrow, giveCoins, GUITAR, Q, REACT, student, type Student } from "./swaps.test-support.js";

describe.each(dbTargets)("answering swap and pay requests on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const db = {
    request: (id: string) => t.dataSource.getRepository(SwapRequest).findOneByOrFail({ id }),
    chats: (a: string, b: string) =>
      t.dataSource.getRepository(Chat).find({
        where: [
          { requesterId: a, receiverId: b },
          { requesterId: b, receiverId: a },
        ],
      }),
    notes: (recipientId: string) => t.dataSource.getRepository(Notification).find({ where: { recipientId } }),
    blocks: (a: string, b: string) =>
      t.dataSource.getRepository(Block).find({
        where: [
          { blockerId: a, blockedId: b },
          { blockerId: b, blockedId: a },
        ],
      }),
  };
  async function trio() {
    return { a: await student(t, [REACT]), b: await student(t, [GUITAR, CHESS], "Female"), c: await student(t, [CHESS]) };
  }
  async function swapRequest(a: Student, b: Student): Promise<string> {
    const r = await t.gql(Q.requestSwap, { i: { receiverId: b.id, preachSkill: REACT, learnSkill: GUITAR } }, a.token);
    return r.data.requestSwap.id;
  }
  async function payRequest(a: Student, b: Student, coins = 5): Promise<string> {
    const r = await t.gql(Q.requestPay, { i: { receiverId: b.id, learnSkill: CHESS, skillCoins: coins } }, a.token);
    return r.data.requestPay.id;
  }

  it("accepting a swap opens the chat, removes swap-request and gives the requester swap-accept", async () => {
    const { a, b } = await trio();
    const id = await swapRequest(a, b);
    const r = await t.gql(Q.accept, { id }, b.token);
    expect(r.data.acceptRequest).toMatchObject({ status: "ACCEPTED", chatId: expect.any(String) });
    expect(await db.request(id)).toMatchObject({ status: "accepted", openPair: null, chatId: r.data.acceptRequest.chatId });
    const [chat] = await db.chats(a.id, b.id);
    expect(chat).toMatchObject({
      id: r.data.acceptRequest.chatId,
      kind: "swap",
      status: "in_progress",
      requesterId: a.id,
      receiverId: b.id,
      requesterLearnsSkill: "Guitar",
      receiverLearnsSkill: "React",
      coins: 0,
      escrowRef: null,
    });
    expect(chat.startDate.getTime()).toBe(t.clock.now().getTime());
    expect(await db.notes(b.id)).toEqual([]);
    expect(await db.notes(a.id)).toEqual([expect.objectContaining({ type: "swap-accept", notifierId: b.id, refId: chat.id })]);
    // Swap and Pay are over for this pair.
    const avail = await t.gql(Q.availability, { u: b.id }, a.token);
    expect(avail.data.swapAvailability).toMatchObject({ hasChat: true, canRequest: false });
  });

  it("rejecting a swap blocks the requester for good and tells them", async () => {
    const { a, b } = await trio();
    const id = await swapRequest(a, b);
    const r = await t.gql(Q.reject, { id }, b.token);
    expect(r.data.rejectRequest.status).toBe("REJECTED");
    expect(await db.request(id)).toMatchObject({ status: "rejected", rejectedById: b.id, openPair: null });
    expect(await db.blocks(a.id, b.id)).toEqual([expect.objectContaining({ blockerId: b.id, blockedId: a.id, reason: "swap-rejected" })]);
    expect(await db.notes(b.id)).toEqual([]);
    expect(await db.notes(a.id)).toEqual([
      expect.objectContaining({ type: "swap-reject", message: "Your swap request has been rejected", notifierId: b.id }),
    ]);
    expect(await db.chats(a.id, b.id)).toEqual([]);
    expect(
      (await t.gql(Q.requestSwap, { i: { receiverId: b.id, preachSkill: REACT, learnSkill: GUITAR } }, a.token)).errors?.[0].message,
    ).toBe(SWAP_MESSAGES.blocked);
  });

  it("lets only the receiver answer, and no one else even sees the request", async () => {
    const { a, b, c } = await trio();
    const id = await swapRequest(a, b);
    const byRequester = await t.gql(Q.accept, { id }, a.token);
    expect(byRequester.errors?.[0]).toMatchObject({ message: SWAP_MESSAGES.onlyReceiver, extensions: { code: "FORBIDDEN" } });
    expect((await t.gql(Q.reject, { id }, a.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    for (const q of [Q.accept, Q.reject, Q.pay]) {
      expect((await t.gql(q, { id }, c.token)).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    }
    expect((await t.gql(`query($id: ID!) { swapRequest(id: $id) { id } }`, { id }, c.token)).data.swapRequest).toBeNull();
    // Nor can a stranger touch B's notification about it.
    const [note] = await db.notes(b.id);
    expect(
      (await t.gql(`mutation($id: ID!) { dismissNotification(id: $id) }`, { id: note.id }, c.token)).errors?.[0].extensions?.code,
    ).toBe("NOT_FOUND");
    expect((await t.gql(Q.notifications, {}, c.token)).data.notifications.edges.map((e: any) => e.node)).toEqual([]);
    expect(await db.request(id)).toMatchObject({ status: "pending" });
    expect(await db.notes(b.id)).toHaveLength(1);
    expect(await db.blocks(a.id, b.id)).toEqual([]);
  });

  it("acting on a request that is no longer pending changes nothing and says so", async () => {
    const { a, b } = await trio();
    const id = await swapRequest(a, b);
    await t.gql(Q.accept, { id }, b.token);
    const notesBefore = await db.notes(a.id);
    for (const q of [Q.accept, Q.reject]) {
      const r = await t.gql(q, { id }, b.token);
      expect(r.errors?.[0]).toMatchObject({ message: SWAP_MESSAGES.notPending, extensions: { code: "CONFLICT" } });
    }
    expect(await db.request(id)).toMatchObject({ status: "accepted" });
    expect(await db.blocks(a.id, b.id)).toEqual([]);
    expect(await db.notes(a.id)).toEqual(notesBefore);
    expect(await db.chats(a.id, b.id)).toHaveLength(1);
  });

  it("two concurrent accepts open exactly one chat", async () => {
    const { a, b } = await trio();
    const id = await swapRequest(a, b);
    const results = await Promise.all([1, 2, 3, 4].map(() => t.gql(Q.accept, { id }, b.token)));
    expect(results.filter((r) => r.data?.acceptRequest).length).toBe(1);
    expect(results.filter((r) => r.errors?.[0].message === SWAP_MESSAGES.notPending).length).toBe(3);
    expect(await db.chats(a.id, b.id)).toHaveLength(1);
    expect((await db.notes(a.id)).filter((n) => n.type === "swap-accept")).toHaveLength(1);
  });

  it("an accept and a reject racing: exactly one wins", async () => {
    const { a, b } = await trio();
    const id = await swapRequest(a, b);
    const [acc, rej] = await Promise.all([t.gql(Q.accept, { id }, b.token), t.gql(Q.reject, { id }, b.token)]);
    expect([acc.errors, rej.errors].filter(Boolean)).toHaveLength(1);
    const row = await db.request(id);
    expect((await db.chats(a.id, b.id)).length).toBe(row.status === "accepted" ? 1 : 0);
    expect((await db.blocks(a.id, b.id)).length).toBe(row.status === "rejected" ? 1 : 0);
  });

  it("pay request: accept gives Accepted-Pay, Pay holds the coins in escrow and opens the chat", async () => {
    const { a, b } = await trio();
    await giveCoins(t, a.id, 20);
    const escrowBefore = await escrow(t);
    const id = await payRequest(a, b, 6);
    const accepted = await t.gql(Q.accept, { id }, b.token);
    expect(accepted.data.acceptRequest).toMatchObject({ status: "AWAITING_PAYMENT", chatId: null });
    expect(await db.notes(b.id)).toEqual([]);
    const [acceptedPay] = await db.notes(a.id);
    expect(acceptedPay).toMatchObject({
      type: "Accepted-Pay",
      notifierId: b.id,
      refId: id,
      skillCoins: 6,
      preachSkill: "Chess",
      learnSkill: null,
    });
    expect(await db.chats(a.id, b.id)).toEqual([]);
    // Still open: no new request meanwhile; the learner is told to pay.
    expect(
      (await t.gql(Q.requestSwap, { i: { receiverId: b.id, preachSkill: REACT, learnSkill: GUITAR } }, a.token)).errors?.[0].message,
    ).toBe(SWAP_MESSAGES.payAwaiting);

    const paid = await t.gql(Q.pay, { id }, a.token);
    expect(paid.data.payAcceptedRequest).toMatchObject({
      message: "Payment Successful!! 6 has been detected from your account.",
      coins: 6,
      request: { status: "PAID" },
    });
    expect(await balance(t, a.id)).toBe(14);
    expect(await escrow(t)).toBe(escrowBefore + 6);
    expect(await balance(t, b.id)).toBe(0);
    const hold = await t.app.services.coins.findHold(`pay:${id}`);
    expect(hold).toMatchObject({ amount: 6, fromAccountId: a.id, beneficiaryId: b.id, holdState: "held" });
    const [chat] = await db.chats(a.id, b.id);
    expect(chat).toMatchObject({
      kind: "pay",
      requesterId: a.id,
      receiverId: b.id,
      requesterLearnsSkill: "Chess",
      receiverLearnsSkill: null,
      coins: 6,
      escrowRef: `pay:${id}`,
    });
    expect(await db.request(id)).toMatchObject({ status: "paid", chatId: chat.id, escrowRef: `pay:${id}`, openPair: null });
    expect(await db.notes(a.id)).toEqual([]);
    expect(await db.notes(b.id)).toEqual([
      expect.objectContaining({ type: "swap-accept", notifierId: a.id, refId: chat.id, skillCoins: 6 }),
    ]);
    // Paying twice moves nothing more.
    expect((await t.gql(Q.pay, { id }, a.token)).errors?.[0].message).toBe(SWAP_MESSAGES.notPending);
    expect(await balance(t, a.id)).toBe(14);
  });

  it("paying with too few coins shows the ledger's message and moves nothing", async () => {
    const { a, b } = await trio();
    await giveCoins(t, a.id, 3);
    const escrowBefore = await escrow(t);
    const id = await payRequest(a, b, 5);
    await t.gql(Q.accept, { id }, b.token);
    const r = await t.gql(Q.pay, { id }, a.token);
    expect(r.errors?.[0]).toMatchObject({
      message: "You do not have enough skill coins",
      extensions: { code: "BAD_USER_INPUT", reason: "NOT_ENOUGH_COINS" },
    });
    expect(await balance(t, a.id)).toBe(3);
    expect(await escrow(t)).toBe(escrowBefore);
    expect(await db.request(id)).toMatchObject({ status: "awaiting_payment", chatId: null, escrowRef: null });
    expect(await db.chats(a.id, b.id)).toEqual([]);
    expect((await db.notes(a.id)).map((n) => n.type)).toEqual(["Accepted-Pay"]);
    expect(await db.notes(b.id)).toEqual([]);
    // After buying more, the same request can be paid.
    await giveCoins(t, a.id, 10);
    expect((await t.gql(Q.pay, { id }, a.token)).data.payAcceptedRequest.coins).toBe(5);
    expect(await balance(t, a.id)).toBe(8);
  });

  it("only the learner pays, and only once the teacher accepted", async () => {
    const { a, b, c } = await trio();
    await giveCoins(t, a.id, 10);
    await giveCoins(t, b.id, 10);
    const id = await payRequest(a, b, 4);
    const early = await t.gql(Q.pay, { id }, a.token);
    expect(early.errors?.[0].extensions?.code).toBe("CONFLICT");
    await t.gql(Q.accept, { id }, b.token);
    expect((await t.gql(Q.pay, { id }, b.token)).errors?.[0]).toMatchObject({
      message: SWAP_MESSAGES.onlyLearner,
      extensions: { code: "FORBIDDEN" },
    });
    expect((await t.gql(Q.pay, { id }, c.token)).errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect((await t.gql(Q.accept, { id }, b.token)).errors?.[0].message).toBe(SWAP_MESSAGES.notPending);
    expect([await balance(t, a.id), await balance(t, b.id)]).toEqual([10, 10]);
    const swap = await t.gql(Q.requestSwap, { i: { receiverId: a.id, preachSkill: CHESS, learnSkill: REACT } }, c.token);
    const swapId = swap.data.requestSwap.id;
    expect((await t.gql(Q.pay, { id: swapId }, c.token)).errors?.[0].message).toBe(SWAP_MESSAGES.notAPayRequest);
  });

  it("the teacher may reject a pay request, and the learner may decline to pay instead", async () => {
    const { a, b, c } = await trio();
    const first = await payRequest(a, b);
    await t.gql(Q.reject, { id: first }, b.token);
    expect(await db.request(first)).toMatchObject({ status: "rejected", rejectedById: b.id });
    expect(await db.notes(a.id)).toEqual([
      expect.objectContaining({ type: "swap-reject", message: "Your swap request has been rejected" }),
    ]);
    expect(await db.blocks(a.id, b.id)).toEqual([expect.objectContaining({ blockerId: b.id, blockedId: a.id })]);

    const second = await payRequest(c, b, 2);
    await t.gql(Q.accept, { id: second }, b.token);
    expect((await t.gql(Q.reject, { id: second }, b.token)).errors?.[0].extensions?.code).toBe("FORBIDDEN");
    const declined = await t.gql(Q.reject, { id: second }, c.token);
    expect(declined.data.rejectRequest.status).toBe("REJECTED");
    expect(await db.request(second)).toMatchObject({ status: "rejected", rejectedById: c.id });
    expect((await db.notes(c.id)).map((n) => n.type)).toEqual([]);
    expect((await db.notes(b.id)).map((n) => [n.type, n.message])).toEqual([["swap-reject", SWAP_MESSAGES.paymentDeclined]]);
    expect(await db.blocks(c.id, b.id)).toEqual([expect.objectContaining({ blockerId: c.id, blockedId: b.id })]);
    expect(await db.chats(c.id, b.id)).toEqual([]);
  });

  it("delivers the request's notification live to the receiver only", async () => {
    const { a, b, c } = await trio();
    const sub = `subscription { notificationAdded { type refId notifier { id } } }`;
    const subB = subscribe(t.wsClient(b.token), sub);
    const subC = subscribe(t.wsClient(c.token), sub);
    await eventually(() => t.app.pubsub.listenerCount("NOTIFICATION_ADDED") >= 2, "two live subscriptions");
    const id = await swapRequest(a, b);
    expect((await subB.next()).data.notificationAdded).toEqual({ type: "SWAP_REQUEST", refId: id, notifier: { id: a.id } });
    // C's first event is its own, later one: B's never reached it.
    await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify({ recipientId: c.id, notifierId: a.id, type: "swap-accept", message: "for C" }, em),
    );
    expect((await subC.next()).data.notificationAdded.type).toBe("SWAP_ACCEPT");
    subB.dispose();
    subC.dispose();
  });
});
