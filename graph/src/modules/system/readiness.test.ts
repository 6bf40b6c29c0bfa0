/**
 * /readyz (readiness) against /healthz (liveness): ready while the database and a configured Redis
 * answer and the server is not draining; 503 with the reason otherwise.
 */
import { createServer } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";

/** A port nothing listens on (a Redis that is down). */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe.each(dbTargets)("readiness on %s", (target) => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
  });
  const readyz = async (t: TestApp) => {
    const res = await fetch(`${t.url}/readyz`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it("answers 200 when ready, and 503 with the reason at once while draining", async () => {
    const t = await startTestApp(target);
    apps.push(t);
    expect(await readyz(t)).toEqual({
      status: 200,
      body: { status: "ready", ready: true, draining: false, database: "up", redis: "not configured" },
    });
    t.app.services.readiness.markDraining();
    expect(await readyz(t)).toMatchObject({ status: 503, body: { status: "unavailable", ready: false, draining: true } });
    // Liveness does not change while draining.
    expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
  });

  it("answers 503 while the database is unreachable", async () => {
    const t = await startTestApp(target);
    await t.dataSource.destroy();
    expect(await readyz(t)).toMatchObject({ status: 503, body: { ready: false, database: "down", draining: false } });
    await t.close().catch(() => undefined);
  });

  it("answers 503 while a configured Redis is unreachable, 200 with Redis up", async () => {
    const down = await startTestApp(target, { env: { REDIS_URL: `redis://127.0.0.1:${await closedPort()}` } });
    apps.push(down);
    expect(await readyz(down)).toMatchObject({ status: 503, body: { ready: false, database: "up", redis: "down" } });
    if (process.env.TEST_REDIS_URL) {
      const up = await startTestApp(target, { env: { REDIS_URL: process.env.TEST_REDIS_URL } });
      apps.push(up);
      expect(await readyz(up)).toMatchObject({ status: 200, body: { ready: true, redis: "up" } });
    }
  });
});
