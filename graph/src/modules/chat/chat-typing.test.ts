import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPair, PARTNER_TYPING, REPORT, student, subscriptionErrors, TYPING } from "../../../test/chat.js";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { captureStatements } from "../../../test/profiles.js";

describe.each(dbTargets)("typing signals on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const live = (userId: string, n = 1) => eventually(() => t.app.pubsub.listenerCount(`CHAT_TYPING:${userId}`) >= n, "typing subscription");

  it("reaches only the partner, and writes nothing to the database", async () => {
    const { a, b, chat } = await chatPair(t);
    const { a: c, b: d, chat: other } = await chatPair(t);
    const subA = subscribe(t.wsClient(a.token), PARTNER_TYPING, { chatWith: b.id });
    const subB = subscribe(t.wsClient(b.token), PARTNER_TYPING, { chatWith: a.id });
    const subC = subscribe(t.wsClient(c.token), PARTNER_TYPING, { chatWith: d.id });
    await Promise.all([live(a.id), live(b.id), live(c.id)]);

    const statements = await captureStatements(t, async () => {
      expect((await t.gql(TYPING, { chatWith: b.id }, a.token)).data).toEqual({ sendTypingSignal: true });
    });
    // Reads only (membership, blocks): the signal is never stored.
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.filter((s) => !/^\s*SELECT/i.test(s.sql))).toEqual([]);
    expect((await subB.next()).data.partnerTyping).toMatchObject({ chatId: chat.id, userId: a.id, at: expect.any(String) });

    await t.gql(TYPING, { chatWith: c.id }, d.token);
    await t.gql(TYPING, { chatWith: a.id }, b.token);
    // Each hears the other only: a's first signal is b's, c's first is d's.
    expect((await subA.next()).data.partnerTyping).toMatchObject({ chatId: chat.id, userId: b.id });
    expect((await subC.next()).data.partnerTyping).toMatchObject({ chatId: other.id, userId: d.id });
    expect([subA.received(), subB.received(), subC.received()]).toEqual([[], [], []]);
    for (const s of [subA, subB, subC]) s.dispose();
  });

  it("refuses a student who is not in the chat, to send and to listen, and an ended chat", async () => {
    const { a, b } = await chatPair(t);
    const stranger = await student(t);
    const refused = await t.gql(TYPING, { chatWith: a.id }, stranger.token);
    expect(refused.errors?.[0]).toMatchObject({ message: "Chat not found", extensions: { code: "NOT_FOUND" } });
    expect(await subscriptionErrors(subscribe(t.wsClient(stranger.token), PARTNER_TYPING, { chatWith: a.id }))).toMatchObject([
      { message: "Chat not found", extensions: { code: "NOT_FOUND" } },
    ]);
    expect((await t.gql(TYPING, { chatWith: b.id }, null)).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    await t.gql(REPORT, { chatWith: b.id, reason: "SPAM_OR_SCAM" }, a.token);
    expect((await t.gql(TYPING, { chatWith: a.id }, b.token)).errors?.[0].extensions?.code).toBe("CONFLICT");
  });

  it("limits how often one student signals", async () => {
    const { a, b } = await chatPair(t);
    let code: string | undefined;
    for (let i = 0; i < 60 && !code; i++) code = (await t.gql(TYPING, { chatWith: b.id }, a.token)).errors?.[0].extensions?.code;
    expect(code).toBe("RATE_LIMITED");
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)("typing signals across two instances on Redis", { retry: 1 }, () => {
  it("a signal sent on one instance reaches the partner listening on the other", async () => {
    const one = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! } });
    const two = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! }, shareDatabaseWith: one });
    try {
      const { a, b, chat } = await chatPair(one);
      const subB = subscribe(two.wsClient(b.token), PARTNER_TYPING, { chatWith: a.id });
      const { Redis } = await import("ioredis");
      const probe = new Redis(redisUrl!);
      await eventually(
        async () => Number(((await probe.pubsub("NUMSUB", `CHAT_TYPING:${b.id}`)) as [string, number])[1]) >= 1,
        "b's subscription on Redis",
        60_000,
      );
      await probe.quit();
      expect((await one.gql(TYPING, { chatWith: b.id }, a.token)).data?.sendTypingSignal).toBe(true);
      expect((await subB.next()).data.partnerTyping).toMatchObject({ chatId: chat.id, userId: a.id });
      subB.dispose();
    } finally {
      await two.close();
      await one.close();
    }
  });
});
