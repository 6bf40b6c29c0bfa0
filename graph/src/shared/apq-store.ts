/**
 * Where automatic persisted queries are registered when REDIS_URL is set: in Redis, so a hash one
 * instance learned is known to every instance behind the load balancer (a CDN's GET by hash alone
 * may reach any of them). Without Redis, Apollo keeps them in each instance's memory.
 * Apollo asks a `KeyValueCache` (get, set with a TTL in seconds, delete: its documented interface).
 * Redis down or slow is a miss, never an error: Apollo then answers PERSISTED_QUERY_NOT_FOUND and
 * the client sends the text again, which works on any instance. ioredis loads on first use.
 */
import type { Redis } from "ioredis";
import { lazyRequire } from "./lazy-require.js";
import type { Logger } from "./logger.js";
import type * as IORedis from "ioredis";

/** The longest a registration's read or write waits for Redis: a miss costs the client one round trip more. */
const COMMAND_TIMEOUT_MS = 500;
const PREFIX = "apq:";

export interface PersistedQueryStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string, options?: { ttl?: number | null }): Promise<void>;
  delete(key: string): Promise<boolean>;
  close(): Promise<void>;
}

export function redisPersistedQueries(redisUrl: string, logger: Logger): PersistedQueryStore {
  const { Redis: RedisClient } = lazyRequire("ioredis") as typeof IORedis;
  const redis: Redis = new RedisClient(redisUrl, { maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT_MS });
  redis.on("error", (err) => logger.debug({ err }, "persisted queries: redis connection error"));
  const failed = (err: unknown, what: string) => logger.warn({ err }, `persisted queries: redis ${what} failed`);
  return {
    async get(key) {
      try {
        return (await redis.get(PREFIX + key)) ?? undefined;
      } catch (err) {
        failed(err, "read");
        return undefined;
      }
    },
    async set(key, value, options) {
      try {
        if (options?.ttl) await redis.set(PREFIX + key, value, "EX", Math.ceil(options.ttl));
        else await redis.set(PREFIX + key, value);
      } catch (err) {
        failed(err, "write");
      }
    },
    async delete(key) {
      try {
        return (await redis.del(PREFIX + key)) > 0;
      } catch (err) {
        failed(err, "delete");
        return false;
      }
    },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
