import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { eventually } from "../../test/eventually.js";
import type { Logger } from "./logger.js";
import { createAppPubSub } from "./pubsub.js";

describe("in-memory pubsub", () => {
  it("delivers a published event to a subscriber", async () => {
    const ps = createAppPubSub();
    const it = ps.subscribe("SYSTEM_PING")[Symbol.asyncIterator]();
    const next = it.next();
    await eventually(() => ps.listenerCount("SYSTEM_PING") > 0, "listener");
    ps.publish("SYSTEM_PING", { id: "1", at: "now" });
    expect((await next).value).toEqual({ id: "1", at: "now" });
    await it.return?.();
    expect(ps.listenerCount("SYSTEM_PING")).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)("Redis pubsub across instances", () => {
  it("an event published on instance B reaches a subscriber on instance A", async () => {
    const a = createAppPubSub(redisUrl);
    const b = createAppPubSub(redisUrl);
    const probe = new Redis(redisUrl!);
    try {
      const it = a.subscribe("SYSTEM_PING")[Symbol.asyncIterator]();
      const next = it.next();
      await eventually(async () => {
        const [, n] = (await probe.pubsub("NUMSUB", "SYSTEM_PING")) as [string, number];
        return n > 0;
      }, "Redis subscription");
      b.publish("SYSTEM_PING", { id: "x", at: "t" });
      expect((await next).value).toEqual({ id: "x", at: "t" });
      await it.return?.();
    } finally {
      await Promise.all([a.close(), b.close(), probe.quit()]);
    }
  });
});

describe.runIf(redisUrl)("Redis pubsub while Redis is unreachable", () => {
  it("reports a failed publish instead of leaving a rejected promise that would end the process", async () => {
    const errors: string[] = [];
    const logger = { error: (_o: unknown, msg: string) => void errors.push(msg), debug: () => {} } as unknown as Logger;
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    const ps = createAppPubSub(redisUrl, logger);
    try {
      await ps.close(); // the connection is gone: every command now rejects at once
      ps.publish("SYSTEM_PING", { id: "lost", at: "t" });
      await eventually(() => errors.includes("pubsub redis publish failed"), "the failed publish is logged");
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", onUnhandled);
    }
  });
});
