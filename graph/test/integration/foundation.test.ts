import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../harness.js";

describe.each(dbTargets)("foundation on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers { __typename } and the health query over HTTP", async () => {
    const r = await t.gql("{ __typename health { status database } }");
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ __typename: "Query", health: { status: "ok", database: "up" } });
  });

  it("reports the database in /healthz", async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "up" });
  });

  it("answers unknown REST paths with a JSON 404", async () => {
    const r = await t.rest("GET", "/no-such-thing");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "Not found" });
  });

  it("refuses queries deeper or costlier than the limits", async () => {
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: health { status }`).join(" ");
    const r = await t.gql(`{ ${aliases} }`);
    expect(r.errors?.[0].message).toMatch(/alias/i);
  });

  it("closes a graphql-ws connection that presents a bad token with 4403", async () => {
    const client = t.wsClient("not-a-token");
    const closed = await new Promise<number>((resolve) => {
      client.on("closed", (ev) => resolve((ev as { code: number }).code));
      client.subscribe({ query: "{ __typename }" }, { next: () => {}, error: () => {}, complete: () => {} });
    });
    expect(closed).toBe(4403);
  });

  it("runs a query over graphql-ws without a token", async () => {
    const client = t.wsClient();
    const result = await new Promise<unknown>((resolve, reject) => {
      client.subscribe({ query: "{ health { database } }" }, { next: resolve, error: reject, complete: () => {} });
    });
    expect(result).toEqual({ data: { health: { database: "up" } } });
  });
});

describe("health when the database is gone", () => {
  it("answers 503 from /healthz", async () => {
    const t = await startTestApp("sqlite");
    try {
      await t.dataSource.destroy();
      const res = await fetch(`${t.url}/healthz`);
      expect(res.status).toBe(503);
      expect((await res.json()).database).toBe("down");
    } finally {
      await t.app.close();
    }
  });
});
