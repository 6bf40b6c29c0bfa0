import { type AuditResult, serverAudits } from "graphql-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../harness.js";

/**
 * The graphql-http audit suite (the GraphQL-over-HTTP spec's own conformance checks) against the
 * real server. Every MUST and SHOULD passes. Three MAYs are GET requests that carry no header a
 * browser form could not send: Apollo's CSRF prevention refuses those on purpose (a cross-site
 * page must not make a student's browser run queries). They are checked to be refused for that
 * reason only, and to pass once the request names itself with `apollo-require-preflight`.
 */
const CSRF_REFUSED_GETS = new Set([
  "MAY accept application/x-www-form-urlencoded formatted GET requests",
  "MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/graphql-response+json",
  "MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/json",
]);

async function explain(result: AuditResult): Promise<string> {
  if (result.status === "ok") return "ok";
  return `${result.status}: ${result.reason} ${await result.response.clone().text()}`;
}

describe("GraphQL over HTTP (graphql-http audits)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("sqlite");
  });
  afterAll(async () => {
    await t?.close();
  });

  const audits = serverAudits({ url: () => `${t.url}/graphql` });
  it("runs the whole suite", () => {
    expect(audits.length).toBeGreaterThan(50);
    expect(audits.filter((a) => CSRF_REFUSED_GETS.has(a.name))).toHaveLength(CSRF_REFUSED_GETS.size);
  });

  for (const audit of audits.filter((a) => !CSRF_REFUSED_GETS.has(a.name))) {
    it(audit.name, async () => {
      expect(await explain(await audit.fn())).toBe("ok");
    });
  }

  describe("GET without a preflight header (CSRF prevention)", () => {
    for (const audit of audits.filter((a) => CSRF_REFUSED_GETS.has(a.name))) {
      it(`${audit.name}: refused as a possible CSRF`, async () => {
        const result = await audit.fn();
        expect(result.status).toBe("notice");
        expect(await explain(result)).toMatch(/Cross-Site Request Forgery/);
      });
    }
  });

  describe("GET with apollo-require-preflight", () => {
    const withPreflight = serverAudits({
      url: () => `${t.url}/graphql`,
      fetchFn: (input: RequestInfo | URL, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        headers.set("apollo-require-preflight", "true");
        return fetch(input, { ...init, headers });
      },
    });
    for (const audit of withPreflight.filter((a) => CSRF_REFUSED_GETS.has(a.name))) {
      it(audit.name, async () => {
        expect(await explain(await audit.fn())).toBe("ok");
      });
    }
  });

  it("answers a syntax error 400 GRAPHQL_PARSE_FAILED to Apollo Client's Accept, 200 to plain application/json", async () => {
    const post = (accept: string, query: string) =>
      fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept },
        body: JSON.stringify({ query }),
      });
    for (const query of ["{", `{ ${"__typename ".repeat(5000)}}`]) {
      const strict = await post("application/graphql-response+json,application/json;q=0.9", query);
      expect(strict.status).toBe(400);
      expect(strict.headers.get("content-type")).toMatch(/^application\/graphql-response\+json/);
      expect(await strict.json()).toMatchObject({ errors: [{ extensions: { code: "GRAPHQL_PARSE_FAILED" } }] });
      const legacy = await post("application/json", query);
      expect(legacy.status).toBe(200);
      expect(legacy.headers.get("content-type")).toMatch(/^application\/json/);
      const body = (await legacy.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ errors: [{ extensions: { code: "GRAPHQL_PARSE_FAILED" } }] });
      expect(body).not.toHaveProperty("data");
    }
  });

  it("keeps 400 for a request that is not GraphQL at all, whatever the Accept", async () => {
    const r = await fetch(`${t.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ variables: {} }),
    });
    expect(r.status).toBe(400);
  });
});
