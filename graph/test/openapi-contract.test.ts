/**
 * The REST contract check itself (openapi-contract.ts, rest-contract.ts): what it refuses in an
 * answer, on a small document of its own; that the server's emitted document is one it can read
 * whole; and, on a real app whose answers a test hook alters, that a broken answer is caught and
 * fails the test that got it.
 */
import "reflect-metadata";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "./harness.js";
import { OpenApiContract } from "./openapi-contract.js";
import { restContract } from "./rest-contract.js";

const Person = {
  type: "object",
  properties: { id: { type: "string" }, name: { type: "string" }, born: { type: ["string", "null"], format: "date-time" } },
  required: ["id", "name"],
};
const document = {
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  servers: [{ url: "/api" }],
  components: {
    schemas: {
      Person,
      Friend: { allOf: [{ $ref: "#/components/schemas/Person" }, { type: "object", properties: { since: { type: "string" } } }] },
      Error: { type: "object", properties: { error: { type: "string" }, code: { type: "string" } }, required: ["error", "code"] },
    },
    responses: { NotFound: { description: "x", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } } },
  },
  paths: {
    "/people/{id}": {
      get: {
        responses: {
          200: {
            description: "x",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    person: { $ref: "#/components/schemas/Person" },
                    friend: { anyOf: [{ $ref: "#/components/schemas/Friend" }, { type: "null" }] },
                    mood: { type: ["string", "null"], enum: ["glad", "sad", null] },
                  },
                  required: ["person"],
                },
              },
            },
          },
          304: { description: "not modified" },
          404: { $ref: "#/components/responses/NotFound" },
        },
      },
    },
    "/page": { get: { responses: { 200: { description: "x", content: { "text/html": { schema: { type: "string" } } } } } } },
  },
};

describe("the REST contract check", () => {
  const contract = new OpenApiContract(document);
  const get = (status: number, body?: unknown, contentType = "application/json; charset=utf-8") =>
    contract.check({
      method: "GET",
      path: "/people/{id}",
      status,
      contentType,
      body: body === undefined ? "" : JSON.stringify(body),
    });

  it("accepts what the document promises: nulls where allowed, a composed schema's properties, a referenced response", () => {
    expect(get(200, { person: { id: "1", name: "A", born: null }, friend: null, mood: null })).toEqual([]);
    expect(get(200, { person: { id: "1", name: "A", born: "2026-01-05T09:00:00.000Z" }, mood: "glad" })).toEqual([]);
    expect(get(200, { person: { id: "1", name: "A" }, friend: { id: "2", name: "B", since: "2020" } })).toEqual([]);
    expect(get(404, { error: "Not found", code: "NOT_FOUND" })).toEqual([]);
    expect(get(304)).toEqual([]);
    expect(contract.check({ method: "HEAD", path: "/people/{id}", status: 200, contentType: "application/json" })).toEqual([]);
    expect(contract.check({ method: "GET", path: "/page", status: 200, contentType: "text/html; charset=utf-8", body: "<p>" })).toEqual([]);
  });

  it("refuses a missing required property, an undocumented one (also inside a composed schema), a wrong type or format", () => {
    expect(get(200, { person: { id: "1" } })).toEqual([expect.stringMatching(/^body\/person must have required property 'name'/)]);
    expect(get(200, { person: { id: "1", name: "A", age: 3 } })).toEqual([
      expect.stringMatching(/^body\/person must NOT have unevaluated properties.*"age"/),
    ]);
    expect(get(200, { person: { id: "1", name: "A" }, friend: { id: "2", name: "B", since: "2020", secret: 1 } }).join("\n")).toMatch(
      /body\/friend must NOT have unevaluated properties.*"secret"/,
    );
    expect(get(200, { person: { id: 1, name: "A" } })).toEqual([expect.stringMatching(/^body\/person\/id must be string/)]);
    expect(get(200, { person: { id: "1", name: "A", born: "yesterday" } })).toEqual([
      expect.stringMatching(/^body\/person\/born must match format "date-time"/),
    ]);
    expect(get(200, { person: { id: "1", name: "A" }, mood: "bored" })).toEqual([
      expect.stringMatching(/^body\/mood must be equal to one of/),
    ]);
    expect(get(404, { error: "Not found" })).toEqual([expect.stringMatching(/^body must have required property 'code'/)]);
  });

  it("refuses an undocumented status, another media type, a body where none is documented, a body that is not JSON, an unknown operation", () => {
    expect(get(409, { error: "x", code: "CONFLICT" })).toEqual(["status 409 is not a documented response (documented: 200, 304, 404)"]);
    expect(get(200, { person: { id: "1", name: "A" } }, "text/plain")).toEqual([
      "Content-Type text/plain is not the documented application/json",
    ]);
    expect(get(304, { person: { id: "1", name: "A" } })).toEqual([expect.stringMatching(/^documented without a body/)]);
    expect(contract.check({ method: "GET", path: "/people/{id}", status: 200, contentType: "application/json", body: "{" })).toEqual([
      "the body is not JSON",
    ]);
    expect(contract.check({ method: "POST", path: "/people/{id}", status: 200 })).toEqual(["the operation is not in the document"]);
  });
});

