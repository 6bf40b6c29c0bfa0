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
    expect(r.data).toEqual({ __typename: "Query", health: { status: "OK", database: "UP" } });
  });

  it("answers /healthz as liveness (the database is /readyz's to report)", async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("answers unknown REST paths with a JSON 404", async () => {
    const r = await t.rest("GET", "/no-such-thing");
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ error: "Not found", code: "NOT_FOUND" });
  });

  it("answers a body that is not JSON, or a missing upload, with a JSON error and a code, never a stack trace", async () => {
    const bad = await fetch(`${t.url}/graphql`, { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    expect(text).not.toMatch(/at JSON\.parse|node_modules|<pre>/);
    expect(JSON.parse(text)).toEqual({ errors: [{ message: "Bad request", extensions: { code: "BAD_REQUEST" } }] });

    const big = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ query: `{ __typename } #${"x".repeat(1_100_000)}` }),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).errors[0].extensions.code).toBe("BAD_REQUEST");

    const missing = await fetch(`${t.url}/uploads/nobody/0123456789abcdef0123456789abcdef.png`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "Not found", code: "NOT_FOUND" });
  });

  it("refuses queries deeper or costlier than the limits", async () => {
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: health { status }`).join(" ");
    const r = await t.gql(`{ ${aliases} }`);
    expect(r.errors?.[0].message).toMatch(/alias/i);
  });

  it("applies the same alias, depth and cost limits over graphql-ws, answering with a code", async () => {
    const client = t.wsClient();
    const refusal = (query: string) =>
      new Promise<Array<{ message: string; extensions?: { code?: string } }>>((resolve, reject) => {
        client.subscribe(
          { query },
          {
            next: () => reject(new Error("the operation ran")),
            error: (e) => resolve(e as never),
            complete: () => reject(new Error("completed")),
          },
        );
      });
    const aliases = await refusal(`{ ${Array.from({ length: 40 }, (_, i) => `a${i}: health { status }`).join(" ")} }`);
    expect(aliases[0].message).toMatch(/alias/i);
    let deep = "id";
    for (let i = 0; i < 12; i++) deep = `completedSkills { mentor { ${deep} } }`;
    const depth = await refusal(`{ user(id: "x") { ${deep} } }`);
    expect(depth.map((e) => e.message).join(" ")).toMatch(/depth limit/i);
    const unknown = await refusal("{ noSuchField }");
    for (const e of [...aliases, ...depth, ...unknown]) expect(e.extensions?.code).toBeTruthy();
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
    expect(result).toEqual({ data: { health: { database: "UP" } } });
  });
});

describe("health when the database is gone", () => {
  it("answers 503 from /readyz, and 200 from /healthz (liveness: a restart would not bring the database back)", async () => {
    const t = await startTestApp("sqlite");
    try {
      await t.dataSource.destroy();
      const res = await fetch(`${t.url}/readyz`);
      expect(res.status).toBe(503);
      expect((await res.json()).database).toBe("down");
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
    } finally {
      await t.app.close();
    }
  });
});
