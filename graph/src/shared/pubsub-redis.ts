/**
 * The pubsub's transport when REDIS_URL is set: events cross Redis channels (one per topic, or
 * addressed topic and id: pubsub.ts), as JSON, so every instance delivers to its own listeners,
 * and listener counts and "last left" notes are read from Redis, so every instance sees them.
 * ioredis loads on first use.
 */
import type { Redis } from "ioredis";
import { lazyRequire } from "./lazy-require.js";
import type { Logger } from "./logger.js";
import type { Deliver, PubSubTransport } from "./pubsub-transport.js";
import type * as IORedis from "ioredis";

/** How long Redis keeps a note of "the last listener left": far longer than any grace period that reads it. */
const LEFT_NOTE_TTL_MS = 10 * 60_000;
/** The longest a pubsub command (publish, a listener count, a presence note) waits for Redis. */
const COMMAND_TIMEOUT_MS = 2000;

/**
 * Two clients (one only subscribes, as Redis requires), with the failures of both reported to
 * `logger`: while Redis is unreachable a publish or subscribe fails without ending the process. A
 * lost event is a missed live update; the rows are committed and every page reloads them.
 */
export function redisTransport(redisUrl: string, deliver: Deliver, logger?: Logger): PubSubTransport {
  const { Redis } = lazyRequire("ioredis") as typeof IORedis;
  // Every command bounded (ioredis `commandTimeout`): a silent Redis (a partition) fails a presence read or a
  // publish within it, and `quit` on shutdown, instead of holding them until Redis answers.
  const options = { maxRetriesPerRequest: 3, commandTimeout: COMMAND_TIMEOUT_MS };
  const publishClient: Redis = new Redis(redisUrl, options);
  const subscribeClient: Redis = new Redis(redisUrl, options);
  // One line per failing operation; connection errors repeat on every retry, so they log at debug.
  const report = (err: unknown, what: string) =>
    what === "redis connection"
      ? logger?.debug({ err }, "pubsub redis connection error")
      : logger?.error({ err }, `pubsub redis ${what} failed`);
  for (const client of [publishClient, subscribeClient]) client.on("error", (err) => report(err, "redis connection"));
  subscribeClient.on("message", (channel: string, message: string) => {
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch (err) {
      report(err, "message parse");
      return;
    }
    deliver(channel, payload);
  });
  return {
    publish: (channel, payload) => {
      publishClient.publish(channel, JSON.stringify(payload)).catch((err: unknown) => report(err, "publish"));
    },
    // ioredis sends a connection's commands in order: a channel's subscribe and unsubscribe never cross.
    subscribe: (channel) =>
      subscribeClient.subscribe(channel).then(
        () => undefined,
        (err: unknown) => report(err, "subscribe"),
      ),
    unsubscribe: (channel) => {
      subscribeClient.unsubscribe(channel).catch((err: unknown) => report(err, "unsubscribe"));
    },
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
