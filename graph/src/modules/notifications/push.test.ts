import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultPush, PUSH_KINDS } from "../../../../common/notifications.js";
import { chatPair, SEND } from "../../../test/chat.js";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { type PushStandIn, startPushStandIn } from "../../../test/push-stand-in.js";
import { HOUR } from "../../shared/clock.js";
import { User } from "../accounts/user.entity.js";
import { PROPOSE } from "../lessons/lessons.test-support.js";
import { GUITAR, Q, REACT, student, type Student } from "../swaps/swaps.test-support.js";
import { OutboxItem } from "../../shared/outbox.entity.js";
import { MESSAGE_NOTICE_CHANNEL, type MessageNotice } from "./message-notice.js";
import { PushSubscription } from "./push-subscription.entity.js";
import { DEVICES, KEY, registerDevice, startPushApp, SETTINGS, SUBSCRIBE, UPDATE } from "./push.test-support.js";

describe.each(dbTargets)("web push on %s", (target) => {
  let t: TestApp;
  let ps: PushStandIn;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => void ({ t, ps, close } = await startPushApp(target)));
  afterAll(async () => close?.());

  /** Lets the pushes queued so far reach the stand-in (the outbox delivers what is due). */
  const settle = () => t.app.services.outbox.drain();
  const pushRows = async (deviceId: string) =>
    (await t.dataSource.getRepository(OutboxItem).find({ where: { channel: "push" } })).filter(
      (r) => JSON.parse(r.payload).deviceId === deviceId,
    );
  const devicesOf = (userId: string) => t.dataSource.getRepository(PushSubscription).find({ where: { userId } });

  const device = (token: string) => registerDevice(t, ps, token);

  async function swapRequest(from: Student, to: Student) {
    const r = await t.gql(Q.requestSwap, { i: { receiverId: to.id, preachSkill: REACT, learnSkill: GUITAR } }, from.token);
    expect(r.errors).toBeUndefined();
    return r.data.requestSwap.id as string;
  }

  it("serves the VAPID public key through GraphQL and REST: the one the server signs with", async () => {
    const g = await t.gql(KEY);
    expect(g.data.pushPublicKey).toBe(t.config.push.publicKey);
    expect(Buffer.from(g.data.pushPublicKey, "base64url")).toHaveLength(65);
    const r = await t.rest("GET", "/push/public-key");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ publicKey: t.config.push.publicKey });
  });

  it("a swap request pushes the right payload, encrypted to the receiver's device and signed with VAPID", async () => {
    const a = await student(t, [REACT]);
    const b = await student(t, [GUITAR], "Female");
    const { sub, id } = await device(b.token);
    const other = await device(a.token); // the requester's own device gets nothing
    const requestId = await swapRequest(a, b);
    await settle();
    const [payload] = await eventually(() => (ps.delivered(sub).length ? ps.delivered(sub) : null), "push delivered");
    expect(payload).toEqual({
      title: "New swap request",
      body: expect.stringContaining(a.name),
      url: `/${b.id}/notifications`,
      tag: `swap-request:${requestId}`,
    });
    expect(Object.keys(payload as object).sort()).toEqual(["body", "tag", "title", "url"]);
    const push = ps.pushes.find((p) => p.status === 201 && p.id === sub.endpoint.split("/").pop())!;
    expect(push.ttl).toBeGreaterThan(0);
    expect(push.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(push.claims).toMatchObject({ aud: new URL(ps.url).origin, sub: expect.stringMatching(/^mailto:/) });
    expect(ps.delivered(other.sub)).toEqual([]);
    // The device shows when it was last used.
    const list = await t.gql(DEVICES, {}, b.token);
    expect(list.data.pushDevices.edges.map((e: any) => e.node)).toEqual([
      { id, label: "Chrome on Android", endpoint: sub.endpoint, lastUsedAt: expect.any(String) },
    ]);
  });

  it("a push service answering 404 or 410 removes that device; the student's other devices keep theirs", async () => {
    const a = await student(t, [REACT]);
    const b = await student(t, [GUITAR], "Female");
    const gone = await device(b.token);
    const expired = await device(b.token);
    const kept = await device(b.token);
    ps.script(gone.sub, 404);
    ps.script(expired.sub, 410);
    await swapRequest(a, b);
    await settle();
    await eventually(async () => (await devicesOf(b.id)).length === 1, "gone devices removed");
    expect((await devicesOf(b.id)).map((d) => d.id)).toEqual([kept.id]);
    expect(ps.delivered(kept.sub)).toHaveLength(1);
  });

  it("a 429 or 5xx is a retry, after the push service's Retry-After when it gives one", async () => {
    const b = await student(t, [GUITAR], "Female");
    const { sub, id } = await device(b.token);
    ps.script(sub, { status: 429, retryAfter: "120" }, 503, 201);
    const job = { deviceId: id, userId: b.id, message: { title: "T", body: "B", url: "/dashboard", tag: "x" } };
    const channel = t.app.services.push.channel;
    expect(await channel.deliver(job, { id: "1", attempts: 0 })).toEqual({
      kind: "retry",
      error: expect.stringContaining("429"),
      afterMs: 120_000,
    });
    expect(await channel.deliver(job, { id: "1", attempts: 1 })).toEqual({ kind: "retry", error: expect.stringContaining("503") });
    expect(await channel.deliver(job, { id: "1", attempts: 2 })).toEqual({ kind: "sent" });
    expect(ps.delivered(sub)).toEqual([job.message]);
    expect(await devicesOf(b.id)).toHaveLength(1);
  });

  it("a push the push service refuses with 429 or 5xx stays in the outbox and is delivered later", async () => {
    const a = await student(t, [REACT]);
    const b = await student(t, [GUITAR], "Female");
    const { sub, id } = await device(b.token);
    ps.script(sub, { status: 429, retryAfter: "120" }, 500);
    await swapRequest(a, b);
    await settle();
    expect(ps.delivered(sub)).toEqual([]);
    const [row] = await pushRows(id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("429") });
    // The push service's Retry-After decides the next attempt.
    expect(row.dueAt.getTime() - t.clock.now().getTime()).toBe(120_000);
    t.clock.advance(120_000);
    await settle();
    expect((await pushRows(id))[0]).toMatchObject({ status: "pending", attempts: 2, lastError: expect.stringContaining("500") });
    t.clock.advance(HOUR);
    await settle();
    expect(ps.delivered(sub)).toEqual([expect.objectContaining({ title: "New swap request" })]);
    expect((await pushRows(id))[0]).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("a restart with pushes still waiting loses none: another instance on the same database delivers them", async () => {
    const { publicKey, privateKey } = t.config.push;
    const first = await startTestApp(target, {
      shareDatabaseWith: t,
      clock: t.clock,
      env: { PUSH_LOCAL_ENDPOINTS: "on", VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey },
    });
    const a = await student(t, [REACT]);
    const b = await student(t, [GUITAR], "Female");
    const { sub, id } = await device(b.token);
    ps.script(sub, 503, 503, 503);
    // Three notifications pushed by the first instance, which cannot deliver them yet and stops.
    for (const type of ["swap-accept", "swap-reject", "success-Finish"] as const) {
      await first.app.services.deps.tx((em) =>
        first.app.services.notifications.notify({ recipientId: b.id, notifierId: a.id, type, message: `${type} from ${a.name}` }, em),
      );
    }
    await first.app.services.outbox.drain();
    expect(ps.delivered(sub)).toEqual([]);
    await first.close();
    expect((await pushRows(id)).map((r) => r.status)).toEqual(["pending", "pending", "pending"]);

    t.clock.advance(2 * HOUR);
    await settle();
    expect(
      ps
        .delivered(sub)
        .map((p: any) => p.title)
        .sort(),
    ).toEqual(["Request rejected", "Swap finished", "Swap request accepted"]);
    expect((await pushRows(id)).map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
  });

  it("per-kind push choices: defaults, GraphQL and REST, and a kind turned off is not pushed", async () => {
    const a = await student(t, [REACT]);
    const b = await student(t, [GUITAR], "Female");
    const g = await t.gql(SETTINGS, {}, b.token);
    expect(g.data.notificationPushSettings.map((s: any) => s.enabled)).toEqual(PUSH_KINDS.map(defaultPush));
    expect(g.data.notificationPushSettings.find((s: any) => s.kind === "LESSON")).toMatchObject({
      enabled: true,
      label: "Lessons: proposals, confirmations and reminders",
    });
    const u = await t.gql(UPDATE, { s: [{ kind: "REQUEST", enabled: false }] }, b.token);
    expect(u.data.updateNotificationPushSettings).toContainEqual({ kind: "REQUEST", enabled: false });
    const r = await t.rest("GET", "/push/settings", { token: b.token });
    expect(r.body.settings).toContainEqual({ kind: "request", label: "Swap and pay requests", enabled: false });
    const bad = await t.rest("PUT", "/push/settings", { token: b.token, body: { settings: { request: true, nope: true } } });
    expect(bad.status).toBe(400);
    expect((await t.rest("GET", "/push/settings", { token: b.token })).body.settings).toContainEqual(
      expect.objectContaining({ kind: "request", enabled: false }),
    );

    const { sub } = await device(b.token);
    await swapRequest(a, b);
    await settle();
    expect(ps.pushes.filter((p) => p.id === sub.endpoint.split("/").pop())).toEqual([]);
    const put = await t.rest("PUT", "/push/settings", { token: b.token, body: { settings: { request: true } } });
    expect(put.status).toBe(200);
  });

  it("a chat message pushes when the recipient has no socket open, and not while they have", async () => {
    const { a, b } = await chatPair(t);
    const { sub } = await device(b.token);
    expect((await t.gql(SEND, { chatWith: b.id, body: "Are you free at five?" }, a.token)).errors).toBeUndefined();
    await settle();
    await eventually(() => ps.delivered(sub).length === 1, "message pushed");
    expect(ps.delivered(sub)[0]).toEqual({
      title: `Message from ${a.user.name}`,
      body: "Are you free at five?",
      url: `/user/chat/${a.id}`,
      tag: `chat:${a.id}`,
    });
    // The message's notice delivered again (a stop in the middle of a delivery): no second push.
    const notice = (await t.dataSource.getRepository(OutboxItem).find({ where: { channel: MESSAGE_NOTICE_CHANNEL } })).find((n) =>
      n.payload.includes("Are you free at five?"),
    )!;
    await t.app.services.notifications
      .messageNoticeChannel()
      .deliver(JSON.parse(notice.payload) as MessageNotice, { id: notice.id, attempts: 1 });
    await settle();
    expect(ps.delivered(sub)).toHaveLength(1);

    // b opens the app: a realtime socket is live, so the next message is not pushed.
    const live = subscribe(t.wsClient(b.token), `subscription { notificationAdded { id } }`);
    await eventually(() => t.app.pubsub.listenerCount(`SESSION_REVOKED:${b.id}`) >= 1, "b's socket is open");
    expect((await t.gql(SEND, { chatWith: b.id, body: "See you then" }, a.token)).errors).toBeUndefined();
    await settle();
    expect(ps.delivered(sub)).toHaveLength(1);
    live.dispose();
  });

  it("a lesson proposal pushes to the partner", async () => {
    const { a, b } = await chatPair(t);
    const { sub } = await device(b.token);
    const startsAt = new Date(Math.ceil(t.clock.now().getTime() / HOUR) * HOUR + 48 * HOUR).toISOString();
    const r = await t.gql(PROPOSE, { chatWith: b.id, slots: [{ startsAt, durationMinutes: 60 }], timezone: "Asia/Kolkata" }, a.token);
    expect(r.errors).toBeUndefined();
    await settle();
    await eventually(() => ps.delivered(sub).length === 1, "proposal pushed");
    expect(ps.delivered(sub)[0]).toMatchObject({
      title: "Lesson proposed",
      url: `/user/chat/${a.id}`,
      body: expect.stringContaining(a.user.name),
    });
  });

  it("nothing is pushed to a suspended or unverified student", async () => {
    const a = await student(t, [REACT]);
    const b = await student(t, [GUITAR], "Female");
    const { sub, id } = await device(b.token);
    await t.dataSource.getRepository(User).update({ id: b.id }, { suspendedUntil: new Date(t.clock.now().getTime() + 48 * HOUR) });
    await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify({ recipientId: b.id, notifierId: a.id, type: "swap-accept", message: "accepted" }, em),
    );
    await settle();
    const job = { deviceId: id, userId: b.id, message: { title: "T", body: "B", url: "/", tag: "t" } };
    expect(await t.app.services.push.channel.deliver(job, { id: "x", attempts: 0 })).toMatchObject({ kind: "drop" });
    const u = await t.createUser({ emailVerifiedAt: null });
    const ud = await device(u.token);
    await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify({ recipientId: u.user.id, notifierId: a.id, type: "swap-accept", message: "accepted" }, em),
    );
    await settle();
    expect(ps.pushes.filter((p) => [sub, ud.sub].some((s) => s.endpoint.endsWith(`/${p.id}`)))).toEqual([]);
  });
});

describe("web push endpoints without the local stand-in flag", () => {
  it("accepts only https endpoints on named hosts", async () => {
    const t = await startTestApp("sqlite");
    try {
      const ps = await startPushStandIn();
      const a = await t.createUser();
      const sub = ps.subscribe(t.config.push.publicKey);
      const r = await t.gql(SUBSCRIBE, { s: sub }, a.token);
      expect(r.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
      const ok = await t.gql(SUBSCRIBE, { s: { endpoint: "https://fcm.googleapis.com/fcm/send/abc123", keys: sub.keys } }, a.token);
      expect(ok.errors).toBeUndefined();
      await ps.close();
    } finally {
      await t.close();
    }
  });
});
