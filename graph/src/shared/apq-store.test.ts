import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { redisPersistedQueries } from "./apq-store.js";
import { createLogger } from "./logger.js";

describe("persisted queries in Redis", () => {
  it("answers a miss, and takes a registration without failing, when Redis does not answer", async () => {
    // A port that accepts connections and never replies: every command waits for its bound.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    const store = redisPersistedQueries(`redis://127.0.0.1:${port}`, createLogger("silent"));
    try {
      expect(await store.get("hash")).toBeUndefined();
      await expect(store.set("hash", "{ __typename }", { ttl: 60 })).resolves.toBeUndefined();
      expect(await store.delete("hash")).toBe(false);
    } finally {
      await store.close();
      silent.close();
    }
  });

  it.runIf(process.env.TEST_REDIS_URL)("keeps a registration for every instance, with its time to live", async () => {
    const first = redisPersistedQueries(process.env.TEST_REDIS_URL!, createLogger("silent"));
    const second = redisPersistedQueries(process.env.TEST_REDIS_URL!, createLogger("silent"));
    const key = `test-${Math.random().toString(36).slice(2)}`;
    try {
      await first.set(key, "{ __typename }", { ttl: 60 });
      expect(await second.get(key)).toBe("{ __typename }");
      expect(await second.delete(key)).toBe(true);
      expect(await first.get(key)).toBeUndefined();
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
