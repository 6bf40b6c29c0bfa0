import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../harness.js";

describe("the HTTP stack", () => {
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

  it("sends helmet's security headers on every kind of response (API, GraphQL, errors)", async () => {
    const answers = [
      await fetch(`${t.url}/api/leaderboard`),
      await fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"query":"{ __typename }"}' }),
      await fetch(`${t.url}/api/no-such-path`),
    ];
    for (const r of answers) {
      expect(r.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(r.headers.get("x-content-type-options")).toBe("nosniff");
      expect(r.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
      expect(r.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      expect(r.headers.get("x-powered-by")).toBeNull();
    }
  });
});
