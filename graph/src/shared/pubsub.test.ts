import { Redis } from "ioredis";
import { describe, expect, it } from "vitest";
import { eventually } from "../../test/eventually.js";
import type { Logger } from "./logger.js";
import { createAppPubSub, startWith } from "./pubsub.js";

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

  it("iterates an addressed topic's kept events in order, queued or awaited, until returned", async () => {
    const ps = createAppPubSub();
    const event = (n: number) => ({ userId: "u1", count: n }) as never;
    const it = ps.events("UNREAD_CHANGED", "u1", (e: { count: number }) => e.count % 2 === 0);
    expect(ps.listenerCount("UNREAD_CHANGED:u1")).toBe(1);
    const awaited = it.next();
    for (const n of [2, 3, 4, 6]) ps.publish("UNREAD_CHANGED", "u1", event(n));
    ps.publish("UNREAD_CHANGED", "u2", event(8)); // another student's topic
    expect((await awaited).value).toMatchObject({ count: 2 });
    expect((await it.next()).value).toMatchObject({ count: 4 });
    expect((await it.next()).value).toMatchObject({ count: 6 });
    const pending = it.next();
    expect(await it.return!()).toEqual({ value: undefined, done: true });
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(ps.listenerCount("UNREAD_CHANGED:u1")).toBe(0);
    ps.publish("UNREAD_CHANGED", "u1", event(10));
    expect(await it.next()).toEqual({ value: undefined, done: true });
  });

  it("delivers to every listener of a channel though one of them throws, and logs the failure", async () => {
    const errors: string[] = [];
    const logger = { error: (_o: unknown, msg: string) => void errors.push(msg) } as unknown as Logger;
    const ps = createAppPubSub(undefined, logger);
    const got: string[] = [];
    ps.listen("SESSION_REVOKED", "u1", () => {
      throw new Error("a broken listener");
    });
    ps.listen("SESSION_REVOKED", "u1", (p) => void got.push(p.userId));
    ps.publish("SESSION_REVOKED", "u1", { userId: "u1" });
    expect(got).toEqual(["u1"]);
    expect(errors).toEqual(["a pubsub listener failed"]);
  });

  it("keeps every event of a broadcast topic for its reader, however far behind", async () => {
    const ps = createAppPubSub();
    const it = ps.subscribe("SYSTEM_PING")[Symbol.asyncIterator]();
    for (let n = 0; n < 2000; n++) ps.publish("SYSTEM_PING", { id: String(n), at: "t" });
    for (let n = 0; n < 2000; n++) expect((await it.next()).value).toEqual({ id: String(n), at: "t" });
    await it.return?.();
  });

  it("startWith: the given values first, then the live ones it keeps; return() stops listening at once, a waiting next() too", async () => {
    const ps = createAppPubSub();
    const event = (n: number) => ({ userId: "u1", count: n }) as never;
    const live = ps.events("UNREAD_CHANGED", "u1");
    ps.publish("UNREAD_CHANGED", "u1", event(2)); // queued while the first values are read
    const it = startWith(
      [
        { userId: "u1", count: 1 },
        { userId: "u1", count: 2 },
      ],
      live,
      (e) => e.count !== 2,
    );
    ps.publish("UNREAD_CHANGED", "u1", event(3));
    const counts: number[] = [];
    for (let i = 0; i < 3; i++) counts.push((await it.next()).value!.count);
    expect(counts).toEqual([1, 2, 3]);
    const pending = it.next();
    expect(await it.return!()).toEqual({ value: undefined, done: true });
    expect(await pending).toEqual({ value: undefined, done: true });
    expect(ps.listenerCount("UNREAD_CHANGED:u1")).toBe(0);
    expect(await it.next()).toEqual({ value: undefined, done: true });
    // In memory a listener hears every later event as soon as it is added.
    await expect(ps.listening("UNREAD_CHANGED", "u1")).resolves.toBeUndefined();
  });

  it("ends a subscription whose reader fell too far behind instead of queueing without bound", async () => {
    const ps = createAppPubSub();
    const it = ps.events("UNREAD_CHANGED", "u1");
    for (let n = 0; n <= 1024; n++) ps.publish("UNREAD_CHANGED", "u1", { userId: "u1", count: n } as never);
    expect(ps.listenerCount("UNREAD_CHANGED:u1")).toBe(0);
    expect(await it.next()).toEqual({ value: undefined, done: true });
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

describe.runIf(redisUrl)("Redis pubsub: listening", () => {
  it("settles once Redis holds this instance's subscription, so another instance's next event reaches it", async () => {
    const a = createAppPubSub(redisUrl);
    const b = createAppPubSub(redisUrl);
    const probe = new Redis(redisUrl!);
    try {
      const it = a.events("UNREAD_CHANGED", "u-listening");
      await a.listening("UNREAD_CHANGED", "u-listening");
      // No waiting on NUMSUB: Redis acknowledged the SUBSCRIBE before listening settled.
      expect(((await probe.pubsub("NUMSUB", "UNREAD_CHANGED:u-listening")) as [string, number])[1]).toBe(1);
      b.publish("UNREAD_CHANGED", "u-listening", { userId: "u-listening", count: 7 } as never);
      expect((await it.next()).value).toEqual({ userId: "u-listening", count: 7 });
      await it.return?.();
    } finally {
      await Promise.all([a.close(), b.close(), probe.quit()]);
    }
  });
});

describe.runIf(redisUrl)("Redis pubsub channels", () => {
  it("an addressed topic's events travel on the Redis channel TOPIC:id as JSON (what every version of the app sends)", async () => {
    const ps = createAppPubSub(redisUrl);
    const probe = new Redis(redisUrl!);
    const watcher = new Redis(redisUrl!);
    try {
      const got: unknown[] = [];
      const stop = ps.listen("SESSION_REVOKED", "u9", (p) => got.push(p));
      const subscribers = async () => Number(((await probe.pubsub("NUMSUB", "SESSION_REVOKED:u9")) as [string, number])[1]);
      await eventually(async () => (await subscribers()) === 1, "subscribed through Redis");
      // Another instance's event reaches the listener.
      await probe.publish("SESSION_REVOKED:u9", JSON.stringify({ userId: "u9" }));
      await eventually(() => got.length === 1, "the event from Redis");
      expect(got).toEqual([{ userId: "u9" }]);
      // And this instance's event is on that channel.
      const seen = new Promise<[string, string]>((resolve) => watcher.on("message", (channel, message) => resolve([channel, message])));
      await watcher.subscribe("SESSION_REVOKED:u9");
      ps.publish("SESSION_REVOKED", "u9", { userId: "u9" });
      expect(await seen).toEqual(["SESSION_REVOKED:u9", JSON.stringify({ userId: "u9" })]);
      stop();
      // Its last listener gone, the instance leaves the channel (the watcher is still on it).
      await eventually(async () => (await subscribers()) === 1, "unsubscribed");
      expect(ps.listenerCount("SESSION_REVOKED")).toBe(0);
    } finally {
      await Promise.all([ps.close(), probe.quit(), watcher.quit()]);
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
