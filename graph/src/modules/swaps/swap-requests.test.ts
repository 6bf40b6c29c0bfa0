import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { Notification } from "../notifications/notification.entity.js";
import { SwapRequest } from "./swap-request.entity.js";
import { SWAP_MESSAGES } from "./swap.rules.js";
import { CHESS, GUITAR, Q, REACT, student, type Student } from "./swaps.test-support.js";

describe.each(dbTargets)("swap and pay requests on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const requests = () => t.dataSource.getRepository(SwapRequest);
  const notes = () => t.dataSource.getRepository(Notification);
  async function pair(): Promise<{ a: Student; b: Student }> {
    return { a: await student(t, [REACT]), b: await student(t, [GUITAR, CHESS], "Female") };
  }
  const swapInput = (to: Student, preach = REACT, learn = GUITAR) => ({ i: { receiverId: to.id, preachSkill: preach, learnSkill: learn } });

  it("offers my skills to teach and theirs to learn in both popups", async () => {
    const { a, b } = await pair();
    const swap = await t.gql(Q.swapForm, { u: b.id }, a.token);
    expect(swap.data.swapForm).toEqual({ preachSkills: [REACT], learnSkills: [GUITAR, CHESS] });
    const pay = await t.gql(Q.payForm, { u: b.id }, a.token);
    expect(pay.data.payForm.learnSkills).toEqual([GUITAR, CHESS]);
    const rest = await t.rest("POST", "/user/payment/form", { token: a.token, body: { senderID: a.id, receiverID: b.id } });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ error: "", preachSkills: [REACT], learnSkills: [GUITAR, CHESS] });
  });

  it("sends a swap request: stored pending, the receiver alone gets swap-request", async () => {
    const { a, b } = await pair();
    const r = await t.gql(Q.requestSwap, swapInput(b), a.token);
    expect(r.errors).toBeUndefined();
    expect(r.data.requestSwap).toMatchObject({
      kind: "SWAP",
      status: "PENDING",
      requester: { id: a.id },
      receiver: { id: b.id },
      preachSkill: REACT,
      learnSkill: GUITAR,
    });
    const row = await requests().findOneByOrFail({ id: r.data.requestSwap.id });
    expect(row).toMatchObject({
      requesterId: a.id,
      receiverId: b.id,
      status: "pending",
      preachSkill: "React",
      learnSkill: "Guitar",
      coins: null,
    });
    const forB = await t.gql(Q.notifications, {}, b.token);
    expect(forB.data.notifications.edges.map((e: any) => e.node)).toEqual([
      expect.objectContaining({
        type: "SWAP_REQUEST",
        refId: row.id,
        notifier: { id: a.id, name: a.name },
        preachSkill: REACT,
        learnSkill: GUITAR,
      }),
    ]);
    expect((await t.gql(Q.notifications, {}, a.token)).data.notificationCount).toBe(0);
  });

  it("sends a pay request with the agreed coins to the teacher", async () => {
    const { a, b } = await pair();
    const r = await t.gql(Q.requestPay, { i: { receiverId: b.id, learnSkill: CHESS, skillCoins: 7 } }, a.token);
    expect(r.data.requestPay).toMatchObject({ kind: "PAY", status: "PENDING", skillCoins: 7, preachSkill: null, learnSkill: CHESS });
    const n = await notes().findOneByOrFail({ recipientId: b.id });
    expect(n).toMatchObject({ type: "pay-request", notifierId: a.id, skillCoins: 7, learnSkill: "Chess", refId: r.data.requestPay.id });
  });

  it("answers a second request in either direction with the pending message and stores nothing", async () => {
    const { a, b } = await pair();
    await t.gql(Q.requestSwap, swapInput(b), a.token);
    const again = await t.gql(Q.requestPay, { i: { receiverId: b.id, learnSkill: GUITAR, skillCoins: 2 } }, a.token);
    expect(again.errors?.[0]).toMatchObject({ message: SWAP_MESSAGES.alreadyPending, extensions: { code: "CONFLICT" } });
    const reverse = await t.gql(Q.requestSwap, swapInput(a, GUITAR, REACT), b.token);
    expect(reverse.errors?.[0].message).toBe(SWAP_MESSAGES.alreadyPending);
    const rest = await t.rest("POST", "/swap-request", {
      token: a.token,
      body: { feedID: b.id, userID: a.id, preachSkill: REACT, learnSkill: GUITAR },
    });
    // The old client's path: the refusal is 200 with its text in `error` (an axios client reads no other).
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ error: SWAP_MESSAGES.alreadyPending, code: "CONFLICT" });
    const form = await t.gql(Q.swapForm, { u: b.id }, a.token);
    expect(form.errors?.[0].message).toBe(SWAP_MESSAGES.alreadyPending);
    expect(await requests().count({ where: [{ requesterId: a.id }, { requesterId: b.id }] })).toBe(1);
    expect(await notes().count({ where: { recipientId: b.id } })).toBe(1);
    expect(await notes().count({ where: { recipientId: a.id } })).toBe(0);
  });

  it("a pending pay request answers with the pay request's own message, an accepted one with the way to pay", async () => {
    const { a, b } = await pair();
    const sent = await t.gql(Q.requestPay, { i: { receiverId: b.id, learnSkill: CHESS, skillCoins: 4 } }, a.token);
    expect(sent.errors).toBeUndefined();
    for (const r of [
      await t.gql(Q.payForm, { u: b.id }, a.token),
      await t.gql(Q.requestPay, { i: { receiverId: b.id, learnSkill: CHESS, skillCoins: 4 } }, a.token),
      await t.gql(Q.swapForm, { u: b.id }, a.token),
      await t.gql(Q.requestSwap, swapInput(a, GUITAR, REACT), b.token),
    ]) {
      expect(r.errors?.[0]).toMatchObject({ message: SWAP_MESSAGES.payPending, extensions: { code: "CONFLICT" } });
    }
    const rest = await t.rest("POST", "/pay-request", {
      token: a.token,
      body: { feedID: b.id, userID: a.id, learnSkill: CHESS, skillCoins: 4 },
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ error: SWAP_MESSAGES.payPending, code: "CONFLICT" });
    await t.app.services.swapDecisions.accept(b.id, sent.data.requestPay.id);
    expect((await t.gql(Q.payForm, { u: b.id }, a.token)).errors?.[0].message).toBe(SWAP_MESSAGES.payAwaiting);
    expect((await t.gql(Q.payForm, { u: a.id }, b.token)).errors?.[0].message).toBe(SWAP_MESSAGES.payPending);
  });

  it("lets exactly one of two simultaneous requests of a pair through", async () => {
    const { a, b } = await pair();
    const results = await Promise.all([
      t.gql(Q.requestSwap, swapInput(b), a.token),
      t.gql(Q.requestSwap, swapInput(a, GUITAR, REACT), b.token),
      t.gql(Q.requestPay, { i: { receiverId: b.id, learnSkill: CHESS, skillCoins: 3 } }, a.token),
    ]);
    expect(results.filter((r) => !r.errors).length).toBe(1);
    // The others are told what kind of request is now waiting.
    const won = results.findIndex((r) => !r.errors) === 2 ? SWAP_MESSAGES.payPending : SWAP_MESSAGES.alreadyPending;
    expect(results.filter((r) => r.errors?.[0].message === won).length).toBe(2);
    expect(await requests().count({ where: [{ requesterId: a.id }, { requesterId: b.id }] })).toBe(1);
  });

  it("refuses a request once a chat exists between the two", async () => {
    const { a, b } = await pair();
    await t.app.services.deps.tx((em) =>
      t.app.services.chatOpen.open({ kind: "implement", requesterId: b.id, receiverId: a.id, title: "Robot" }, em),
    );
    const r = await t.gql(Q.requestSwap, swapInput(b), a.token);
    expect(r.errors?.[0].message).toBe(SWAP_MESSAGES.chatExists);
    const form = await t.rest("POST", "/user/swap/form", { token: a.token, body: { senderID: a.id, receiverID: b.id } });
    expect(form.body.error).toBe(SWAP_MESSAGES.chatExists);
    const avail = await t.gql(Q.availability, { u: b.id }, a.token);
    expect(avail.data.swapAvailability).toEqual({ hasChat: true, canRequest: false, reason: SWAP_MESSAGES.chatExists, openRequest: null });
    expect(await requests().count({ where: { requesterId: a.id } })).toBe(0);
  });

  it("refuses a request when either student blocked the other", async () => {
    const { a, b } = await pair();
    await t.app.services.deps.tx((em) => t.app.services.blocks.block(b.id, a.id, "swap-rejected", em));
    expect((await t.gql(Q.requestSwap, swapInput(b), a.token)).errors?.[0].message).toBe(SWAP_MESSAGES.blocked);
    expect((await t.gql(Q.requestSwap, swapInput(a, GUITAR, REACT), b.token)).errors?.[0].message).toBe(SWAP_MESSAGES.blocked);
    const pay = await t.rest("POST", "/pay-request", {
      token: a.token,
      body: { feedID: b.id, userID: a.id, learnSkill: CHESS, skillCoins: 4 },
    });
    expect(pay.body.error).toBe(SWAP_MESSAGES.blocked);
    expect(await requests().count({ where: [{ requesterId: a.id }, { requesterId: b.id }] })).toBe(0);
  });

  it("takes skills only from the real profiles", async () => {
    const { a, b } = await pair();
    const notMine = await t.gql(Q.requestSwap, swapInput(b, CHESS, GUITAR), a.token);
    expect(notMine.errors?.[0]).toMatchObject({ message: SWAP_MESSAGES.teachSkill, extensions: { code: "BAD_USER_INPUT" } });
    const notTheirs = await t.gql(Q.requestSwap, swapInput(b, REACT, { skill: "Guitar", category: "Other" }), a.token);
    expect(notTheirs.errors?.[0].message).toBe(SWAP_MESSAGES.learnSkill);
    const payNotTheirs = await t.gql(Q.requestPay, { i: { receiverId: b.id, learnSkill: REACT, skillCoins: 1 } }, a.token);
    expect(payNotTheirs.errors?.[0].message).toBe(SWAP_MESSAGES.learnSkill);
    // Case and spacing do not matter; the profile's own spelling is stored.
    const ok = await t.gql(
      Q.requestSwap,
      swapInput(b, { skill: " react ", category: REACT.category }, { skill: "GUITAR", category: GUITAR.category }),
      a.token,
    );
    expect(ok.data.requestSwap).toMatchObject({ preachSkill: REACT, learnSkill: GUITAR });
  });

  it("says 'select skills' and 'Enter skill coins' like the popup, and checks the amount", async () => {
    const { a, b } = await pair();
    const noSkills = await t.gql(Q.requestSwap, { i: { receiverId: b.id, preachSkill: REACT } }, a.token);
    expect(noSkills.errors?.[0].message).toBe("select skills");
    const restNoSkills = await t.rest("POST", "/swap-request", {
      token: a.token,
      body: { feedID: b.id, userID: a.id, learnSkill: GUITAR },
    });
    expect(restNoSkills).toMatchObject({ status: 200, body: { error: "select skills", code: "BAD_USER_INPUT" } });
    expect((await t.gql(Q.requestPay, { i: { receiverId: b.id, skillCoins: 3 } }, a.token)).errors?.[0].message).toBe("select skills");
    expect((await t.gql(Q.requestPay, { i: { receiverId: b.id, learnSkill: CHESS, skillCoins: 0 } }, a.token)).errors?.[0].message).toBe(
      "Enter skill coins",
    );
    for (const bad of [-2, 10_001]) {
      const r = await t.gql(Q.requestPay, { i: { receiverId: b.id, learnSkill: CHESS, skillCoins: bad } }, a.token);
      expect(r.errors?.[0].message).toBe(SWAP_MESSAGES.coins);
    }
    for (const bad of [2.5, "abc", "1e3"]) {
      const r = await t.rest("POST", "/pay-request", {
        token: a.token,
        body: { feedID: b.id, userID: a.id, learnSkill: CHESS, skillCoins: bad },
      });
      expect(r).toMatchObject({ status: 200, body: { error: SWAP_MESSAGES.coins, code: "BAD_USER_INPUT" } });
    }
    expect(await requests().count({ where: { requesterId: a.id } })).toBe(0);
    // Old clients send the input's text.
    const text = await t.rest("POST", "/pay-request", {
      token: a.token,
      body: { feedID: b.id, userID: a.id, learnSkill: CHESS, skillCoins: "12" },
    });
    expect(text).toMatchObject({ status: 200, body: { error: "" } });
    expect((await requests().findOneByOrFail({ requesterId: a.id })).coins).toBe(12);
  });

  it("refuses myself, unknown students, incomplete profiles and missing tokens", async () => {
    const { a, b } = await pair();
    expect((await t.gql(Q.requestSwap, swapInput(a, REACT, REACT), a.token)).errors?.[0].message).toBe(SWAP_MESSAGES.self);
    const ghost = await t.gql(Q.swapForm, { u: "00000000-0000-4000-8000-000000000000" }, a.token);
    expect(ghost.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    const blank = await t.createUser({ gender: null });
    const unfilled = await t.gql(Q.swapForm, { u: b.id }, blank.token);
    expect(unfilled.errors?.[0]).toMatchObject({ message: "not filled details", extensions: { code: "DETAILS_NOT_FILLED" } });
    expect((await t.gql(Q.swapForm, { u: b.id })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    expect(
      (await t.rest("POST", "/swap-request", { body: { feedID: b.id, userID: a.id, preachSkill: REACT, learnSkill: GUITAR } })).status,
    ).toBe(401);
  });

  it("answers 403 when the body's caller id is someone else's", async () => {
    const { a, b } = await pair();
    const spoofs = [
      ["/user/swap/form", { senderID: b.id, receiverID: a.id }],
      ["/user/payment/form", { senderID: b.id, receiverID: a.id }],
      ["/swap-request", { feedID: a.id, userID: b.id, preachSkill: GUITAR, learnSkill: REACT }],
      ["/pay-request", { feedID: a.id, userID: b.id, learnSkill: REACT, skillCoins: 3 }],
    ] as const;
    for (const [path, body] of spoofs) {
      const r = await t.rest("POST", path, { token: a.token, body });
      expect(r.status, path).toBe(403);
    }
    expect(await requests().count({ where: [{ requesterId: a.id }, { requesterId: b.id }] })).toBe(0);
  });

  it("sends a swap request through REST with userID = caller and feedID = receiver", async () => {
    const { a, b } = await pair();
    const r = await t.rest("POST", "/swap-request", {
      token: a.token,
      body: { feedID: b.id, userID: a.id, preachSkill: REACT, learnSkill: GUITAR },
    });
    expect(r).toMatchObject({ status: 200, body: { error: "" } });
    expect(await requests().findOneByOrFail({ id: r.body.requestId })).toMatchObject({ requesterId: a.id, receiverId: b.id, kind: "swap" });
    const avail = await t.gql(Q.availability, { u: a.id }, b.token);
    expect(avail.data.swapAvailability).toMatchObject({
      hasChat: false,
      canRequest: false,
      openRequest: { id: r.body.requestId, status: "PENDING" },
    });
  });
});
