/**
 * Cacheable GraphQL reads (apollo.ts, fastify-graphql.ts): automatic persisted queries, and GET
 * answers a CDN may keep. Only a GET of the public leaderboard by a caller without a session (or
 * with an API key) is `Cache-Control: max-age=10, public`, with a weak ETag and 304 to a matching
 * If-None-Match; a signed-in caller, a POST, a mutation, a query that asks for anything else and an
 * error are never public.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../test/harness.js";
import { ledgerWrites } from "../../test/ledger.js";

const BOARD =
  "query Board($first: Int) { leaderboard(first: $first) { edges { cursor node { rank userId name skillCoins } } pageInfo { hasNextPage endCursor } view { period category } } }";
const AROUND =
  "query Around($id: ID) { leaderboard(around: $id, view: { period: WEEK }) { around { userId rank reason message } view { period from to } edges { node { userId } } } }";
/** What Apollo Client sends. */
const APOLLO_ACCEPT = "application/graphql-response+json,application/json;q=0.9";
/** A revalidating client's request (fetch() would add `Cache-Control: no-cache` to a conditional request, which always gets the answer). */
const revalidate = (etag: string) => ({ "if-none-match": etag, "cache-control": "max-age=0" });
/** Public for shared caches, except the caller's own budget fields. */
const PUBLIC = 'max-age=10, public, private="RateLimit, RateLimit-Policy"';
const WEAK_ETAG = /^W\/"[\w-]{27}"$/;

const sha256 = (query: string) => createHash("sha256").update(query).digest("hex");
const persisted = (query: string) => ({ persistedQuery: { version: 1, sha256Hash: sha256(query) } });

interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> } | null;
}

