import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  advanceDays,
  balance,
  CHAT,
  chatPair,
  chatRow,
  escrowBalance,
  FINISH,
  RATE,
  REPORT,
  SEND,
  SET_LINK,
  transfersLike,
} from "../../../test/chat.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { User } from "../accounts/user.entity.js";
import { Block } from "../blocks/block.entity.js";
import { CoinReward } from "../coins/reward.entity.js";
import { Notification } from "../notifications/notification.entity.js";
import { CompletedSkill } from "../profiles/completed-skill.entity.js";
import { ChatReport } from "./chat-report.entity.js";

describe.each(dbTargets)("rating, finishing and reporting chats on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const user = (id: string) => t.dataSource.getRepository(User).findOneOrFail({ where: { id } });
  const rewardsOf = (userId: string) => t.dataSource.getRepository(CoinReward).find({ where: { userId } });
  const completedOf = (learnerId: string) => t.dataSource.getRepository(CompletedSkill).find({ where: { learnerId } });
  const finishNotes = (recipientId: string) =>
    t.dataSource.getRepository(Notification).find({ where: { recipientId, type: "success-Finish" } });
  const rate = (token: string, chatWith: string, stars: number) => t.gql(RATE, { chatWith, stars }, token);
  const finish = (token: string, chatWith: string) => t.gql(FINISH, { chatWith }, token);
  /** What the coins page shows the student: spendable, and held for them until a course finishes. */
  const account = async (token: string) => (await t.gql("{ skillCoins { balance heldForYou } }", {}, token)).data.skillCoins;

  it("refuses finishing on day 9 with the spec's message and allows it on day 10", async () => {
    const { a, b, chat } = await chatPair(t);
    await rate(a.token, b.id, 4);
    await advanceDays(t, 9);
    t.clock.advance(23 * 60 * 60 * 1000); // 9 days 23 hours: still 9 whole days
    const early = await finish(a.token, b.id);
    expect(early.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    expect(early.errors?.[0].message).toMatch(
      /^You should have learned for atleast 10 days to finish the course\. You have just completed 9 days\. .*report.*/,
    );
    expect((await chatRow(t, chat.id)).requesterFinishedAt).toBeNull();
    t.clock.advance(60 * 60 * 1000);
    const ok = await finish(a.token, b.id);
    expect(ok.data.finishChat).toMatchObject({
      ended: false,
      waitingForPartner: true,
      chat: { status: "IN_PROGRESS", finishedByMe: true, finishedByPartner: false },
    });
    expect((await t.gql(CHAT, { chatWith: a.id }, b.token)).data.chat).toMatchObject({
      daysCompleted: 10,
      finishedByPartner: true,
      finishedByMe: false,
    });
    // Nobody is paid until both have finished.
    expect(await transfersLike(t, `reward:chat:${chat.id}`)).toHaveLength(0);
  });

  it("asks for the rating before finishing, takes 1..5 stars once per chat and keeps the partner's average", async () => {
    const { a, b, chat } = await chatPair(t);
    await advanceDays(t, 10);
    const unrated = await finish(a.token, b.id);
    expect(unrated.errors?.[0]).toMatchObject({
      message: "Please rate your partner before finishing",
      extensions: { code: "BAD_USER_INPUT", reason: "RATING_REQUIRED" },
    });
    for (const stars of [0, 6, -1])
      expect((await rate(a.token, b.id, stars)).errors?.[0].message).toBe("Please give a rating from 1 to 5 stars");
    expect((await rate(a.token, b.id, 5)).data.rateChatPartner.ratingGiven).toBe(true);
    expect((await rate(a.token, b.id, 1)).errors?.[0].extensions?.code).toBe("CONFLICT");
    expect(await user(b.id)).toMatchObject({ ratingSum: 5, ratingCount: 1, ratingAvg: 5 });
    // A second chat of b's: another rater's 2 stars make 3.5 from 2 ratings.
    const other = await chatPair(t);
    await t.app.services.deps.tx((em) => t.app.services.chatOpen.open({ kind: "swap", requesterId: other.a.id, receiverId: b.id }, em));
    expect((await rate(other.a.token, b.id, 2)).errors).toBeUndefined();
    expect(await user(b.id)).toMatchObject({ ratingSum: 7, ratingCount: 2, ratingAvg: 3.5 });
    // Concurrent double ratings count once.
    const results = await Promise.all([rate(b.token, a.id, 3), rate(b.token, a.id, 3), rate(b.token, a.id, 3)]);
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    expect(await user(a.id)).toMatchObject({ ratingSum: 3, ratingCount: 1, ratingAvg: 3 });
    expect(await chatRow(t, chat.id)).toMatchObject({ requesterRated: true, receiverRated: true });
  });

  it("completes a swap when both finish: 1 coin each once, skills both ways, notifications, ended", async () => {
    const { a, b, chat } = await chatPair(t);
    await rate(a.token, b.id, 5);
    await rate(b.token, a.id, 4);
    await advanceDays(t, 10);
    const [aBefore, bBefore] = [await balance(t, a.id), await balance(t, b.id)];
    expect((await finish(a.token, b.id)).data.finishChat.ended).toBe(false);
    const done = await finish(b.token, a.id);
    expect(done.data.finishChat).toMatchObject({ ended: true, waitingForPartner: false, chat: { status: "COMPLETED" } });
    expect(await balance(t, a.id)).toBe(aBefore + 1);
    expect(await balance(t, b.id)).toBe(bBefore + 1);
    expect((await user(a.id)).skillCoins).toBe(aBefore + 1);
    expect(await transfersLike(t, `reward:chat:${chat.id}`)).toHaveLength(2);
    expect(await rewardsOf(a.id)).toMatchObject([{ coins: 1, seen: false }]);
    expect((await rewardsOf(b.id))[0].reason).toContain(a.user.name);
    expect(await completedOf(a.id)).toMatchObject([{ mentorId: b.id, skill: "Guitar", category: "Music & Performing Arts" }]);
    expect(await completedOf(b.id)).toMatchObject([{ mentorId: a.id, skill: "React", category: "Programming & Technology" }]);
    expect(await finishNotes(a.id)).toMatchObject([{ notifierId: b.id, refId: chat.id }]);
    expect(await finishNotes(b.id)).toHaveLength(1);
    const row = await chatRow(t, chat.id);
    expect(row.status).toBe("completed");
    expect(row.endedAt?.toISOString()).toBe(t.clock.now().toISOString());
    // Finishing again answers ended and pays nothing more; the chat is closed for messages and links.
    expect((await finish(a.token, b.id)).data.finishChat.ended).toBe(true);
    expect(await balance(t, a.id)).toBe(aBefore + 1);
    expect(await completedOf(a.id)).toHaveLength(1);
    expect(await finishNotes(a.id)).toHaveLength(1);
    expect((await t.gql(SEND, { chatWith: b.id, body: "still there?" }, a.token)).errors?.[0]).toMatchObject({
      message: "This chat is finished",
      extensions: { code: "CONFLICT" },
    });
    expect((await t.gql(SET_LINK, { chatWith: b.id, link: "meet.example.com/x" }, a.token)).errors?.[0].extensions?.code).toBe("CONFLICT");
  });

  it("pays once when both finish concurrently, repeatedly", async () => {
    const { a, b, chat } = await chatPair(t);
    await rate(a.token, b.id, 5);
    await rate(b.token, a.id, 5);
    await advanceDays(t, 10);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? finish(a.token, b.id) : finish(b.token, a.id))));
    for (const r of results) expect(r.errors).toBeUndefined();
    expect(results.some((r) => r.data.finishChat.ended)).toBe(true);
    expect(await balance(t, a.id)).toBe(1);
    expect(await balance(t, b.id)).toBe(1);
    expect(await transfersLike(t, `reward:chat:${chat.id}`)).toHaveLength(2);
    expect(await rewardsOf(a.id)).toHaveLength(1);
    expect(await completedOf(a.id)).toHaveLength(1);
    expect(await completedOf(b.id)).toHaveLength(1);
    expect(await finishNotes(b.id)).toHaveLength(1);
    expect((await chatRow(t, chat.id)).status).toBe("completed");
  });

  it("releases a paid chat's held coins to the teacher; only the payer gains the skill", async () => {
    const { a, b, chat } = await chatPair(t, { kind: "pay", coins: 7 });
    const escrowBefore = await escrowBalance(t);
    expect(await balance(t, a.id)).toBe(2); // bought 9, 7 held
    // The teacher sees the learner's coins held for them, not yet spendable; the learner nothing held for them.
    expect(await account(b.token)).toEqual({ balance: 0, heldForYou: 7 });
    expect(await account(a.token)).toEqual({ balance: 2, heldForYou: 0 });
    await rate(a.token, b.id, 5);
    await rate(b.token, a.id, 5);
    await advanceDays(t, 12);
    await finish(a.token, b.id);
    expect((await finish(b.token, a.id)).data.finishChat.ended).toBe(true);
    expect(await balance(t, b.id)).toBe(7 + 1);
    expect(await account(b.token)).toEqual({ balance: 8, heldForYou: 0 });
    expect(await balance(t, a.id)).toBe(2 + 1);
    expect(await escrowBalance(t)).toBe(escrowBefore - 7);
    expect(await transfersLike(t, `release:${chat.escrowRef}`)).toMatchObject([{ amount: 7 }]);
    expect(await completedOf(a.id)).toMatchObject([{ skill: "Guitar", mentorId: b.id }]);
    expect(await completedOf(b.id)).toEqual([]);
    expect((await finishNotes(b.id))[0].message).toContain("7 skill coins");
  });

  it("finishing an implement chat rewards both and adds no completed skill", async () => {
    const { a, b } = await chatPair(t, { kind: "implement" });
    await rate(a.token, b.id, 4);
    await rate(b.token, a.id, 4);
    await advanceDays(t, 10);
    await finish(a.token, b.id);
    expect((await finish(b.token, a.id)).data.finishChat.ended).toBe(true);
    expect([await balance(t, a.id), await balance(t, b.id)]).toEqual([1, 1]);
    expect([...(await completedOf(a.id)), ...(await completedOf(b.id))]).toEqual([]);
  });

  it("needs a report reason, and Other needs its text", async () => {
    const { a, b, chat } = await chatPair(t);
    // GraphQL takes only the listed reasons (an enum); REST's free text gets the spec's message (chat.rest.test.ts).
    for (const reason of ["", "Spam or scam", "spam"]) {
      const r = await t.gql(REPORT, { chatWith: b.id, reason }, a.token);
      expect(r.errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    }
    for (const details of [null, "  "]) {
      const r = await t.gql(REPORT, { chatWith: b.id, reason: "OTHER", details }, a.token);
      expect(r.errors?.[0]).toMatchObject({ message: "Please describe the reason for reporting", extensions: { code: "BAD_USER_INPUT" } });
    }
    expect((await chatRow(t, chat.id)).status).toBe("in_progress");
    expect(await t.dataSource.getRepository(ChatReport).count({ where: { chatId: chat.id } })).toBe(0);
  });

  it("suspends a reported paid chat for good: coins back to the learner, no rewards, blocked both ways, report kept", async () => {
    const { a, b, chat } = await chatPair(t, { kind: "pay", coins: 5 });
    await rate(a.token, b.id, 5);
    await rate(b.token, a.id, 5);
    await advanceDays(t, 10);
    await finish(a.token, b.id); // half-finished: the report still ends it without reward
    const r = await t.gql(REPORT, { chatWith: a.id, reason: "OTHER", details: "Never showed up" }, b.token);
    expect(r.data.reportChat).toEqual({ id: chat.id, status: "SUSPENDED" });
    expect(await balance(t, a.id)).toBe(7); // 2 spare + 5 refunded
    expect(await balance(t, b.id)).toBe(0);
    expect(await account(b.token)).toEqual({ balance: 0, heldForYou: 0 });
    expect(await transfersLike(t, `refund:${chat.escrowRef}`)).toMatchObject([{ amount: 5, toAccountId: a.id }]);
    expect(await transfersLike(t, `reward:chat:${chat.id}`)).toHaveLength(0);
    expect(await t.dataSource.getRepository(ChatReport).find({ where: { chatId: chat.id } })).toMatchObject([
      { reporterId: b.id, reportedId: a.id, reason: "Other", details: "Never showed up", chatStatus: "in_progress", refundedCoins: 5 },
    ]);
    const blocks = await t.dataSource.getRepository(Block).find({ where: [{ blockerId: a.id }, { blockerId: b.id }] });
    expect(blocks.map((x) => `${x.blockerId}>${x.blockedId}:${x.reason}`).sort()).toEqual(
      [`${a.id}>${b.id}:reported`, `${b.id}>${a.id}:reported`].sort(),
    );
    // Suspended for good: no finish, message, link or rating any more; the same reporter cannot report twice.
    expect((await finish(b.token, a.id)).errors?.[0]).toMatchObject({
      message: "This chat was reported and is closed",
      extensions: { code: "CONFLICT" },
    });
    expect((await t.gql(SEND, { chatWith: b.id, body: "hello?" }, a.token)).errors?.[0].extensions?.code).toBe("CONFLICT");
    expect((await t.gql(REPORT, { chatWith: a.id, reason: "SPAM_OR_SCAM" }, b.token)).errors?.[0].extensions?.code).toBe("CONFLICT");
    // The other side may still file their own report (kept, nothing else moves).
    expect((await t.gql(REPORT, { chatWith: b.id, reason: "HARASSMENT" }, a.token)).data.reportChat.status).toBe("SUSPENDED");
    expect(await t.dataSource.getRepository(ChatReport).count({ where: { chatId: chat.id } })).toBe(2);
    expect(await balance(t, a.id)).toBe(7);
    expect((await t.gql(CHAT, { chatWith: a.id }, b.token)).data.chat.status).toBe("SUSPENDED");
  });

  it("lets a report and the last finish race: exactly one outcome, and the ledger agrees", async () => {
    for (let round = 0; round < 3; round++) {
      const { a, b, chat } = await chatPair(t, { kind: "pay", coins: 3 });
      await rate(a.token, b.id, 5);
      await rate(b.token, a.id, 5);
      await advanceDays(t, 10);
      await finish(a.token, b.id);
      const [fin, rep] = await Promise.all([finish(b.token, a.id), t.gql(REPORT, { chatWith: b.id, reason: "SPAM_OR_SCAM" }, a.token)]);
      const row = await chatRow(t, chat.id);
      const released = await transfersLike(t, `release:${chat.escrowRef}`);
      const refunded = await transfersLike(t, `refund:${chat.escrowRef}`);
      if (row.status === "completed") {
        expect(fin.data.finishChat.ended).toBe(true);
        expect([released.length, refunded.length]).toEqual([1, 0]);
        expect([await balance(t, a.id), await balance(t, b.id)]).toEqual([2 + 1, 3 + 1]);
      } else {
        expect(row.status).toBe("suspended");
        expect(rep.data.reportChat.status).toBe("SUSPENDED");
        expect([released.length, refunded.length]).toEqual([0, 1]);
        expect([await balance(t, a.id), await balance(t, b.id)]).toEqual([5, 0]);
      }
    }
  });
});
