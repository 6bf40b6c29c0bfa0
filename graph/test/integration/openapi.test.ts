/**
 * GET /api/openapi.json documents every registered REST route (the list the server registers on
 * Fastify), requests are validated with the same schemas, and the
 * viewer at /api/docs works offline under the app's CSP.
 */
import "reflect-metadata";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiPath } from "../../src/server/openapi.js";
import { restRoutes } from "../../src/server/rest.js";
import { startTestApp, type TestApp } from "../harness.js";

describe("the REST layer's OpenAPI document", () => {
  let t: TestApp;
  let doc: any;
  beforeAll(async () => {
    t = await startTestApp("sqlite");
    const r = await t.rest("GET", "/openapi.json");
    expect(r.status).toBe(200);
    doc = r.body;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("is OpenAPI 3.1 and lists every route the router mounts, with its method", () => {
    expect(doc.openapi).toBe("3.1.0");
    const mounted = restRoutes(t.app.services).list.map((m) => `${m.method} ${openApiPath(m.path)}`);
    expect(mounted.length).toBeGreaterThan(60);
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect([...new Set(mounted)].filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.filter((r) => !mounted.includes(r))).toEqual([]);
  });

  it("every spec section 7 path is there", () => {
    for (const [method, p] of [
      ["post", "/login"],
      ["get", "/dashboard"],
      ["get", "/{userId}/rewards"],
      ["post", "/profileDetails"],
      ["get", "/user/{id}"],
      ["post", "/swap-request"],
      ["post", "/detect-skill-coins"],
      ["get", "/user/chat/{chatUserID}"],
      ["post", "/user/{otherId}/send-message"],
      ["get", "/leaderboard"],
      ["post", "/implements/{recordId}/rejectPermanent"],
      ["post", "/implements/{userID}/{recordId}/visibility"],
      ["post", "/Snakegame/{userID}/update"],
      ["post", "/notifications"],
    ]) {
      expect(doc.paths[p]?.[method], `${method} ${p}`).toBeDefined();
    }
  });

  it("documents auth (bearer JWT and the token in the body), errors, the legacy contract, caching and CORS", () => {
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: "http", scheme: "bearer", bearerFormat: "JWT" });
    expect(doc.paths["/profileDetails"].post.security).toEqual([{ bearerAuth: [] }, { bodyToken: [] }]);
    expect(doc.paths["/leaderboard"].get.security).toEqual([]);
    expect(doc.info.description).toContain('{ "headers": { "Authorization": "Bearer <jwt>" } }');
    expect(doc.info.description).toContain("not filled details");
    expect(doc.components.schemas.Error.properties).toHaveProperty("field");
    const swap = doc.paths["/swap-request"].post;
    expect(swap.description).toContain("Legacy contract");
    expect(swap.requestBody.content["application/json"].schema.properties).toHaveProperty("feedID");
    expect(swap.responses["401"]).toBeDefined();
    const board = doc.paths["/leaderboard"].get;
    expect(Object.keys(board.responses["200"].headers)).toEqual(
      expect.arrayContaining(["ETag", "Last-Modified", "Cache-Control", "Access-Control-Allow-Origin"]),
    );
    expect(board.responses["304"]).toBeDefined();
    expect(board.description).toMatch(/tied .* id order/);
    expect(board.responses["200"].content["application/json"].schema.example).toHaveLength(4);
  });

  it("describes the request budgets once: their fields on every counted answer, one 429 answer, the numbers this server runs with", () => {
    const { headers, responses } = doc.components;
    expect(Object.keys(headers)).toEqual(expect.arrayContaining(["RateLimit-Policy", "RateLimit", "Retry-After"]));
    expect(headers["RateLimit-Policy"].schema.example).toBe('"anonymous";q=1200;w=60');
    expect(responses.RateLimited.headers).toEqual({
      "Retry-After": { $ref: "#/components/headers/Retry-After" },
      "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
      RateLimit: { $ref: "#/components/headers/RateLimit" },
    });
    expect(doc.info.description).toContain("## Rate limits");
    expect(doc.info.description).toContain(
      "**anonymous** (no token: per client\naddress, shared by everyone behind it) 1200 requests per 60 s",
    );
    const budgetFields = {
      "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
      RateLimit: { $ref: "#/components/headers/RateLimit" },
    };

    // The public leaderboard: its anonymous budget in its own description, and the fields beside its caching headers.
    const board = doc.paths["/leaderboard"].get;
    expect(board.description).toContain("anonymous budget (1200 requests per 60 s), or an API key's (3000 requests per 60 s)");
    expect(board.responses["429"]).toEqual({ $ref: "#/components/responses/RateLimited" });
    expect(board.responses["200"].headers).toMatchObject({ ...budgetFields, ETag: expect.any(Object) });
    expect(board.responses["304"].headers).toMatchObject(budgetFields);

    // A signed-in route; an action limit keeps its words beside the shared answer.
    const coins = doc.paths["/skill-coins"].get;
    expect(coins.responses["401"]).toEqual({ $ref: "#/components/responses/Unauthenticated" });
    expect(doc.components.responses.Unauthenticated.headers).toMatchObject(budgetFields);
    expect(coins.description ?? "").not.toContain("anonymous budget");
    expect(doc.paths["/contact-mail"].post.responses["429"]).toEqual({
      $ref: "#/components/responses/RateLimited",
      description: "Too many messages. Or the caller's request budget is spent.",
    });

    // The payment provider's signed webhook is not counted.
    const webhook = doc.paths["/payments/razorpay/webhook"].post;
    expect(webhook.responses["429"]).toBeUndefined();
    expect(webhook.responses["200"].headers).toBeUndefined();
  });

  it("lists on each operation every status it can answer: the shared ones by reference, its own beside them", () => {
    expect(Object.keys(doc.components.responses).sort()).toEqual(
      ["BadRequest", "Forbidden", "InternalError", "NotFound", "RateLimited", "ServiceBusy", "TooLarge", "Unauthenticated"].sort(),
    );
    expect(doc.components.responses.RateLimited.headers).toHaveProperty("Retry-After");
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const statuses = Object.keys(op.responses);
        // The payment provider's signed webhook is not counted against a request budget.
        const expected = p === "/payments/razorpay/webhook" ? ["200", "500", "503"] : ["200", "429", "500", "503"];
        if (method !== "get") expected.push("400", "413");
        if (op.security.length) expected.push("401", "403");
        expect(statuses, `${method} ${p}`).toEqual(expect.arrayContaining(expected));
      }
    }
    // The REST 404 of a path parameter that is not an id; a route's own refusals with their wording.
    expect(doc.paths["/user/{id}"].get.responses["404"]).toBeDefined();
    expect(doc.paths["/implements/{recordId}/accept"].post.responses["409"].description).toMatch(/blocked/);
    expect(doc.paths["/swap-request"].post.responses["429"]).toEqual({ $ref: "#/components/responses/RateLimited" });
    // Media types other than JSON, and a legacy route's 200 that may be a refusal.
    expect(Object.keys(doc.paths["/unsubscribe"].get.responses["200"].content)).toEqual(["text/html"]);
    expect(Object.keys(doc.paths["/docs"].get.responses["301"].content)).toEqual(["text/plain"]);
    expect(doc.paths["/swap-request"].post.responses["200"].content["application/json"].schema.anyOf).toContainEqual({
      $ref: "#/components/schemas/LegacyRefusal",
    });
  });

  it("lets null through where the server answers null (a nullable enum, a nullable reference)", () => {
    expect(doc.components.schemas.PublicUser.properties.gender.enum).toContain(null);
    const review = doc.paths["/user/chat/{otherId}/review"].get.responses["200"].content["application/json"].schema;
    expect(review.properties.mine).toEqual({ anyOf: [{ $ref: "#/components/schemas/Review" }, { type: "null" }] });
  });

  it("validates a request body at the door with a 400 that names the field", async () => {
    const { user, token } = await t.createUser();
    const r = await t.rest("POST", "/swap-request", { token, body: { userID: user.id, feedID: { not: "an id" } } });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: "BAD_USER_INPUT", field: "feedID" });
    expect(r.body.error).toMatch(/^feedID: /);
    const missing = await t.rest("POST", `/implements/${user.id}/accept`, { token, body: {} });
    expect(missing).toMatchObject({ status: 400, body: { error: "otheruserId is required", field: "otheruserId" } });
    // Authentication comes first: no token is 401 whatever the body.
    expect((await t.rest("POST", "/swap-request", { body: { feedID: 5 } })).status).toBe(401);
  });

  it("serves the viewer and its assets from this server (no CDN, no inline script)", async () => {
    const page = await fetch(`${t.url}/api/docs`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/<script>[^<]/);
    // Its own files by relative address; the bar's links lead back into the app (the app, the GraphQL sandbox).
    const srcs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((src) => !src.startsWith("/"));
    expect(srcs.length).toBe(4);
    expect([...html.matchAll(/<a href="(\/[^"]*)"/g)].map((m) => m[1])).toEqual(["/", "/sandbox"]);
    for (const src of srcs) {
      const asset = await fetch(new URL(src, `${t.url}/api/docs`));
      expect(asset.status, src).toBe(200);
      expect((await asset.arrayBuffer()).byteLength, src).toBeGreaterThan(10);
    }
    const init = await (await fetch(`${t.url}/api/docs/init.js`)).text();
    expect(init).toContain('"openapi.json"');
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
  });
});