describe.each(dbTargets)("cacheable GraphQL reads on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function answer(res: Response): Promise<Answer> {
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: text ? (JSON.parse(text) as Answer["body"]) : null };
  }

  /** GET /graphql with the given parameters (objects as JSON), as a browser, curl or a CDN sends it. */
  async function get(params: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) search.set(name, typeof value === "string" ? value : JSON.stringify(value));
    return answer(await fetch(`${t.url}/graphql?${search}`, { headers }));
  }

  async function post(body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    return answer(
      await fetch(`${t.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: APOLLO_ACCEPT, ...headers },
        body: JSON.stringify(body),
      }),
    );
  }

  const coinsOf = (a: Answer, userId: string) =>
    (a.body?.data?.leaderboard.edges as Array<{ node: { userId: string; skillCoins: number } }>).find((e) => e.node.userId === userId)?.node
      .skillCoins;

  /** A document no earlier request registered (Apollo's caches know documents by their text). */
  const fresh = (query: string) => `# ${randomBytes(6).toString("hex")}\n${query}`;

  it("answers a plain anonymous GET of the leaderboard publicly, with a weak ETag, and 304 while the ranking holds", async () => {
    const { user } = await t.createUser({ name: "Cached Climber" });
    await t.createUser({ name: "Cached Runner-up" });
    await ledgerWrites(t.app.services).reward(user.id, 4, "Seed", `cache-${target}-1`);

    // What `curl 'https://host/graphql?query=...'` sends: no preflight header, no Accept of Apollo's.
    const first = await get({ query: BOARD, variables: { first: 100 } }, { origin: "https://college.example" });
    expect(first.status).toBe(200);
    expect(first.body?.errors).toBeUndefined();
    expect(coinsOf(first, user.id)).toBe(4);
    expect(first.headers.get("cache-control")).toBe(PUBLIC);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(WEAK_ETAG);
    expect(first.headers.get("vary")?.toLowerCase()).toContain("accept");
    // A page of another origin may read it (and the budget's fields).
    expect(first.headers.get("access-control-allow-origin")).toBe("*");
    const exposed = (first.headers.get("access-control-expose-headers") ?? "").split(",").map((h) => h.trim().toLowerCase());
    expect(exposed).toEqual(expect.arrayContaining(["etag", "ratelimit", "ratelimit-policy"]));

    // The same answer again: the same tag; a client holding it gets 304 and no body.
    const again = await get({ query: BOARD, variables: { first: 100 } });
    expect([again.status, again.headers.get("etag"), again.text]).toEqual([200, etag, first.text]);
    const notModified = await get({ query: BOARD, variables: { first: 100 } }, revalidate(etag));
    expect([notModified.status, notModified.text, notModified.headers.get("etag")]).toEqual([304, "", etag]);
    expect(notModified.headers.get("cache-control")).toBe(PUBLIC);
    // The strong form of the same tag, or a list holding it, matches too; another tag does not.
    expect((await get({ query: BOARD, variables: { first: 100 } }, revalidate(etag.slice(2)))).status).toBe(304);
    expect((await get({ query: BOARD, variables: { first: 100 } }, revalidate(`W/"other", ${etag}`))).status).toBe(304);
    const other = await get({ query: BOARD, variables: { first: 100 } }, revalidate('W/"other"'));
    expect([other.status, other.text]).toEqual([200, first.text]);
    // A client that asks for the answer regardless gets it.
    const forced = await get({ query: BOARD, variables: { first: 100 } }, { "if-none-match": etag, "cache-control": "no-cache" });
    expect([forced.status, forced.text]).toEqual([200, first.text]);
    // Other variables are another answer, with its own tag.
    const fewer = await get({ query: BOARD, variables: { first: 1 } });
    expect(fewer.headers.get("cache-control")).toBe(PUBLIC);
    expect(fewer.headers.get("etag")).not.toBe(etag);

    // The ranking changes: the old tag no longer matches and the new answer carries the change.
    await ledgerWrites(t.app.services).reward(user.id, 3, "Seed", `cache-${target}-2`);
    const changed = await get({ query: BOARD, variables: { first: 100 } }, revalidate(etag));
    expect(changed.status).toBe(200);
    expect(coinsOf(changed, user.id)).toBe(7);
    expect(changed.headers.get("etag")).toMatch(WEAK_ETAG);
    expect(changed.headers.get("etag")).not.toBe(etag);

    // A view, and a student's place in it: every object of the page takes the leaderboard's age.
    const around = await get({ query: AROUND, variables: { id: user.id } }, { accept: APOLLO_ACCEPT });
    expect(around.status).toBe(200);
    expect(around.body?.errors).toBeUndefined();
    expect(around.body?.data.leaderboard.around).toMatchObject({ userId: user.id });
    expect(around.headers.get("cache-control")).toBe(PUBLIC);
    expect(around.headers.get("etag")).toMatch(WEAK_ETAG);
  });

  it("runs automatic persisted queries: an unknown hash is PERSISTED_QUERY_NOT_FOUND, then the registered hash alone is a public GET", async () => {
    const { user } = await t.createUser({ name: "Persisted Reader" });
    await ledgerWrites(t.app.services).reward(user.id, 2, "Seed", `cache-${target}-apq`);
    const query = fresh(BOARD);
    const variables = { first: 100 };
    const extensions = persisted(query);

    // Apollo Client's first try: the hash only, by GET.
    const unknown = await get({ operationName: "Board", variables, extensions }, { accept: APOLLO_ACCEPT });
    expect(unknown.body?.errors?.map((e) => e.extensions?.code)).toEqual(["PERSISTED_QUERY_NOT_FOUND"]);
    expect(unknown.body?.data).toBeUndefined();
    expect(unknown.headers.get("cache-control")).not.toMatch(/public/);
    expect(unknown.headers.get("etag")).toBeNull();

    // Its retry: the text with its hash, by POST, which registers it (and is never public).
    const registered = await post({ query, operationName: "Board", variables, extensions });
    expect(registered.status).toBe(200);
    expect(registered.body?.errors).toBeUndefined();
    expect(coinsOf(registered, user.id)).toBe(2);
    expect(registered.headers.get("cache-control")).toBe("no-store");

    // From now on the hash alone is enough, by GET, and the answer is public and tagged.
    const hit = await get({ operationName: "Board", variables, extensions }, { accept: APOLLO_ACCEPT });
    expect(hit.status).toBe(200);
    expect(hit.body).toEqual(registered.body);
    expect(hit.headers.get("cache-control")).toBe(PUBLIC);
    const etag = hit.headers.get("etag")!;
    expect(etag).toMatch(WEAK_ETAG);
    const notModified = await get({ operationName: "Board", variables, extensions }, { accept: APOLLO_ACCEPT, ...revalidate(etag) });
    expect([notModified.status, notModified.text]).toEqual([304, ""]);

    // A text that does not match its hash is refused, and registers nothing.
    const wrongHash = await post({ query: fresh(BOARD), variables, extensions: persisted("{ __typename }") });
    expect(wrongHash.status).toBe(400);
    expect(wrongHash.body?.errors).toEqual([{ message: "provided sha does not match query", extensions: { code: "BAD_REQUEST" } }]);
    const version = await post({ query: fresh(BOARD), variables, extensions: { persistedQuery: { version: 2, sha256Hash: "x" } } });
    expect([version.status, version.body?.errors]).toEqual([
      400,
      [{ message: "Unsupported persisted query version", extensions: { code: "BAD_REQUEST" } }],
    ]);
  });

  it("never lets a shared cache keep a signed-in caller's answer; an API key reads like a signed-out caller", async () => {
    const { token } = await t.createUser({ name: "Signed In Reader" });
    const anonymous = await get({ query: BOARD, variables: { first: 100 } });
    const etag = anonymous.headers.get("etag")!;
    expect(etag).toMatch(WEAK_ETAG);

    const signedIn = await get({ query: BOARD, variables: { first: 100 } }, { authorization: `Bearer ${token}`, ...revalidate(etag) });
    expect(signedIn.status).toBe(200);
    expect(signedIn.text).toBe(anonymous.text);
    expect(signedIn.headers.get("cache-control")).toBe("no-store");
    expect(signedIn.headers.get("etag")).toBeNull();

    // A refused token (forged, or its session is over) is a session too: never public.
    const forged = `${token.slice(0, -4)}AAAA`;
    const refused = await get({ query: BOARD, variables: { first: 100 } }, { authorization: `Bearer ${forged}` });
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(refused.headers.get("etag")).toBeNull();

    // A read-only API key reads what a signed-out caller reads: the same public, tagged answer.
    const owner = await t.createUser({ name: "Key Owner" });
    const created = await post(
      { query: 'mutation { createApiKey(name: "Club site") { secret } }' },
      { authorization: `Bearer ${owner.token}` },
    );
    const secret = created.body?.data.createApiKey.secret as string;
    expect(secret).toMatch(/^sxk_/);
    const board = await get({ query: BOARD, variables: { first: 100 } });
    const withKey = await get({ query: BOARD, variables: { first: 100 } }, { authorization: `Bearer ${secret}` });
    expect(withKey.status).toBe(200);
    expect(withKey.text).toBe(board.text);
    expect(withKey.headers.get("cache-control")).toBe(PUBLIC);
    expect(withKey.headers.get("etag")).toBe(board.headers.get("etag"));
    expect(
      (
        await get(
          { query: BOARD, variables: { first: 100 } },
          { authorization: `Bearer ${secret}`, ...revalidate(board.headers.get("etag")!) },
        )
      ).status,
    ).toBe(304);
  });

  it("keeps POST, mutations, other fields and errors uncacheable", async () => {
    const { token } = await t.createUser({ name: "Never Public" });

    // POST: unchanged answers, never public, never a 304.
    const viaGet = await get({ query: BOARD, variables: { first: 100 } });
    const viaPost = await post({ query: BOARD, variables: { first: 100 } }, revalidate(viaGet.headers.get("etag")!));
    expect(viaPost.status).toBe(200);
    expect(viaPost.body).toEqual(viaGet.body);
    expect(viaPost.headers.get("cache-control")).toBe("no-store");
    expect(viaPost.headers.get("etag")).toBeNull();
    const signedInPost = await post({ query: BOARD, variables: { first: 100 } }, { authorization: `Bearer ${token}` });
    expect(signedInPost.headers.get("cache-control")).toBe("no-store");

    // A mutation by GET is refused before it runs, whether sent as text or as a registered hash.
    const logout = "mutation Logout { logout }";
    const refused = await get({ query: logout }, { authorization: `Bearer ${token}` });
    expect(refused.status).toBe(405);
    expect(refused.headers.get("cache-control")).not.toMatch(/public/);
    expect((await t.gql("{ me { id } }", {}, token)).data.me).not.toBeNull();
    const mutation = fresh('mutation { createApiKey(name: "Via GET") { secret } }');
    const registered = await post({ query: mutation, extensions: persisted(mutation) }, { authorization: `Bearer ${token}` });
    expect(registered.body?.errors).toBeUndefined();
    const byHash = await get({ extensions: persisted(mutation) }, { authorization: `Bearer ${token}` });
    expect(byHash.status).toBe(405);
    expect((await t.gql("{ apiKeys { id } }", {}, token)).data.apiKeys).toHaveLength(1);

    // Anything beside the leaderboard (a field without a hint), or an error: the whole answer is uncacheable.
    for (const query of [
      "{ leaderboard(first: 1) { edges { node { userId } } } me { id } }",
      "{ __typename }",
      '{ leaderboard(after: "not-a-cursor") { edges { node { userId } } } }',
    ]) {
      const a = await get({ query });
      expect([query, a.status, a.headers.get("cache-control"), a.headers.get("etag")]).toEqual([query, 200, "no-store", null]);
    }
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("persisted queries across two instances sharing Redis", () => {
  let first: TestApp;
  let second: TestApp;
  beforeAll(async () => {
    first = await startTestApp("sqlite", { env: { REDIS_URL: process.env.TEST_REDIS_URL! } });
    second = await startTestApp("sqlite", { shareDatabaseWith: first, env: { REDIS_URL: process.env.TEST_REDIS_URL! } });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  it("a hash registered on one instance is answered by the hash alone on the other (a CDN's GET may reach either)", async () => {
    const query = `# ${randomBytes(6).toString("hex")}\n${BOARD}`;
    const search = (params: Record<string, unknown>) =>
      new URLSearchParams(Object.entries(params).map(([k, v]) => [k, JSON.stringify(v)])).toString();
    const byHash = { variables: { first: 5 }, extensions: persisted(query) };
    const unknown = await (await fetch(`${second.url}/graphql?${search(byHash)}`, { headers: { accept: APOLLO_ACCEPT } })).json();
    expect(unknown.errors?.map((e: { extensions?: { code?: string } }) => e.extensions?.code)).toEqual(["PERSISTED_QUERY_NOT_FOUND"]);

    const registered = await fetch(`${first.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: APOLLO_ACCEPT },
      body: JSON.stringify({ query, ...byHash }),
    });
    expect(registered.status).toBe(200);

    const hit = await fetch(`${second.url}/graphql?${search(byHash)}`, { headers: { accept: APOLLO_ACCEPT } });
    expect(hit.status).toBe(200);
    expect((await hit.json()).data.leaderboard.edges).toBeInstanceOf(Array);
    expect(hit.headers.get("cache-control")).toBe(PUBLIC);
  });
});
