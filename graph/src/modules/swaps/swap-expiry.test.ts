import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { DAY, HOUR, MINUTE } from "../../shared/clock.js";
import { User } from "../accounts/user.entity.js";
import { NotificationDigestItem } from "../notifications/digest-item.entity.js";
import { Notification } from "../notifications/notification.entity.js";
import { ResponseStats } from "../profiles/response-stats.entity.js";
import { SwapRequest } from "./swap-request.entity.js";
import { EXPIRY_JOB } from "./swap-expiry.service.js";
import { SWAP_MESSAGES } from "./swap.rules.js";
import { balance, CHESS, escrow, giveCoins, GUITAR, Q, REACT, student, type Student } from "./swaps.test-support.js";

const STATS = `query($id: ID!) { user(id: $id) { responseStats { received answered responseRate typicalResponseHours } } }`;

describe.each(dbTargets)("expiring unanswered requests on %s", (target) => {
  let t: TestApp;
  /** A second instance on the same database and clock. */
  let t2: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    t2 = await startTestApp(target, { shareDatabaseWith: t, clock: t.clock });
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });

  /**
   * The other instance: on MariaDB a second app on the same database; the embedded SQLite file is
   * served by one process (a second writer connection would only meet "database is locked"), so
   * there the same instance runs the concurrent calls.
   */
  const other = () => (target === "mysql" ? t2 : t);
  const request = (id: string) => t.dataSource.getRepository(SwapRequest).findOneByOrFail({ id });
  const notes = (recipientId: string) =>
    t.dataSource.getRepository(Notification).find({ where: { recipientId }, order: { createdAt: "ASC" } });
  const statsRow = (userId: string) => t.dataSource.getRepository(ResponseStats).findOneBy({ userId });
  const pair = async () => ({ a: await student(t, [REACT]), b: await student(t, [GUITAR, CHESS], "Female") });
  /** Tokens live 7 days: after moving the clock past that, the students sign in again. */
  async function renew(...students: Student[]) {
    for (const s of students)
      s.token = await t.app.services.auth.issueToken(await t.dataSource.getRepository(User).findOneByOrFail({ id: s.id }));
  }
  async function swapRequest(a: Student, b: Student): Promise<string> {
    const r = await t.gql(Q.requestSwap, { i: { receiverId: b.id, preachSkill: REACT, learnSkill: GUITAR } }, a.token);
    expect(r.errors).toBeUndefined();
    return r.data.requestSwap.id;
  }
  async function payRequest(a: Student, b: Student, coins = 5): Promise<string> {
    const r = await t.gql(Q.requestPay, { i: { receiverId: b.id, learnSkill: CHESS, skillCoins: coins } }, a.token);
    expect(r.errors).toBeUndefined();
    return r.data.requestPay.id;
  }

  it("expires a swap request unanswered for 7 days, tells both students, and the pair may ask again", async () => {
    const { a, b } = await pair();
    const id = await swapRequest(a, b);
    t.clock.advance(7 * DAY - MINUTE);
    await t.app.services.swapExpiry.expireDue(t.clock.now());
    expect((await request(id)).status).toBe("pending");

    t.clock.advance(MINUTE);
    await renew(a, b);
    await t.app.services.swapExpiry.expireDue(t.clock.now());
    expect(await request(id)).toMatchObject({ status: "expired", openPair: null, decidedAt: t.clock.now() });
    const [forB] = await notes(b.id);
    expect((await notes(b.id)).map((n) => n.type)).toEqual(["request-expired"]);
    expect(forB).toMatchObject({ notifierId: a.id, refId: id });
    expect(forB.message).toContain(`from ${a.name} to learn Guitar expired after 7 days`);
    expect((await notes(a.id)).map((n) => [n.type, n.notifierId])).toEqual([["request-expired", b.id]]);
    // By mail: the 'expired' kind goes to the daily digest by default.
    const digest = (userId: string) => t.dataSource.getRepository(NotificationDigestItem).find({ where: { userId } });
    expect((await digest(a.id)).map((d) => d.kind)).toEqual(["expired"]);
    expect((await digest(b.id)).map((d) => [d.kind, d.aboutUserId])).toEqual([["expired", a.id]]);

    // The expired notification is informational: Ok removes it.
    const list = await t.gql(`{ notifications { edges { node { id type dismissible } } } }`, {}, a.token);
    expect(list.data.notifications.edges.map((e: { node: unknown }) => e.node)).toEqual([
      expect.objectContaining({ type: "REQUEST_EXPIRED", dismissible: true }),
    ]);

    // REST (the old client reads `error` on 200): the expired request is no longer pending; GraphQL refuses answering it.
    const rest = await t.rest("POST", "/accept-swap", { token: b.token, body: { feedID: a.id, userID: b.id } });
    expect(rest).toMatchObject({ status: 200, body: { error: SWAP_MESSAGES.notPending } });
    expect((await t.gql(Q.accept, { id }, b.token)).errors?.[0].message).toBe(SWAP_MESSAGES.notPending);

    const avail = await t.gql(Q.availability, { u: b.id }, a.token);
    expect(avail.data.swapAvailability).toMatchObject({ canRequest: true, openRequest: null });
    expect(await swapRequest(a, b)).not.toBe(id);
  });

  it("runs as a scheduled job, once per period across two instances", async () => {
    const { a, b } = await pair();
    const id = await swapRequest(a, b);
    t.clock.advance(8 * DAY);
    const now = t.clock.now();
    const ran = await Promise.all([t.app.services.jobs.runDue(now), other().app.services.jobs.runDue(now)]);
    expect(ran.flat().filter((j) => j === EXPIRY_JOB)).toHaveLength(1);
    expect((await request(id)).status).toBe("expired");
    expect(await notes(a.id)).toHaveLength(1);
    expect(await notes(b.id)).toHaveLength(1);
  });

  it("expires each request exactly once when two instances expire at the same time", async () => {
    const receivers = await Promise.all([0, 1, 2, 3].map(() => student(t, [GUITAR, CHESS], "Female")));
    const a = await student(t, [REACT]);
    const ids = [];
    for (const b of receivers) ids.push(await swapRequest(a, b));
    t.clock.advance(7 * DAY + HOUR);
    const now = t.clock.now();
    const [one, two] = await Promise.all([t.app.services.swapExpiry.expireDue(now), other().app.services.swapExpiry.expireDue(now)]);
    expect(one + two).toBeGreaterThanOrEqual(ids.length);
    for (const id of ids) expect((await request(id)).status).toBe("expired");
    expect((await notes(a.id)).filter((n) => n.type === "request-expired")).toHaveLength(ids.length);
    for (const b of receivers) {
      expect((await notes(b.id)).map((n) => n.type)).toEqual(["request-expired"]);
      expect(await statsRow(b.id)).toMatchObject({ received: 1, answered: 0 });
    }
  });

  it("an expiring pay request moves no coins: they were never held", async () => {
    const { a, b } = await pair();
    await giveCoins(t, a.id, 20);
    const before = { a: await balance(t, a.id), b: await balance(t, b.id), escrow: await escrow(t) };
    const id = await payRequest(a, b, 7);
    t.clock.advance(7 * DAY);
    await renew(a, b);
    await Promise.all([t.app.services.swapExpiry.expireDue(t.clock.now()), other().app.services.swapExpiry.expireDue(t.clock.now())]);
    expect((await request(id)).status).toBe("expired");
    expect({ a: await balance(t, a.id), b: await balance(t, b.id), escrow: await escrow(t) }).toEqual(before);
    expect((await notes(a.id)).map((n) => [n.type, n.skillCoins])).toEqual([["request-expired", 7]]);
    expect((await t.gql(Q.pay, { id }, a.token)).errors?.[0].message).toBe(SWAP_MESSAGES.notPending);
  });

  it("an accept racing the expiry: exactly one of them wins", async () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const { a, b } = await pair();
      const id = await swapRequest(a, b);
      t.clock.advance(7 * DAY);
      await renew(a, b);
      const [accepted, expired] = await Promise.all([
        t.gql(Q.accept, { id }, b.token),
        other().app.services.swapExpiry.expireDue(t.clock.now()),
      ]);
      const row = await request(id);
      const aNotes = (await notes(a.id)).map((n) => n.type);
      if (accepted.errors) {
        expect(accepted.errors[0].message).toBe(SWAP_MESSAGES.notPending);
        expect(expired).toBeGreaterThanOrEqual(1);
        expect(row.status).toBe("expired");
        expect(aNotes).toEqual(["request-expired"]);
        expect(await statsRow(b.id)).toMatchObject({ received: 1, answered: 0 });
        outcomes.add("expired");
      } else {
        expect(row.status).toBe("accepted");
        expect(row.chatId).toBe(accepted.data.acceptRequest.chatId);
        expect(aNotes).toEqual(["swap-accept"]);
        expect(await notes(b.id)).toEqual([]);
        expect(await statsRow(b.id)).toMatchObject({ received: 1, answered: 1 });
        outcomes.add("accepted");
      }
    }
    expect(outcomes.size).toBeGreaterThanOrEqual(1);
  });

  it("keeps each student's response rate and typical response time from their answers and expiries", async () => {
    const b = await student(t, [GUITAR, CHESS], "Female");
    const [c, d, e, f] = await Promise.all([0, 1, 2, 3].map(() => student(t, [REACT])));
    const empty = await t.gql(STATS, { id: b.id }, c.token);
    expect(empty.data.user.responseStats).toEqual({ received: 0, answered: 0, responseRate: null, typicalResponseHours: null });

    const fromC = await swapRequest(c, b);
    const fromD = await payRequest(d, b);
    const fromE = await swapRequest(e, b);
    t.clock.advance(2 * HOUR);
    expect((await t.gql(Q.accept, { id: fromC }, b.token)).errors).toBeUndefined();
    t.clock.advance(3 * HOUR);
    expect((await t.gql(Q.accept, { id: fromD }, b.token)).errors).toBeUndefined();
    // The learner declining to pay is not a second answer of the teacher's.
    expect((await t.gql(Q.reject, { id: fromD }, d.token)).errors).toBeUndefined();
    t.clock.advance(7 * DAY);
    await renew(b, c, f);
    await t.app.services.swapExpiry.expireDue(t.clock.now());
    expect((await request(fromE)).status).toBe("expired");
    // Still pending: not counted yet.
    await swapRequest(f, b);

    const stats = await t.gql(STATS, { id: b.id }, c.token);
    // Answers after 2 h and 5 h: the median (lower) falls in the "within 3 hours" bucket.
    expect(stats.data.user.responseStats).toEqual({ received: 3, answered: 2, responseRate: 2 / 3, typicalResponseHours: 3 });
    const rest = await t.rest("GET", `/user/${b.id}`, { token: c.token });
    expect(rest.body.user.responseStats).toEqual({ received: 3, answered: 2, responseRate: 2 / 3, typicalResponseHours: 3 });
    expect(await statsRow(b.id)).toMatchObject({ received: 3, answered: 2, within3h: 1, within6h: 1 });

    const exported = await t.app.services.privacy.exportData(b.id);
    expect(exported.responseStats).toMatchObject({ received: 3, answered: 2, within3h: 1 });
  });
});