describe("the REST contract on a real server", () => {
  let t: TestApp;
  let someone: string;
  /** What the test hook does to the next /api/user/:id answer (before the contract sees it). */
  let alter: ((status: number, body: any) => { status: number; body: any }) | undefined;
  const tamper = (fastify: FastifyInstance) =>
    fastify.addHook("onSend", async (request, reply, payload) => {
      if (!alter || request.routeOptions.url !== "/api/user/:id" || typeof payload !== "string") return payload;
      const altered = alter(reply.statusCode, JSON.parse(payload));
      alter = undefined;
      reply.code(altered.status);
      return JSON.stringify(altered.body);
    });

  beforeAll(async () => {
    t = await startTestApp("sqlite", { observeHttp: tamper });
    someone = (await t.createUser({ name: "Contract Student" })).user.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("passes the server's own answers, and catches one with a property missing, one added, an undocumented status", async () => {
    expect((await t.rest("GET", `/user/${someone}`)).status).toBe(200);
    expect(restContract.take()).toEqual([]);

    alter = (status, body) => {
      delete body.user.name;
      return { status, body };
    };
    await t.rest("GET", `/user/${someone}`);
    alter = (status, body) => ({ status, body: { ...body, user: { ...body.user, phone: "12345" } } });
    await t.rest("GET", `/user/${someone}`);
    alter = (_status, body) => ({ status: 418, body });
    await t.rest("GET", `/user/${someone}`);

    const problems = restContract.take();
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^GET \/user\/\{id\} answered 200 .*\n.*body\/user must have required property 'name'/);
    expect(problems[1]).toMatch(/^GET \/user\/\{id\} answered 200 .*\n.*body\/user must NOT have unevaluated properties.*"phone"/);
    expect(problems[2]).toMatch(/^GET \/user\/\{id\} answered 418 .*\n.*status 418 is not a documented response/);
  });

  let failure: string | undefined;
  it.fails("a test that got a broken answer fails, though its own assertions pass (rest-contract.setup.ts)", async ({ onTestFailed }) => {
    onTestFailed(({ task }) => {
      failure = task.result?.errors?.map((e) => e.message).join("\n");
    });
    alter = (status, body) => ({ status, body: { ...body, user: { ...body.user, rating: "five" } } });
    expect((await t.rest("GET", `/user/${someone}`)).status).toBe(200);
  });

  it("...and the failure names the answer and what is wrong with it", () => {
    expect(failure).toMatch(/1 REST answer\(s\) sent by this test do not match the OpenAPI document/);
    expect(failure).toMatch(/GET \/user\/\{id\} answered 200 \(during ".*a test that got a broken answer fails.*"\)/);
    expect(failure).toMatch(/body\/user\/rating must be object/);
  });

  // Last: compiling them all keeps the process busy for seconds, long enough for the server to close an idle keep-alive socket under a request.
  it("reads the whole emitted document: every JSON answer's schema compiles", () => {
    const contract = new OpenApiContract(restContract.document);
    expect(contract.operations().length).toBeGreaterThan(60);
    expect(contract.compileAll()).toBeGreaterThan(contract.operations().length);
  });
});
