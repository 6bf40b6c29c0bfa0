import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { Chat } from "../chat/chat.entity.js";
import { Notification } from "../notifications/notification.entity.js";
import { SwapRequest } from "./swap-request.entity.js";
import { SWAP_MESSAGES } from "./swap.rules.js";
import { balance, CHESS, escrow, giveCoins, GUITAR, REACT, student, type Student } from "./swaps.test-support.js";

/** The spec's REST doors: userID is the caller, feedID the other student. */
describe.each(dbTargets)("swap REST paths on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const post = (path: string, s: Student, body: Record<string, unknown>) => t.rest("POST", path, { token: s.token, body });
  const requestOf = (requesterId: string) => t.dataSource.getRepository(SwapRequest).findOneByOrFail({ requesterId });
  const chats = (a: string, b: string) =>
    t.dataSource.getRepository(Chat).count({
      where: [
        { requesterId: a, receiverId: b },
        { requesterId: b, receiverId: a },
      ],
    });
  const notes = (recipientId: string) => t.dataSource.getRepository(Notification).find({ where: { recipientId } });
  async function pair() {
    return { a: await student(t, [REACT]), b: await student(t, [GUITAR, CHESS], "Female") };
  }

  it("accept-swap: the receiver (userID) accepts the requester's (feedID) swap", async () => {
    const { a, b } = await pair();
    await post("/swap-request", a, { feedID: b.id, userID: a.id, preachSkill: REACT, learnSkill: GUITAR });
    expect((await post("/accept-swap", a, { feedID: b.id, userID: a.id, learnSkill: GUITAR, preachSkill: REACT })).status).toBe(403);
    expect((await post("/accept-swap", b, { feedID: a.id, userID: a.id })).status).toBe(403);
    const r = await post("/accept-swap", b, { feedID: a.id, userID: b.id, learnSkill: REACT, preachSkill: GUITAR });
    expect(r).toMatchObject({ status: 200, body: { error: "" } });
    expect(await chats(a.id, b.id)).toBe(1);
    expect((await requestOf(a.id)).status).toBe("accepted");
    // The old client (axios) reads `error` only from a 2xx answer: a refusal is 200 with its text.
    const again = await post("/accept-swap", b, { feedID: a.id, userID: b.id });
    expect(again).toMatchObject({ status: 200, body: { error: SWAP_MESSAGES.notPending, code: "CONFLICT" } });
    expect(await chats(a.id, b.id)).toBe(1);
  });

  it("reject-swap: the rejector (userID) blocks the requester (feedID)", async () => {
    const { a, b } = await pair();
    await post("/swap-request", a, { feedID: b.id, userID: a.id, preachSkill: REACT, learnSkill: GUITAR });
    expect((await post("/reject-swap", a, { feedID: a.id, userID: b.id })).status).toBe(403);
    expect((await post("/reject-swap", a, { feedID: b.id, userID: a.id })).status).toBe(403);
    const r = await post("/reject-swap", b, { feedID: a.id, userID: b.id });
    expect(r).toMatchObject({ status: 200, body: { error: "" } });
    expect((await requestOf(a.id)).status).toBe("rejected");
    expect(await t.app.services.blocks.isBlockedEither(a.id, b.id)).toBe(true);
    expect((await notes(a.id)).map((n) => n.message)).toEqual(["Your swap request has been rejected"]);
    expect((await post("/reject-swap", b, { feedID: a.id, userID: b.id })).body.error).toBe(SWAP_MESSAGES.notPending);
  });

  it("accept-pay then detect-skill-coins: coins into escrow, chat opens, the success text", async () => {
    const { a, b } = await pair();
    await giveCoins(t, a.id, 9);
    const escrowBefore = await escrow(t);
    await post("/pay-request", a, { feedID: b.id, userID: a.id, learnSkill: CHESS, skillCoins: 4 });
    // accept-swap does not answer a pay request, accept-pay does.
    expect(await post("/accept-swap", b, { feedID: a.id, userID: b.id })).toMatchObject({
      status: 200,
      body: { error: "This is a pay request", code: "BAD_USER_INPUT" },
    });
    expect((await requestOf(a.id)).status).toBe("pending");
    expect((await post("/accept-pay", b, { feedID: a.id, userID: b.id, learnSkill: CHESS, skillCoins: 4 })).body).toEqual({ error: "" });
    expect((await requestOf(a.id)).status).toBe("awaiting_payment");
    expect((await notes(a.id)).map((n) => n.type)).toEqual(["Accepted-Pay"]);

    expect((await post("/detect-skill-coins", b, { userID: a.id, feedID: b.id, skillCoins: 4 })).status).toBe(403);
    expect((await post("/detect-skill-coins", b, { userID: b.id, feedID: a.id, skillCoins: 4 })).status).toBe(403);
    const wrong = await post("/detect-skill-coins", a, { userID: a.id, feedID: b.id, skillCoins: 1 });
    expect(wrong.body.error).toBe(SWAP_MESSAGES.amountMismatch);
    expect(await balance(t, a.id)).toBe(9);

    const paid = await post("/detect-skill-coins", a, { userID: a.id, feedID: b.id, skillCoins: "4" });
    expect(paid).toMatchObject({
      status: 200,
      body: { error: "", message: "Payment Successful!! 4 has been detected from your account." },
    });
    expect(await balance(t, a.id)).toBe(5);
    expect(await escrow(t)).toBe(escrowBefore + 4);
    expect(await chats(a.id, b.id)).toBe(1);
    expect((await requestOf(a.id)).status).toBe("paid");
  });

  it("detect-skill-coins with too few coins answers the ledger's message and moves nothing", async () => {
    const { a, b } = await pair();
    await post("/pay-request", a, { feedID: b.id, userID: a.id, learnSkill: GUITAR, skillCoins: 3 });
    await post("/accept-pay", b, { feedID: a.id, userID: b.id });
    const r = await post("/detect-skill-coins", a, { userID: a.id, feedID: b.id, skillCoins: 3 });
    expect(r).toMatchObject({ status: 200, body: { error: "You do not have enough skill coins" } });
    expect(await balance(t, a.id)).toBe(0);
    expect((await requestOf(a.id)).status).toBe("awaiting_payment");
    expect(await chats(a.id, b.id)).toBe(0);
  });

  it("a repeated swap-request answers 200 with the spec's 'already sent' text and stores nothing", async () => {
    const { a, b } = await pair();
    const first = await post("/swap-request", a, { feedID: b.id, userID: a.id, preachSkill: REACT, learnSkill: GUITAR });
    expect(first).toMatchObject({ status: 200, body: { error: "" } });
    const again = await post("/swap-request", a, { feedID: b.id, userID: a.id, preachSkill: REACT, learnSkill: CHESS });
    expect(again).toMatchObject({ status: 200, body: { error: SWAP_MESSAGES.alreadyPending, code: "CONFLICT" } });
    expect(await t.dataSource.getRepository(SwapRequest).count({ where: { requesterId: a.id } })).toBe(1);
    expect((await notes(b.id)).map((n) => n.type)).toEqual(["swap-request"]);
    // Authentication and authorization keep their status on the same path.
    expect((await t.rest("POST", "/swap-request", { body: { feedID: b.id, userID: a.id } })).status).toBe(401);
    expect((await post("/swap-request", b, { feedID: b.id, userID: a.id, preachSkill: REACT, learnSkill: GUITAR })).status).toBe(403);
  });

  it("accept-swap after detect-skill-coins (the old client's pay flow) answers error '' and changes nothing", async () => {
    const { a, b } = await pair();
    await giveCoins(t, a.id, 9);
    await post("/pay-request", a, { feedID: b.id, userID: a.id, learnSkill: CHESS, skillCoins: 4 });
    await post("/accept-pay", b, { feedID: a.id, userID: b.id });
    expect((await post("/detect-skill-coins", a, { userID: a.id, feedID: b.id, skillCoins: 4 })).body.error).toBe("");
    const notesBefore = [...(await notes(a.id)), ...(await notes(b.id))].length;
    const chat = await t.dataSource.getRepository(Chat).findOneByOrFail({ requesterId: a.id, receiverId: b.id });

    // The learner records "a swap acceptance with no teaching skill", as the old client did after paying.
    const ack = await post("/accept-swap", a, { feedID: b.id, userID: a.id, learnSkill: CHESS, preachSkill: "" });
    expect(ack).toMatchObject({ status: 200, body: { error: "", chatId: chat.id } });
    expect(await chats(a.id, b.id)).toBe(1);
    expect(await balance(t, a.id)).toBe(5);
    expect((await requestOf(a.id)).status).toBe("paid");
    expect([...(await notes(a.id)), ...(await notes(b.id))].length).toBe(notesBefore);
    // The teacher has nothing to accept: a refusal, as text.
    expect(await post("/accept-swap", b, { feedID: a.id, userID: b.id })).toMatchObject({
      status: 200,
      body: { error: SWAP_MESSAGES.notPending },
    });
    // Paying twice is refused the same way, and moves nothing.
    expect(await post("/detect-skill-coins", a, { userID: a.id, feedID: b.id, skillCoins: 4 })).toMatchObject({
      status: 200,
      body: { error: SWAP_MESSAGES.notPending },
    });
    expect(await balance(t, a.id)).toBe(5);
  });

  it("the learner may reject an accepted pay request through reject-swap", async () => {
    const { a, b } = await pair();
    await post("/pay-request", a, { feedID: b.id, userID: a.id, learnSkill: GUITAR, skillCoins: 3 });
    await post("/accept-pay", b, { feedID: a.id, userID: b.id });
    // The teacher is refused with the answer's own words (the adapter used to answer "only the receiver").
    const teacher = await post("/reject-swap", b, { feedID: a.id, userID: b.id });
    expect(teacher.status).toBe(403);
    expect(teacher.body.error ?? teacher.body.message).toContain("Only the learner can decline an accepted pay request");
    expect((await post("/reject-swap", a, { feedID: b.id, userID: a.id })).body).toEqual({ error: "" });
    expect((await requestOf(a.id)).status).toBe("rejected");
    expect((await notes(b.id)).map((n) => n.type)).toEqual(["swap-reject"]);
  });

  it("needs a token on every path", async () => {
    for (const path of [
      "/user/swap/form",
      "/user/payment/form",
      "/swap-request",
      "/pay-request",
      "/reject-swap",
      "/accept-swap",
      "/accept-pay",
      "/detect-skill-coins",
    ]) {
      expect((await t.rest("POST", path, { body: {} })).status, path).toBe(401);
    }
  });
});
