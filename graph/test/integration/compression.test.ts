import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../harness.js";

describe("response compression", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite");
    for (let i = 0; i < 40; i++) await t.createUser({ name: `Compressed Student ${i}` });
  });
  afterAll(() => t?.close());

  it("compresses a JSON answer for a client that accepts gzip, and sends it plain to one that accepts no encoding", async () => {
    const gz = await fetch(`${t.url}/api/leaderboard`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(((await gz.json()) as unknown[]).length).toBe(40);
    const plain = await fetch(`${t.url}/api/leaderboard`, { headers: { "accept-encoding": "" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(((await plain.json()) as unknown[]).length).toBe(40);
  });
});
