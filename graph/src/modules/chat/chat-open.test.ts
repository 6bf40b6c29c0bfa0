import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { Chat } from "./chat.entity.js";

describe.each(dbTargets)("opening chats on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("opens one chat per pair, even for concurrent opens in either direction", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        t.app.services.deps.tx((em) =>
          t.app.services.chatOpen.open(
            { kind: "swap", requesterId: i % 2 ? a.user.id : b.user.id, receiverId: i % 2 ? b.user.id : a.user.id },
            em,
          ),
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as { code?: string }).code).toBe("CONFLICT");
    expect(await t.dataSource.getRepository(Chat).count()).toBe(1);
    expect(await t.app.services.chatOpen.existsBetween(b.user.id, a.user.id, t.dataSource)).toBe(true);
    const chat = await t.app.services.chatOpen.findBetween(a.user.id, b.user.id, t.dataSource);
    expect(chat).toMatchObject({ status: "in_progress" });
    expect(chat!.startDate.toISOString()).toBe(t.clock.now().toISOString());
  });

  it("refuses a chat with oneself", async () => {
    const a = await t.createUser();
    await expect(
      t.app.services.deps.tx((em) => t.app.services.chatOpen.open({ kind: "swap", requesterId: a.user.id, receiverId: a.user.id }, em)),
    ).rejects.toMatchObject({
      code: "BAD_USER_INPUT",
    });
  });
});
