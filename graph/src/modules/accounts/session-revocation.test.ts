/**
 * Revocation reaches sockets that are already open: logout and a password reset close every
 * graphql-ws socket of the student with 4403, on this instance and on another one sharing
 * Redis, without waiting for the socket's next operation; nothing is delivered on it afterwards,
 * and other students' sockets stay open.
 */
import { type Client, createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { LOGOUT, randomIp, registerStudent } from "../../../test/accounts.js";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { outboxMails, resetLinkIn, mailSettled } from "../../../test/outbox.js";
import { setOperator } from "../moderation/operators.service.js";

const SUB = `subscription { notificationAdded { id message } }`;

/** A socket that stays open (not lazy) and reports how it closed. */
function openSocket(t: TestApp, token: string) {
  let closedWith: number | null = null;
  const client: Client = createClient({
    url: `${t.url.replace("http", "ws")}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => {},
  });
  client.on("closed", (ev) => {
    closedWith = (ev as { code: number }).code;
  });
  return { client, closedWith: () => closedWith };
}

/** Waits until the student's revocation listener is live on `t` (the per-student topic). */
const listening = (t: TestApp, userId: string) =>
  eventually(() => t.app.pubsub.listenerCount(`SESSION_REVOKED:${userId}`) >= 1, "revocation listener");

describe.each(dbTargets)("revocation closes open sockets on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function notifyEach(ids: string[], message: string) {
    const from = await t.createUser();
    for (const recipientId of ids)
      await t.app.services.deps.tx((em) =>
        t.app.services.notifications.notify({ recipientId, notifierId: from.user.id, type: "swap-accept", message }, em),
      );
  }

  it("logout closes the student's open sockets with 4403 at once; nothing arrives after it; others stay open", async () => {
    const s = await registerStudent(t);
    const other = await registerStudent(t);
    const mine = openSocket(t, s.token);
    const theirs = openSocket(t, other.token);
    const mySub = subscribe(mine.client, SUB);
    const theirSub = subscribe(theirs.client, SUB);
    await listening(t, s.userId);
    await eventually(() => t.app.pubsub.listenerCount("NOTIFICATION_ADDED") >= 2, "both subscriptions");
    await notifyEach([s.userId, other.userId], "before");
    expect((await mySub.next()).data.notificationAdded.message).toBe("before");
    expect((await theirSub.next()).data.notificationAdded.message).toBe("before");

    expect((await t.gql(LOGOUT, {}, s.token)).data).toEqual({ logout: true });
    await eventually(() => mine.closedWith() === 4403, "socket closed with 4403");
    await notifyEach([s.userId, other.userId], "after");
    // The other student's socket still delivers; the revoked one got nothing more.
    expect((await theirSub.next()).data.notificationAdded.message).toBe("after");
    expect(mySub.received()).toEqual([]);
    expect(theirs.closedWith()).toBeNull();
    await Promise.all([mine.client.dispose(), theirs.client.dispose()]);
  });

  it("a password reset closes the student's open sockets with 4403", async () => {
    const s = await registerStudent(t);
    const socket = openSocket(t, s.token);
    subscribe(socket.client, SUB);
    await listening(t, s.userId);
    const r = await t.rest("POST", "/forgot-password", { body: { email: s.email }, headers: { "x-forwarded-for": randomIp() } });
    expect(r.status).toBe(200);
    await mailSettled(t.app.services);
    const link = resetLinkIn(
      outboxMails(t.config.dataDir)
        .filter((m) => m.headers.to?.includes(s.email))
        .at(-1)!,
    )!;
    const done = await t.rest("POST", "/update-password", { body: { newtoken: link.split("/").at(-1), password: "a brand new secret" } });
    expect(done.status).toBe(200);
    await eventually(() => socket.closedWith() === 4403, "socket closed with 4403");
    await socket.client.dispose();
  });

  it("a suspension and an account deletion close the student's open sockets with 4403", async () => {
    const suspended = await registerStudent(t);
    const leaving = await registerStudent(t);
    // An operator granted the command line's way: the service refuses anyone else.
    const operator = (await t.createUser()).user;
    await setOperator(t.dataSource, operator.email, true, new Date());
    const first = openSocket(t, suspended.token);
    const second = openSocket(t, leaving.token);
    subscribe(first.client, SUB);
    subscribe(second.client, SUB);
    await listening(t, suspended.userId);
    await listening(t, leaving.userId);
    await t.app.services.moderation.suspend(operator.id, suspended.userId, { days: 3, reason: "Spam" });
    await eventually(() => first.closedWith() === 4403, "suspended student's socket closed with 4403");
    expect(second.closedWith()).toBeNull();
    await t.app.services.privacy.deleteAccount(leaving.userId, leaving.password);
    await eventually(() => second.closedWith() === 4403, "deleted student's socket closed with 4403");
    await Promise.all([first.client.dispose(), second.client.dispose()]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)("revocation across two instances on Redis", () => {
  it("logout on instance B closes the student's socket on instance A; nothing arrives after it", async () => {
    const a = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! } });
    const b = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! }, shareDatabaseWith: a });
    try {
      const s = await registerStudent(a);
      const other = await registerStudent(a);
      const socket = openSocket(a, s.token);
      const sub = subscribe(socket.client, SUB);
      const witness = subscribe(openSocket(a, other.token).client, SUB);
      await listening(a, s.userId);
      await eventually(() => a.app.pubsub.listenerCount("NOTIFICATION_ADDED") >= 2, "both subscriptions");
      // The Redis SUBSCRIBE is asynchronous: wait until Redis has A's per-student channel.
      const { Redis } = await import("ioredis");
      const probe = new Redis(redisUrl!);
      await eventually(
        async () => ((await probe.pubsub("NUMSUB", `SESSION_REVOKED:${s.userId}`)) as [string, number])[1] > 0,
        "Redis subscription",
      );
      await probe.quit();
      expect((await b.gql(LOGOUT, {}, s.token)).data).toEqual({ logout: true });
      await eventually(() => socket.closedWith() === 4403, "socket on A closed with 4403");
      const from = await b.createUser();
      await b.app.services.deps.tx((em) =>
        b.app.services.notifications.notify({ recipientId: s.userId, notifierId: from.user.id, type: "swap-accept", message: "after" }, em),
      );
      await b.app.services.deps.tx((em) =>
        b.app.services.notifications.notify(
          {
            recipientId: other.userId,
            notifierId: from.user.id,
            type: "swap-accept",
            message: "after",
          },
          em,
        ),
      );
      // Once the later event reached the other student on A, the revoked socket would have had its own.
      expect((await witness.next()).data.notificationAdded.message).toBe("after");
      expect(sub.received()).toEqual([]);
      await socket.client.dispose();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
