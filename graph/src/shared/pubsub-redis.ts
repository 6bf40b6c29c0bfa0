/**
 * The pubsub's transport when REDIS_URL is set: events cross Redis channels (yoga's Redis event
 * target), so every instance delivers to its own subscribers, and listener counts and "last left"
 * notes are read from Redis, so every instance sees them. ioredis and the adapter load on first use.
 */
import type { Redis } from "ioredis";
import { lazyRequire } from "./lazy-require.js";
import type { Logger } from "./logger.js";
import type { PubSubTransport } from "./pubsub.js";

/** What the Redis event target calls on its clients. */
type PublishClient = Pick<Redis, "publish">;
type SubscribeClient = Pick<Redis, "on" | "subscribe" | "unsubscribe">;

/**
 * The Redis event target fires `publish`/`subscribe` and drops the promise: while Redis is
 * unreachable each would reject unhandled, which ends a Node process. These report instead.
 * A lost event is a missed live update; the rows are committed and every page reloads them.
 */
export function reportingClients(
  publishClient: Redis,
  subscribeClient: Redis,
  report: (err: unknown, what: string) => void,
): { publishClient: PublishClient; subscribeClient: SubscribeClient } {
  const reported =
    <A extends unknown[]>(what: string, call: (...args: A) => Promise<unknown>) =>
    (...args: A) =>
      call(...args).catch((err: unknown) => {
        report(err, what);
        return 0;
      });
  for (const client of [publishClient, subscribeClient]) client.on("error", (err) => report(err, "redis connection"));
  return {
    publishClient: {
      publish: reported("publish", (channel: string, message: string) => publishClient.publish(channel, message)),
    } as PublishClient,
    subscribeClient: {
      on: (event: string, listener: (...args: unknown[]) => void) => subscribeClient.on(event, listener),
      subscribe: reported("subscribe", (topic: string) => subscribeClient.subscribe(topic)),
      unsubscribe: reported("unsubscribe", (topic: string) => subscribeClient.unsubscribe(topic)),
    } as SubscribeClient,
  };
}

/** How long Redis keeps a note of "the last listener left": far longer than any grace period that reads it. */
const LEFT_NOTE_TTL_MS = 10 * 60_000;

/** Two clients (one only subscribes, as Redis requires), with the failures of both reported to `logger`. */
export function redisTransport(redisUrl: string, logger?: Logger): PubSubTransport {
  const { Redis } = lazyRequire("ioredis") as typeof import("ioredis");
  const { createRedisEventTarget } = lazyRequire("@graphql-yoga/redis-event-target") as typeof import("@graphql-yoga/redis-event-target");
  const publishClient = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
  // One line per failing operation; connection errors repeat on every retry, so they log at debug.
  const report = (err: unknown, what: string) =>
    what === "redis connection"
      ? logger?.debug({ err }, "pubsub redis connection error")
      : logger?.error({ err }, `pubsub redis ${what} failed`);
  return {
    // The adapter's client types are ioredis's own; ours are the narrow wrappers above.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
    target: createRedisEventTarget<any>(reportingClients(publishClient, subscribeClient, report) as any) as unknown as EventTarget,
    close: async () => {
      await Promise.allSettled([publishClient.quit(), subscribeClient.quit()]);
    },
    // Each instance's subscribe client holds one Redis subscription per channel it listens on.
    remoteListeners: async (channel) => {
      const reply = (await publishClient.pubsub("NUMSUB", channel)) as [string, number | string];
      return Number(reply[1]) > 0;
    },
    remoteListenersAmong: async (channels) => {
      const reply = (await publishClient.pubsub("NUMSUB", ...channels)) as Array<string | number>;
      const found = new Set<string>();
      for (let i = 0; i + 1 < reply.length; i += 2) if (Number(reply[i + 1]) > 0) found.add(String(reply[i]));
      return found;
    },
    // The value is the clock's time (tests move a manual clock); the expiry only lets Redis forget old notes.
    noteLeft: (key, at) => {
      publishClient.set(`left:${key}`, at.toISOString(), "PX", LEFT_NOTE_TTL_MS).catch((err: unknown) => report(err, "set"));
    },
    lastLeft: async (keys) => {
      const values = await publishClient.mget(...keys.map((k) => `left:${k}`));
      return values.map((v) => (v ? new Date(v) : null));
    },
  };
}
