import { notificationsOf } from "../../../test/notifications.js";
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { errorCode, errorMessage } from "../../../test/accounts.js";
import { balance, escrowBalance, giveCoins } from "../../../test/chat.js";
import { dbTargets, subscribe, type TestApp } from "../../../test/harness.js";
import { DAY } from "../../shared/clock.js";
import { post } from "../implements/implements.test-support.js";
import { Q } from "../swaps/swaps.test-support.js";
import { MODERATION_MESSAGES } from "./moderation.rules.js";
import { BOARD, LOGIN, moderationSuite, PASSWORD, STATS, SUSPEND, UNSUSPEND } from "./moderation.test-support.js";

describe.each(dbTargets)("moderation sanctions on %s", (target) => {
  const { app, opToken, gqlOp, lastAudit, student } = moderationSuite(target);
  let t: TestApp;
  beforeAll(() => {
    ({ t } = app);
  });

  it("suspension: no sign-in, tokens and sockets revoked, unlisted, open requests cancelled, escrow refunded; it ends on time", async () => {
    const b = await student({ known: ["Zither"], required: ["Yodel"] });
    const teacher = await student({ known: ["Yodel"], required: ["Zither"] });
    const asked = await student({ known: ["Xylophone"], required: ["Zither"] });
    const viewer = await student({ known: ["Yodel"], required: ["Zither"] });
    await giveCoins(t, b.id, 10);
    const s = t.app.services;
    await s.deps.tx(async (em) => {
      await s.coins.hold({ learnerId: b.id, teacherId: teacher.id, refKey: `pay:mod-${b.id}`, coins: 6 }, em);
      await s.chatOpen.open(
        {
          kind: "pay",
          requesterId: b.id,
          receiverId: teacher.id,
          requesterLearns: { skill: "Yodel", category: "Programming & Technology" },
          coins: 6,
          escrowRef: `pay:mod-${b.id}`,
        },
        em,
      );
    });
    const sent = await t.gql(
      Q.requestPay,
      { i: { receiverId: asked.id, learnSkill: { category: "Programming & Technology", skill: "Xylophone" }, skillCoins: 2 } },
      b.token,
    );
    expect(sent.errors).toBeUndefined();
    const escrowBefore = await escrowBalance(t);
    const sub = subscribe(t.wsClient(b.token), `subscription { notificationAdded { id } }`);
    await t.gql(`{ viewerId }`, {}, b.token);

    const bad = await t.rest("POST", `/moderation/users/${b.id}/suspend`, { token: await opToken(), body: { days: 0, reason: "Scam" } });
    expect(bad).toMatchObject({ status: 400, body: { error: MODERATION_MESSAGES.duration } });
    expect(errorCode(await t.gql(`{ viewerId }`, {}, b.token))).toBeUndefined();

    const r = await t.rest("POST", `/moderation/users/${b.id}/suspend`, {
      token: await opToken(),
      body: { days: 7, reason: "Scam attempts" },
    });
    expect(r).toMatchObject({
      status: 200,
      body: { error: "", suspendedUntil: new Date(t.clock.now().getTime() + 7 * DAY).toISOString() },
    });

    expect(errorCode(await t.gql(`{ viewerId }`, {}, b.token))).toBe("UNAUTHENTICATED");
    await expect(sub.next()).rejects.toBeDefined();
    const login = await t.gql(LOGIN, { i: { email: b.email, password: PASSWORD } });
    expect(errorCode(login)).toBe("FORBIDDEN");
    expect(errorMessage(login)).toMatch(/^This account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC: Scam attempts$/);
    expect(errorCode(await t.gql(LOGIN, { i: { email: b.email, password: "wrong password" } }))).toBe("UNAUTHENTICATED");
    // Money went back through the ledger: b's 6 held coins are theirs again.
    expect(await balance(t, b.id)).toBe(10);
    expect(await escrowBalance(t)).toBe(escrowBefore - 6);
    expect((await t.gql(`query ($c: ID!) { chat(chatWith: $c) { status } }`, { c: b.id }, teacher.token)).data.chat.status).toBe("CLOSED");
    expect((await t.gql(Q.notifications, {}, asked.token)).data.notifications.edges.map((e: any) => e.node)).toEqual([]);
    expect((await t.gql(BOARD)).data.leaderboard.edges.map((e: any) => e.node).map((x: { userId: string }) => x.userId)).not.toContain(
      b.id,
    );
    expect(
      (await t.gql(`{ feed(first: 50) { edges { node { id } } } }`, {}, viewer.token)).data.feed.edges
        .map((e: any) => e.node)
        .map((i: { id: string }) => i.id),
    ).not.toContain(b.id);
    expect(await lastAudit("SUSPEND")).toMatchObject({
      action: "SUSPEND",
      targetUserId: b.id,
      reason: "Scam attempts",
      details: expect.stringMatching(/^until /),
    });

    // Seven days later the first sign-in ends it: b is listed again.
    t.clock.advance(7 * DAY + 1000);
    const back = await t.gql(LOGIN, { i: { email: b.email, password: PASSWORD } });
    expect(back.errors).toBeUndefined();
    const viewerToken = await t.app.services.auth.issueToken(viewer.user);
    expect(
      (await t.gql(`{ feed(first: 50) { edges { node { id } } } }`, {}, viewerToken)).data.feed.edges
        .map((e: any) => e.node)
        .map((i: { id: string }) => i.id),
    ).toContain(b.id);
  });

  it("a permanent suspension lasts until an operator lifts it", async () => {
    const s = await student();
    expect((await gqlOp(SUSPEND, { input: { userId: s.id, permanent: true, reason: "Harassment" } })).data.suspendStudent).toBe(
      "9999-12-31T00:00:00.000Z",
    );
    t.clock.advance(400 * DAY);
    expect(errorMessage(await t.gql(LOGIN, { i: { email: s.email, password: PASSWORD } }))).toBe(
      "This account is suspended permanently: Harassment",
    );
    expect(errorMessage(await gqlOp(UNSUSPEND, { u: s.id, reason: "" }))).toBe(MODERATION_MESSAGES.reasonRequired);
    expect((await gqlOp(UNSUSPEND, { u: s.id, reason: "Appeal accepted" })).data).toEqual({ unsuspendStudent: true });
    expect((await t.gql(LOGIN, { i: { email: s.email, password: PASSWORD } })).errors).toBeUndefined();
    expect(errorMessage(await gqlOp(UNSUSPEND, { u: s.id, reason: "again" }))).toBe(MODERATION_MESSAGES.notSuspended);
  });

  it("over REST too: warns a student, lifts a suspension once, and answers 404 for nobody", async () => {
    const s = await student();
    const token = await opToken();
    const act = (what: string, id: string, body: Record<string, unknown>) =>
      t.rest("POST", `/moderation/users/${id}/${what}`, { token, body });
    expect(await act("warn", s.id, { reason: "Be kind in chats" })).toMatchObject({ status: 200, body: { error: "" } });
    expect((await notificationsOf(t, s.id)).map((n) => n.message)).toContain("A Skill Exchange moderator warned you: Be kind in chats");
    expect((await act("suspend", s.id, { days: 2, reason: "Spam" })).status).toBe(200);
    expect(await act("unsuspend", s.id, { reason: "" })).toMatchObject({
      status: 400,
      body: { error: MODERATION_MESSAGES.reasonRequired },
    });
    expect(await act("unsuspend", s.id, { reason: "Appeal accepted" })).toMatchObject({ status: 200, body: { error: "" } });
    expect(await act("unsuspend", s.id, { reason: "Again" })).toMatchObject({
      status: 409,
      body: { error: MODERATION_MESSAGES.notSuspended, code: "CONFLICT" },
    });
    const nobody = randomUUID();
    for (const what of ["warn", "unsuspend"]) {
      expect(await act(what, nobody, { reason: "Who?" })).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    }
  });

  it("a suspended student who opens their verification link stays unlisted until the suspension is lifted", async () => {
    const s = await t.createUser({ emailVerifiedAt: null, visible: false });
    expect((await gqlOp(SUSPEND, { input: { userId: s.user.id, days: 3, reason: "Spam" } })).errors).toBeUndefined();
    const app = t.app.services;
    await app.deps.tx((em) => app.emailVerification.markVerified(em, s.user.id, t.clock.now()));
    const visible = async () =>
      Boolean(Number((await t.dataSource.query("SELECT visible FROM users WHERE id = ?", [s.user.id]))[0].visible));
    expect(await visible()).toBe(false);
    await gqlOp(UNSUSPEND, { u: s.user.id, reason: "Appeal" });
    expect(await visible()).toBe(true);
  });

  it("hides an implement post for good and counts the community from the ledger", async () => {
    const owner = await student();
    const other = await student();
    const p = await post(t, { token: owner.token, user: owner.user }, "Buy my exam answers");
    expect(
      await t.rest("POST", `/moderation/implements/${p.id}/hide`, { token: await opToken(), body: { reason: "Academic dishonesty" } }),
    ).toMatchObject({ status: 200 });
    expect(errorCode(await t.gql(`query ($id: ID!) { implementPost(id: $id) { id } }`, { id: p.id }, other.token))).toBe("NOT_FOUND");
    const show = await t.gql(
      `mutation ($p: ID!) { setImplementPostVisibility(postId: $p, visible: true) { id } }`,
      { p: p.id },
      owner.token,
    );
    expect(show.errors?.[0]).toMatchObject({
      message: "A moderator hid this problem; it cannot be shown again.",
      extensions: { code: "FORBIDDEN" },
    });
    expect(await lastAudit("HIDE_POST")).toMatchObject({
      action: "HIDE_POST",
      postId: p.id,
      targetUserId: owner.id,
      reason: "Academic dishonesty",
    });

    const stats = (await gqlOp(STATS)).data.moderationStats;
    const [counts] = await t.dataSource.query(
      `SELECT SUM(CASE WHEN emailVerifiedAt IS NOT NULL THEN 1 ELSE 0 END) AS v, SUM(CASE WHEN emailVerifiedAt IS NULL THEN 1 ELSE 0 END) AS u FROM users WHERE deletedAt IS NULL`,
    );
    const [coins] = await t.dataSource.query(`SELECT COALESCE(SUM(balance), 0) AS s FROM coin_accounts WHERE kind = 'user'`);
    const [chats] = await t.dataSource.query(`SELECT COUNT(*) AS n FROM chats WHERE status = 'in_progress'`);
    const [reports] = await t.dataSource.query(`SELECT COUNT(*) AS n FROM chat_reports WHERE resolvedAt IS NULL`);
    const [reviewReports] = await t.dataSource.query(`SELECT COUNT(*) AS n FROM review_reports WHERE resolvedAt IS NULL`);
    expect(stats).toEqual({
      studentsVerified: Number(counts.v),
      studentsUnverified: Number(counts.u),
      activeChats: Number(chats.n),
      openReports: Number(reports.n),
      openReviewReports: Number(reviewReports.n),
      coinsInCirculation: Number(coins.s),
      coinsInEscrow: await escrowBalance(t),
    });
    expect((await t.rest("GET", "/moderation/stats", { token: await opToken() })).body).toEqual(stats);
  });
});
