import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";
import { validateProfile } from "../profiles/profile.rules.js";
import { Notification } from "./notification.entity.js";

const SUB = `subscription { notificationAdded { id type message notifier { id name } learnSkill { skill category } } }`;
const LIST = `{ notifications { edges { node { id type message dismissible notifier { id name } preachSkill { skill } learnSkill { skill } skillCoins } } } notificationCount }`;

describe.each(dbTargets)("notifications on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function pair() {
    const a = await t.createUser({ gender: "Male" });
    const b = await t.createUser({ gender: "Female" });
    // The list is for students with a filled profile (profiles' details-filled check).
    for (const s of [a, b]) {
      const profile = validateProfile({
        gender: s.user.gender,
        languages: ["English"],
        skillsKnown: [],
        skillsRequired: [{ category: "Other", skill: "Chess" }],
      });
      await t.app.services.deps.tx((em) => t.app.services.profiles.writeProfile(em, s.user.id, profile, null));
    }
    return { a, b };
  }

  it("lists a notification for its recipient only, with its notifier", async () => {
    const { a, b } = await pair();
    await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify(
        {
          recipientId: b.user.id,
          notifierId: a.user.id,
          type: "swap-request",
          message: "wants to swap",
          preachSkill: { skill: "React", category: "Programming & Technology" },
          learnSkill: { skill: "Guitar", category: "Music & Performing Arts" },
        },
        em,
      ),
    );
    const forB = await t.gql(LIST, {}, b.token);
    expect(forB.data.notificationCount).toBe(1);
    expect(forB.data.notifications.edges.map((e: any) => e.node)[0]).toMatchObject({
      type: "SWAP_REQUEST",
      dismissible: false,
      notifier: { id: a.user.id, name: a.user.name },
      preachSkill: { skill: "React" },
      learnSkill: { skill: "Guitar" },
    });
    const forA = await t.gql(LIST, {}, a.token);
    expect(forA.data.notifications.edges.map((e: any) => e.node)).toEqual([]);
    expect(forA.data.notificationCount).toBe(0);
  });

  it("pages newest first on (time, id): a notification arriving between pages is neither repeated nor skipped over", async () => {
    const { a, b } = await pair();
    const PAGE = `query ($first: Int, $after: String) { notifications(first: $first, after: $after) { pageInfo { hasNextPage hasPreviousPage endCursor } edges { cursor node { message } } } }`;
    const note = (message: string) =>
      t.app.services.deps.tx((em) =>
        t.app.services.notifications.notify({ recipientId: b.user.id, notifierId: a.user.id, type: "swap-accept", message }, em),
      );
    for (let i = 1; i <= 5; i++) {
      await note(`n${i}`);
      if (i !== 3) t.clock.advance(1000); // n3 and n4 share a time: the id orders them
    }
    const messages = (r: any) => r.data.notifications.edges.map((e: { node: { message: string } }) => e.node.message);
    const p1 = await t.gql(PAGE, { first: 2 }, b.token);
    expect(p1.data.notifications.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    await note("newer"); // arrives at the top, before the cursor
    const p2 = await t.gql(PAGE, { first: 2, after: p1.data.notifications.pageInfo.endCursor }, b.token);
    const p3 = await t.gql(PAGE, { first: 2, after: p2.data.notifications.pageInfo.endCursor }, b.token);
    const seen = [...messages(p1), ...messages(p2), ...messages(p3)];
    expect(seen.slice(0, 1)).toEqual(["n5"]);
    expect([...seen].sort()).toEqual(["n1", "n2", "n3", "n4", "n5"]);
    expect(p2.data.notifications.pageInfo.hasPreviousPage).toBe(true);
    expect(p3.data.notifications.pageInfo.hasNextPage).toBe(false);
    expect((await t.gql(PAGE, { first: 101 }, b.token)).errors?.[0]).toMatchObject({
      message: "first must be between 1 and 100",
      extensions: { code: "BAD_USER_INPUT" },
    });
    expect((await t.gql(PAGE, { after: p1.data.notifications.edges[0].cursor.slice(2) }, b.token)).errors?.[0].message).toBe(
      "Invalid cursor",
    );
  });

  it("sends a student whose details are not filled to /p (DETAILS_NOT_FILLED)", async () => {
    const bare = await t.createUser();
    const r = await t.gql(LIST, {}, bare.token);
    expect(r.errors?.[0].extensions?.code).toBe("DETAILS_NOT_FILLED");
    const rest = await t.rest("GET", `/notifications?userId=${bare.user.id}`, { token: bare.token });
    expect(rest.body.error).toBe("not filled details");
  });

  it("needs a token", async () => {
    const r = await t.gql(LIST, {});
    expect(r.errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("lets only the recipient dismiss an informational notification", async () => {
    const { a, b } = await pair();
    const n = await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify(
        {
          recipientId: b.user.id,
          notifierId: a.user.id,
          type: "swap-reject",
          message: "Your swap request has been rejected",
        },
        em,
      ),
    );
    const m = `mutation($id: ID!) { dismissNotification(id: $id) }`;
    const byA = await t.gql(m, { id: n.id }, a.token);
    expect(byA.errors?.[0].extensions?.code).toBe("NOT_FOUND");
    expect(await t.dataSource.getRepository(Notification).count({ where: { id: n.id } })).toBe(1);
    const byB = await t.gql(m, { id: n.id }, b.token);
    expect(byB.data).toEqual({ dismissNotification: n.id });
    expect(await t.dataSource.getRepository(Notification).count({ where: { id: n.id } })).toBe(0);
  });

  it("refuses Ok on a request that must be accepted or rejected", async () => {
    const { a, b } = await pair();
    const n = await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify(
        {
          recipientId: b.user.id,
          notifierId: a.user.id,
          type: "pay-request",
          message: "wants to pay",
          skillCoins: 3,
        },
        em,
      ),
    );
    const r = await t.gql(`mutation($id: ID!) { dismissNotification(id: $id) }`, { id: n.id }, b.token);
    expect(r.errors?.[0].extensions?.code).toBe("FORBIDDEN");
    expect(await t.dataSource.getRepository(Notification).count({ where: { id: n.id } })).toBe(1);
  });

  it("serves the REST shape with notifications and notifiers aligned by position", async () => {
    const { a, b } = await pair();
    const c = await filledStudent(t, { gender: "Male" });
    await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify({ recipientId: b.user.id, notifierId: a.user.id, type: "swap-accept", message: "accepted" }, em),
    );
    t.clock.advance(1000);
    await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify(
        {
          recipientId: b.user.id,
          notifierId: c.user.id,
          type: "pay-request",
          message: "pay",
          skillCoins: 4,
          learnSkill: { skill: "Chess", category: "Hobbies & Crafts" },
        },
        em,
      ),
    );
    const r = await t.rest("GET", `/notifications?userId=${b.user.id}`, { token: b.token });
    expect(r.status).toBe(200);
    expect(r.body.error).toBe("");
    expect(r.body._id).toBe(b.user.id);
    expect(r.body.notifications.map((n: { type: string }) => n.type)).toEqual(["pay-request", "swap-accept"]);
    expect(r.body.notifiers.map((n: { _id: string }) => n._id)).toEqual([c.user.id, a.user.id]);
    expect(r.body.notifications[0]).toMatchObject({ skillCoins: 4, learnSkill: { skill: "Chess", category: "Hobbies & Crafts" } });

    const other = await t.rest("GET", `/notifications?userId=${b.user.id}`, { token: a.token });
    expect(other.status).toBe(403);

    const removed = await t.rest("POST", "/notifications/remove", {
      token: b.token,
      body: { userID: b.user.id, from_user: a.user.id, type: "swap-accept" },
    });
    expect(removed.status).toBe(200);
    expect(await t.dataSource.getRepository(Notification).count({ where: { recipientId: b.user.id } })).toBe(1);
    const spoof = await t.rest("POST", "/notifications/remove", {
      token: a.token,
      body: { userID: b.user.id, from_user: c.user.id, type: "pay-request" },
    });
    expect(spoof.status).toBe(403);
  });

  it("delivers notificationAdded to the recipient only", async () => {
    const { a, b } = await pair();
    const subA = subscribe(t.wsClient(a.token), SUB);
    const subB = subscribe(t.wsClient(b.token), SUB);
    await eventually(() => t.app.pubsub.listenerCount("NOTIFICATION_ADDED") >= 2, "two live subscriptions");
    await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify({ recipientId: b.user.id, notifierId: a.user.id, type: "swap-accept", message: "for B" }, em),
    );
    await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify({ recipientId: a.user.id, notifierId: b.user.id, type: "swap-reject", message: "for A" }, em),
    );
    const gotB = await subB.next();
    const gotA = await subA.next();
    // Each one's FIRST event is its own: the other's notification never reached it.
    expect(gotB.data.notificationAdded).toMatchObject({ message: "for B", notifier: { id: a.user.id } });
    expect(gotA.data.notificationAdded).toMatchObject({ message: "for A", notifier: { id: b.user.id } });
    subA.dispose();
    subB.dispose();
  });

  it("does not publish a notification whose transaction rolled back", async () => {
    const { a, b } = await pair();
    const sub = subscribe(t.wsClient(b.token), SUB);
    await eventually(() => t.app.pubsub.listenerCount("NOTIFICATION_ADDED") >= 1, "live subscription");
    await expect(
      t.app.services.deps.tx(async (em) => {
        await t.app.services.notifications.notify(
          { recipientId: b.user.id, notifierId: a.user.id, type: "swap-accept", message: "rolled back" },
          em,
        );
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    await t.app.services.deps.tx((em) =>
      t.app.services.notifications.notify({ recipientId: b.user.id, notifierId: a.user.id, type: "swap-accept", message: "committed" }, em),
    );
    expect((await sub.next()).data.notificationAdded.message).toBe("committed");
    expect(await t.dataSource.getRepository(Notification).count({ where: { message: "rolled back" } })).toBe(0);
    sub.dispose();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
// As for messageAdded (chat.realtime.test.ts): Redis acknowledges SUBSCRIBE asynchronously and a loaded
// machine can deliver late; one retry keeps that from failing a run, a broken fan-out fails both attempts.
describe.runIf(redisUrl)("notificationAdded across two instances on Redis", { retry: 1 }, () => {
  it("a notification created on instance B reaches a subscriber on instance A", async () => {
    const a = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! } });
    const b = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! }, shareDatabaseWith: a });
    try {
      const sender = await a.createUser({ gender: "Male" });
      const recipient = await a.createUser({ gender: "Female" });
      const sub = subscribe(a.wsClient(recipient.token), SUB);
      await eventually(() => a.app.pubsub.listenerCount("NOTIFICATION_ADDED") >= 1, "subscription on A");
      // The Redis SUBSCRIBE is asynchronous: publish through B until A's subscriber has it.
      const { Redis } = await import("ioredis");
      const probe = new Redis(redisUrl!);
      await eventually(
        async () => ((await probe.pubsub("NUMSUB", `NOTIFICATION_ADDED:${recipient.user.id}`)) as [string, number])[1] > 0,
        "Redis subscription",
      );
      await probe.quit();
      await b.app.services.deps.tx((em) =>
        b.app.services.notifications.notify(
          {
            recipientId: recipient.user.id,
            notifierId: sender.user.id,
            type: "swap-accept",
            message: "via B",
          },
          em,
        ),
      );
      expect((await sub.next()).data.notificationAdded).toMatchObject({ message: "via B", notifier: { name: sender.user.name } });
      sub.dispose();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
