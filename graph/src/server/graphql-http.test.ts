/**
 * /graphql through Fastify and Apollo (fastify-graphql.ts): the answers carry what the rest of the
 * app's answers carry (security headers, CORS, compression for clients that accept it), bad
 * bodies are refused as GraphQL errors in JSON, and every request, however often repeated, is
 * Apollo's to answer (nothing answers in its place).
 */
import http from "node:http";
import zlib from "node:zlib";
import { ApolloServer } from "@apollo/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.js";
import { ledgerWrites } from "../../test/ledger.js";

/** A raw request (fetch would decompress and hide Content-Encoding). */
function send(
  url: string,
  opts: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${url}${opts.path ?? "/graphql"}`, { method: opts.method ?? "POST", headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}

const json = { "content-type": "application/json" };
/** An answer over compression's 1 KB threshold. */
const BIG = JSON.stringify({ query: "{ __schema { types { name description } } }" });

describe("GraphQL over HTTP through Fastify", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers with the app's security headers and CORS", async () => {
    const res = await send(t.url, {
      headers: { ...json, origin: "https://example.org" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ data: { __typename: "Query" } });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });

  it("answers a CORS preflight", async () => {
    const res = await send(t.url, {
      method: "OPTIONS",
      headers: { origin: "https://example.org", "access-control-request-method": "POST", "access-control-request-headers": "content-type" },
    });
    expect(res.status).toBe(204);
    expect(res.headers["access-control-allow-methods"]).toContain("POST");
    expect(res.headers["access-control-allow-headers"]).toBe("content-type");
  });

  it("compresses for clients that accept it, and only for them", async () => {
    const br = await send(t.url, { headers: { ...json, "accept-encoding": "gzip, br" }, body: BIG });
    expect(br.headers["content-encoding"]).toBe("br");
    const types = JSON.parse(zlib.brotliDecompressSync(br.body).toString()).data.__schema.types;
    expect(types.map((x: { name: string }) => x.name)).toContain("User");

    const gzip = await send(t.url, { headers: { ...json, "accept-encoding": "gzip" }, body: BIG });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString()).data.__schema.types).toEqual(types);

    const plain = await send(t.url, { headers: json, body: BIG });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(JSON.parse(plain.body.toString()).data.__schema.types).toEqual(types);
  });

  it("refuses a body that is not JSON, or too large, as a GraphQL error", async () => {
    const bad = await send(t.url, { headers: json, body: "{ not json" });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString())).toEqual({ errors: [{ message: "Bad request", extensions: { code: "BAD_REQUEST" } }] });

    const large = await send(t.url, { headers: json, body: JSON.stringify({ query: `{ __typename }`, pad: "x".repeat(1_100_000) }) });
    expect(large.status).toBe(413);
    expect(JSON.parse(large.body.toString())).toEqual({ errors: [{ message: "Request too large", extensions: { code: "BAD_REQUEST" } }] });
  });

  it("answers a request error 400 in application/graphql-response+json and 200 in application/json, as the client asks", async () => {
    const cases: Array<[string | undefined, string, number, string]> = [
      // [Accept, body, status, media type]
      [undefined, JSON.stringify({ query: "{ nope }" }), 200, "application/json"],
      ["application/json", JSON.stringify({ query: "{ " }), 200, "application/json"],
      [
        "application/graphql-response+json, application/json;q=0.9",
        JSON.stringify({ query: "{ nope }" }),
        400,
        "application/graphql-response+json",
      ],
      [
        "application/graphql-response+json",
        JSON.stringify({ query: "query Q($id: ID!) { user(id: $id) { id } }", variables: {} }),
        400,
        "application/graphql-response+json",
      ],
      ["application/json", JSON.stringify({ query: "query Q($id: ID!) { user(id: $id) { id } }", variables: {} }), 200, "application/json"],
    ];
    for (const [accept, body, status, type] of cases) {
      const res = await send(t.url, { headers: { ...json, ...(accept ? { accept } : {}) }, body });
      expect([accept, body, res.status, String(res.headers["content-type"]).split(";")[0]]).toEqual([accept, body, status, type]);
      const code = JSON.parse(res.body.toString()).errors[0].extensions.code;
      expect(["GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED", "BAD_USER_INPUT"]).toContain(code);
    }
    // A malformed request (no query) keeps its 400 in either type.
    const noQuery = await send(t.url, { headers: { ...json, accept: "application/json" }, body: JSON.stringify({ variables: {} }) });
    expect(noQuery.status).toBe(400);
  });

  it("serves /graphql/ and GET with a query string, and leaves other paths to the app", async () => {
    const slash = await send(t.url, { path: "/graphql/", headers: json, body: JSON.stringify({ query: "{ __typename }" }) });
    expect(JSON.parse(slash.body.toString())).toEqual({ data: { __typename: "Query" } });

    const get = await send(t.url, {
      method: "GET",
      path: `/graphql?query=${encodeURIComponent("{ __typename }")}`,
      headers: { "apollo-require-preflight": "true" },
    });
    expect(get.status).toBe(200);
    expect(JSON.parse(get.body.toString())).toEqual({ data: { __typename: "Query" } });

    // No preflight header needed (the API reads no cookie, so Apollo's CSRF prevention is off): a plain GET, as curl sends it.
    const plain = await send(t.url, { method: "GET", path: `/graphql?query=${encodeURIComponent("{ __typename }")}` });
    expect(plain.status).toBe(200);
    expect(JSON.parse(plain.body.toString())).toEqual({ data: { __typename: "Query" } });

    const other = await send(t.url, { method: "GET", path: "/graphqlx" });
    expect(other.status).toBe(404);
  });

  it("gives every request to Apollo, a repeated one too, and answers it the same each time", async () => {
    const { token } = await t.createUser({ name: "Http Tester" });
    const bearer = { authorization: `Bearer ${token}` };
    const forged = { authorization: `Bearer ${token.slice(0, -4)}AAAA` };
    const modern = { accept: "application/graphql-response+json, application/json;q=0.9" };
    const twoOps = "query A { __typename } query B { me { name } }";
    const cases: Array<{ headers: Record<string, string>; body: unknown }> = [
      { headers: {}, body: { query: "{ __typename }" } },
      { headers: modern, body: { query: "{ __typename }" } },
      { headers: bearer, body: { query: "query Me { me { name } }", operationName: "Me" } },
      { headers: { ...modern, ...bearer }, body: { query: twoOps, operationName: "B", variables: null } },
      // Field errors: signed out, and a token that was refused (its session is over).
      { headers: {}, body: { query: "{ notificationCount }" } },
      { headers: forged, body: { query: "{ notificationCount }" } },
      // Variables that do not fit: Apollo's 400 (200 in application/json), every time.
      { headers: modern, body: { query: "query Q($id: ID!) { user(id: $id) { name } }", variables: {} } },
      { headers: {}, body: { query: "query Q($id: ID!) { user(id: $id) { name } }", variables: { id: 5 } } },
      // A mutation, an unknown operation name, a persisted-query hash.
      { headers: {}, body: { query: "mutation { logout }" } },
      { headers: bearer, body: { query: twoOps, operationName: "C" } },
      { headers: {}, body: { query: "{ __typename }", extensions: { persistedQuery: { version: 1, sha256Hash: "x" } } } },
    ];
    const apollo = vi.spyOn(ApolloServer.prototype, "executeHTTPGraphQLRequest");
    try {
      for (const [n, { headers, body }] of cases.entries()) {
        // A comment makes each case's text new to this server (Apollo's caches know documents by their text).
        const sent = { ...(body as { query: string }), query: `# case ${n}\n${(body as { query: string }).query}` };
        const answers = [];
        for (let i = 0; i < 3; i++) {
          apollo.mockClear();
          const res = await send(t.url, { headers: { ...json, ...headers }, body: JSON.stringify(sent) });
          // The request budget's fields count down with every call: the caller's, not the answer's.
          const { date: _date, ratelimit: _limit, "ratelimit-policy": _policy, ...rest } = res.headers;
          answers.push({ status: res.status, headers: rest, body: res.body.toString(), apollo: apollo.mock.calls.length });
        }
        const label = JSON.stringify([headers, body]);
        // Every answer is Apollo's, and the same each time.
        expect([label, ...answers.map((a) => a.apollo)]).toEqual([label, 1, 1, 1]);
        for (const later of answers.slice(1)) expect({ label, ...later }).toEqual({ label, ...answers[0] });
      }
      // An empty operation name is not a missing one: Apollo refuses it even for a document it has run.
      const unnamed = { query: "# unnamed\n{ __typename }" };
      await send(t.url, { headers: json, body: JSON.stringify(unnamed) });
      const empty = [];
      for (let i = 0; i < 2; i++) {
        apollo.mockClear();
        const res = await send(t.url, { headers: json, body: JSON.stringify({ ...unnamed, operationName: "" }) });
        empty.push({ status: res.status, body: JSON.parse(res.body.toString()) as unknown, apollo: apollo.mock.calls.length });
      }
      // (It was a 500: the executor read the missing operation's type.)
      const refused = { errors: [{ message: 'Unknown operation named "".', extensions: { code: "OPERATION_RESOLUTION_FAILURE" } }] };
      expect(empty).toEqual([
        { status: 400, body: refused, apollo: 1 },
        { status: 400, body: refused, apollo: 1 },
      ]);

      // A resolver that fails inside: the same generic error from both, never the driver's text.
      const failing = vi.spyOn(t.app.services.notifications, "countFor").mockRejectedValue(new Error("SELECT secret FROM users"));
      const logged = vi.spyOn(t.app.services.deps.logger, "error");
      const internal = [];
      for (let i = 0; i < 2; i++) {
        apollo.mockClear();
        const res = await send(t.url, {
          headers: { ...json, ...bearer },
          body: JSON.stringify({ query: "query Count { notificationCount }" }),
        });
        internal.push({ status: res.status, body: res.body.toString(), apollo: apollo.mock.calls.length });
      }
      failing.mockRestore();
      // Logged each time, never shown.
      expect(logged.mock.calls.map((call) => call[1])).toEqual(["GraphQL resolver failed", "GraphQL resolver failed"]);
      logged.mockRestore();
      expect(internal.map((a) => a.apollo)).toEqual([1, 1]);
      expect(internal[1].body).toBe(internal[0].body);
      expect(JSON.parse(internal[1].body)).toEqual({
        data: null,
        errors: [{ message: "Something went wrong", path: ["notificationCount"], extensions: { code: "INTERNAL_SERVER_ERROR" } }],
      });
    } finally {
      apollo.mockRestore();
    }
    const signedOut = await send(t.url, { headers: json, body: JSON.stringify({ query: "{ notificationCount }" }) });
    expect(JSON.parse(signedOut.body.toString()).errors[0].extensions.code).toBe("UNAUTHENTICATED");
    const me = await send(t.url, {
      headers: { ...json, ...bearer },
      body: JSON.stringify({ query: "query Me { me { name } }", operationName: "Me" }),
    });
    expect(JSON.parse(me.body.toString())).toEqual({ data: { me: { name: "Http Tester" } } });
  });
  it("answers a public query through Apollo every time, never a stale or mixed answer", async () => {
    const { user, token } = await t.createUser({ name: "Board Climber" });
    await ledgerWrites(t.app.services).reward(user.id, 5, "Seed", "door-board-1");
    const board = { query: "query Board($first: Int) { leaderboard(first: $first) { edges { node { userId skillCoins } } } }" };
    const apollo = vi.spyOn(ApolloServer.prototype, "executeHTTPGraphQLRequest");
    const ask = async (body: unknown, headers: Record<string, string> = {}) => {
      apollo.mockClear();
      const res = await send(t.url, { headers: { ...json, ...headers }, body: JSON.stringify(body) });
      // The request budget's fields are the caller's own (their class, their count), not the answer's.
      const { date: _date, ratelimit: _limit, "ratelimit-policy": _policy, ...rest } = res.headers;
      return { status: res.status, headers: rest, body: res.body.toString(), apollo: apollo.mock.calls.length };
    };
    const coinsOf = (answer: { body: string }) =>
      (
        JSON.parse(answer.body) as { data: { leaderboard: { edges: Array<{ node: { userId: string; skillCoins: number } }> } } }
      ).data.leaderboard.edges.find((e) => e.node.userId === user.id)?.node.skillCoins;
    try {
      const sent = { ...board, variables: { first: 100 } };
      const first = await ask(sent);
      expect(first.apollo).toBe(1);
      expect(coinsOf(first)).toBe(5);
      // The same bytes and headers again, signed in or not, each from Apollo.
      for (const headers of [{}, { authorization: `Bearer ${token}` }] as Array<Record<string, string>>)
        expect(await ask(sent, headers)).toEqual(first);
      expect((await ask({ ...board, variables: { first: 99 } })).apollo).toBe(1);
      expect((await ask({ ...board, variables: { first: 99 } })).apollo).toBe(1);
      // The ranking changes: the next answer is the new one.
      await ledgerWrites(t.app.services).reward(user.id, 3, "Seed", "door-board-2");
      const changed = await ask(sent);
      expect([changed.apollo, coinsOf(changed)]).toEqual([1, 8]);
      expect(await ask(sent)).toEqual(changed);
      // A query that also asks about the caller: Apollo every time too.
      const mixed = { query: "{ leaderboard(first: 1) { edges { node { userId } } } me { id } }" };
      for (let i = 0; i < 2; i++) expect((await ask(mixed, { authorization: `Bearer ${token}` })).apollo).toBe(1);
    } finally {
      apollo.mockRestore();
    }
  });
});
