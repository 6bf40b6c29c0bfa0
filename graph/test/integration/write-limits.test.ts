/**
 * Per-student limits on the writes that reach other students or cost storage or a gateway call
 * (shared/rate-limit.ts). Each bucket is shared by GraphQL and REST, and one student's bucket
 * never stops another student.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CoinOrder } from "../../src/modules/coins/purchase.entity.js";
import { Notification } from "../../src/modules/notifications/notification.entity.js";
import { CHESS, GUITAR, Q, REACT, student, YOGA } from "../../src/modules/swaps/swaps.test-support.js";
import { dbTargets, startTestApp, type TestApp } from "../harness.js";
import { PNG, uploadImage } from "../profiles.js";

const LIMITS = "coin_order=2/3600,image_upload=2/3600,swap_request=2/3600,implement_post=2/3600,implement_join=2/3600";
const code = (r: { errors?: Array<{ extensions?: { code?: string } }> }) => r.errors?.[0]?.extensions?.code;
const message = (r: { errors?: Array<{ message: string }> }) => r.errors?.[0]?.message;
/** Every limit here is per hour: the wait is said in words, while Retry-After stays in seconds. */
const AN_HOUR = "Too many attempts. Please try again in about an hour.";

describe.each(dbTargets)("per-student write limits on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { env: { RATE_LIMITS: LIMITS } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("limits implement posts, whichever door they come through", async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const create = `mutation ($input: CreateImplementPostInput!) { createImplementPost(input: $input) { id } }`;
    expect((await t.gql(create, { input: { title: "One", description: "d" } }, a.token)).errors).toBeUndefined();
    const rest = (title: string) => t.rest("POST", "/implements", { token: a.token, body: { title, description: "d", userId: a.user.id } });
    expect((await rest("Two")).status).toBe(200);
    const over = await rest("Three");
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("RATE_LIMITED");
    expect(over.body.error).toBe(AN_HOUR);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(3500);
    const viaGql = await t.gql(create, { input: { title: "Four", description: "d" } }, a.token);
    expect(code(viaGql)).toBe("RATE_LIMITED");
    expect(message(viaGql)).toBe(AN_HOUR);
    expect(
      (await t.gql(`{ myImplementPosts { edges { node { title } } } }`, {}, a.token)).data.myImplementPosts.edges.map((e: any) => e.node),
    ).toHaveLength(2);
    expect((await t.gql(create, { input: { title: "Other student", description: "d" } }, b.token)).errors).toBeUndefined();
  });

  it("limits requests to join implement posts", async () => {
    const [owner, owner2, joiner] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const create = `mutation ($input: CreateImplementPostInput!) { createImplementPost(input: $input) { id } }`;
    const ids: string[] = [];
    for (const [o, title] of [
      [owner, "A"],
      [owner, "B"],
      [owner2, "C"],
    ] as const) {
      ids.push((await t.gql(create, { input: { title, description: "d" } }, o.token)).data.createImplementPost.id);
    }
    const join = `mutation ($input: JoinImplementPostInput!) { joinImplementPost(input: $input) { status } }`;
    expect((await t.gql(join, { input: { postId: ids[0], description: "me" } }, joiner.token)).errors).toBeUndefined();
    const rest = await t.rest("POST", `/implements/${ids[1]}/join`, {
      token: joiner.token,
      body: { userId: joiner.user.id, description: "me" },
    });
    expect(rest.status).toBe(200);
    const over = await t.gql(join, { input: { postId: ids[2], description: "me" } }, joiner.token);
    expect(code(over)).toBe("RATE_LIMITED");
    expect(message(over)).toBe(AN_HOUR);
    const mine = await t.gql(`query ($id: ID!) { implementPost(id: $id) { myApplication { status } } }`, { id: ids[2] }, joiner.token);
    expect(mine.data.implementPost.myApplication).toBeNull();
  });

  it("limits coin orders, storing no order past the limit", async () => {
    const { user, token } = await t.createUser();
    const create = "mutation ($coins: Int!) { createCoinOrder(coins: $coins) { orderId } }";
    expect((await t.gql(create, { coins: 3 }, token)).errors).toBeUndefined();
    expect((await t.rest("POST", "/create-razorpay-order", { token, body: { amount: 3000 } })).status).toBe(200);
    const over = await t.rest("POST", "/create-razorpay-order", { token, body: { amount: 3000 } });
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(AN_HOUR);
    expect(message(await t.gql(create, { coins: 3 }, token))).toBe(AN_HOUR);
    expect(await t.dataSource.getRepository(CoinOrder).count({ where: { userId: user.id } })).toBe(2);
  });

  it("limits image uploads", async () => {
    const { token } = await t.createUser();
    expect((await uploadImage(t, token, PNG)).status).toBe(200);
    expect((await uploadImage(t, token, PNG)).status).toBe(200);
    const over = await uploadImage(t, token, PNG);
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(AN_HOUR);
  });

  it("gives the point back when our side fails the write (storage or database down), never for a refusal", async () => {
    const { token } = await t.createUser();
    const storage = t.app.services.deps.storage;
    const putImage = storage.putImage.bind(storage);
    storage.putImage = () => Promise.reject(new Error("storage unreachable"));
    try {
      for (let i = 0; i < 3; i++) expect((await uploadImage(t, token, PNG)).status).toBe(500);
    } finally {
      storage.putImage = putImage;
    }
    expect((await uploadImage(t, token, PNG)).status).toBe(200);
    expect((await uploadImage(t, token, new Uint8Array([1, 2, 3]))).status).toBe(400); // a refused file spends its point
    expect((await uploadImage(t, token, PNG)).status).toBe(429);

    const me = await student(t, [REACT]);
    const [x, y] = [await student(t, [GUITAR]), await student(t, [CHESS])];
    const profiles = t.app.services.profiles;
    const skillsOf = profiles.skillsOf.bind(profiles);
    profiles.skillsOf = () => Promise.reject(new Error("the database went away"));
    try {
      for (let i = 0; i < 3; i++) {
        const failed = await t.gql(Q.requestSwap, { i: { receiverId: x.id, preachSkill: REACT, learnSkill: GUITAR } }, me.token);
        expect(code(failed)).not.toBe("RATE_LIMITED");
      }
    } finally {
      profiles.skillsOf = skillsOf;
    }
    expect(
      (await t.gql(Q.requestSwap, { i: { receiverId: x.id, preachSkill: REACT, learnSkill: GUITAR } }, me.token)).errors,
    ).toBeUndefined();
    expect(
      (await t.gql(Q.requestSwap, { i: { receiverId: y.id, preachSkill: REACT, learnSkill: CHESS } }, me.token)).errors,
    ).toBeUndefined();
  });

  it("limits swap and pay requests, so no further student is notified", async () => {
    const me = await student(t, [REACT]);
    const [x, y, z] = [await student(t, [GUITAR]), await student(t, [CHESS]), await student(t, [YOGA])];
    expect(
      (await t.gql(Q.requestSwap, { i: { receiverId: x.id, preachSkill: REACT, learnSkill: GUITAR } }, me.token)).errors,
    ).toBeUndefined();
    const pay = await t.rest("POST", "/pay-request", {
      token: me.token,
      body: { feedID: y.id, userID: me.id, learnSkill: CHESS, skillCoins: 2 },
    });
    expect(pay.status).toBe(200);
    expect(code(await t.gql(Q.requestSwap, { i: { receiverId: z.id, preachSkill: REACT, learnSkill: YOGA } }, me.token))).toBe(
      "RATE_LIMITED",
    );
    const over = await t.rest("POST", "/swap-request", {
      token: me.token,
      body: { feedID: z.id, userID: me.id, preachSkill: REACT, learnSkill: YOGA },
    });
    expect(over.status).toBe(429);
    expect(over.body.error).toBe(AN_HOUR);
    expect(await t.dataSource.getRepository(Notification).count({ where: { recipientId: z.id } })).toBe(0);
  });
});
