import { type AuditResult, serverAudits } from "graphql-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../harness.js";

/**
 * The graphql-http audit suite (the GraphQL-over-HTTP spec's own conformance checks) against the
 * real server: every MUST, SHOULD and MAY passes. That includes GET requests that carry no header a
 * browser form could not send: the API reads no ambient credential (only the Authorization header),
 * so Apollo's CSRF prevention is off (apollo.ts) and a plain GET is answered like any other.
 */
/** The MAYs that Apollo's CSRF prevention used to refuse (GETs with no preflight header): answered now. */
const SIMPLE_GETS = [
  "MAY accept application/x-www-form-urlencoded formatted GET requests",
  "MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/graphql-response+json",
  "MAY allow URL-encoded JSON string {variables} parameter in GETs when accepting application/json",
];

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
  it("runs the whole suite, the simple GETs included", () => {
    expect(audits.length).toBeGreaterThan(50);
    expect(audits.map((a) => a.name)).toEqual(expect.arrayContaining(SIMPLE_GETS));
  });

  for (const audit of audits) {
    it(audit.name, async () => {
      expect(await explain(await audit.fn())).toBe("ok");
    });
  }

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
