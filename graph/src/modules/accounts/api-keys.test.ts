/**
 * Read-only API keys, end to end over real HTTP and graphql-ws: a signed-in student creates, lists
 * and revokes keys (the secret shown once, only its hash stored, at most MAX_API_KEYS working);
 * a key reads public data over GraphQL (POST and GET) and REST; it is refused FORBIDDEN for every
 * write, private field, private route and private subscription, and UNAUTHENTICATED (401) once
 * revoked, unknown, or while its owner is suspended or after they deleted their account.
 */
import { createHash } from "node:crypto";
import { type Client, createClient } from "graphql-ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { API_KEY_MESSAGES as M, API_KEY_NAME_MAX, MAX_API_KEYS } from "../../../../common/api-keys.js";
import { errorCode, errorMessage } from "../../../test/accounts.js";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { MINUTE } from "../../shared/clock.js";
import { setOperator } from "../moderation/operators.service.js";
import { hashPassword } from "./passwords.js";

const CREATE = `mutation ($name: String!) { createApiKey(name: $name) { secret key { id name prefix createdAt lastUsedAt revokedAt } } }`;
const LIST = `{ apiKeys { id name prefix createdAt lastUsedAt revokedAt } }`;
const REVOKE = `mutation ($id: ID!) { revokeApiKey(id: $id) { id revokedAt } }`;
const BOARD = `{ leaderboard(first: 10) { edges { node { userId name } } } }`;
const PROFILE = `query ($id: ID!) { user(id: $id) { id name } }`;
const ME = `{ me { id } }`;
const NOTIFICATION_SUB = `subscription { notificationAdded { id message } }`;

describe.each(dbTargets)("API keys on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function keyOf(token: string, name = "Club website") {
    const r = await t.gql(CREATE, { name }, token);
    expect(r.errors).toBeUndefined();
    return r.data.createApiKey as { secret: string; key: { id: string; name: string; prefix: string; lastUsedAt: string | null } };
  }

  async function ownerWithKey() {
    const owner = await t.createUser();
    return { owner, ...(await keyOf(owner.token)) };
  }

  const rowsOf = (ownerId: string) =>
    t.dataSource.query("SELECT * FROM api_keys WHERE ownerId = ?", [ownerId]) as Promise<Array<Record<string, unknown>>>;

  describe("management", () => {
    it("creates a key whose secret is shown once and stored only as its SHA-256, lists it and revokes it", async () => {
      const { user, token } = await t.createUser();
      const created = await keyOf(token, "  Club website  ");
      expect(created.secret).toMatch(/^sxk_[A-Za-z0-9_-]{43}$/);
      expect(created.key).toMatchObject({ name: "Club website", prefix: created.secret.slice(0, 10), lastUsedAt: null, revokedAt: null });

      const listed = await t.gql(LIST, {}, token);
      expect(listed.data.apiKeys).toEqual([{ ...created.key }]);
      expect(JSON.stringify(listed)).not.toContain(created.secret);

      const [row] = await rowsOf(user.id);
      expect(row.secretHash).toBe(createHash("sha256").update(created.secret).digest("hex"));
      expect(Object.values(row).map(String)).not.toContain(created.secret);

      const revoked = await t.gql(REVOKE, { id: created.key.id }, token);
      expect(revoked.data.revokeApiKey).toEqual({ id: created.key.id, revokedAt: t.clock.now().toISOString() });
      expect((await t.gql(LIST, {}, token)).data.apiKeys).toEqual([]);
      // Again: answered as it is.
      expect((await t.gql(REVOKE, { id: created.key.id }, token)).data.revokeApiKey.id).toBe(created.key.id);
    });

    it("refuses a blank or long name, someone else's key, and a signed-out caller, clearly", async () => {
      const { token } = await t.createUser();
      const blank = await t.gql(CREATE, { name: "   " }, token);
      expect([errorCode(blank), errorMessage(blank)]).toEqual(["BAD_USER_INPUT", M.nameRequired]);
      const long = await t.gql(CREATE, { name: "x".repeat(API_KEY_NAME_MAX + 1) }, token);
      expect([errorCode(long), errorMessage(long)]).toEqual(["BAD_USER_INPUT", M.nameTooLong]);
      expect((await t.gql(CREATE, { name: "y".repeat(API_KEY_NAME_MAX) }, token)).errors).toBeUndefined();

      const other = await ownerWithKey();
      const theirs = await t.gql(REVOKE, { id: other.key.id }, token);
      expect([errorCode(theirs), errorMessage(theirs)]).toEqual(["NOT_FOUND", M.notFound]);
      expect(await t.rest("GET", "/leaderboard", { token: other.secret })).toMatchObject({ status: 200 });

      expect(errorCode(await t.gql(CREATE, { name: "Bot" }))).toBe("UNAUTHENTICATED");
      expect(errorCode(await t.gql(LIST, {}))).toBe("UNAUTHENTICATED");
    });

    it("an unverified student cannot create one", async () => {
      const { token } = await t.createUser({ emailVerifiedAt: null, visible: false });
      expect(errorCode(await t.gql(CREATE, { name: "Bot" }, token))).toBe("EMAIL_NOT_VERIFIED");
    });

    it(`holds at most ${MAX_API_KEYS} working keys, also when created at once; a revoked one frees its place`, async () => {
      const { user, token } = await t.createUser();
      const answers = await Promise.all(Array.from({ length: MAX_API_KEYS + 3 }, (_, i) => t.gql(CREATE, { name: `Key ${i}` }, token)));
      expect(answers.filter((r) => !r.errors)).toHaveLength(MAX_API_KEYS);
      const refused = answers.find((r) => r.errors)!;
      expect([errorCode(refused), errorMessage(refused)]).toEqual(["CONFLICT", M.tooMany]);
      expect(await rowsOf(user.id)).toHaveLength(MAX_API_KEYS);

      const first = answers.find((r) => !r.errors)!.data.createApiKey.key.id as string;
      await t.gql(REVOKE, { id: first }, token);
      expect((await t.gql(CREATE, { name: "Replacement" }, token)).errors).toBeUndefined();
      expect((await t.gql(LIST, {}, token)).data.apiKeys).toHaveLength(MAX_API_KEYS);
    });
  });

  describe("reading with a key", () => {
    it("reads the leaderboard and public profiles over GraphQL POST and GET and REST", async () => {
      const { owner, secret } = await ownerWithKey();
      const board = await t.gql(BOARD, {}, secret);
      expect(board.status).toBe(200);
      expect(board.errors).toBeUndefined();
      expect(board.data.leaderboard.edges.map((e: { node: { userId: string } }) => e.node.userId)).toContain(owner.user.id);
      expect((await t.gql(PROFILE, { id: owner.user.id }, secret)).data.user).toEqual({ id: owner.user.id, name: owner.user.name });

      const get = await fetch(`${t.url}/graphql?query=${encodeURIComponent(BOARD)}`, {
        headers: { authorization: `Bearer ${secret}`, "apollo-require-preflight": "true" },
      });
      expect(get.status).toBe(200);
      expect(((await get.json()) as { data: { leaderboard: unknown } }).data.leaderboard).toEqual(board.data.leaderboard);

      const rest = await t.rest("GET", "/leaderboard", { token: secret });
      expect(rest.status).toBe(200);
      expect(rest.body.map((r: { _id: string }) => r._id)).toContain(owner.user.id);
    });

    it("records lastUsedAt at most once a minute", async () => {
      const { owner, secret, key } = await ownerWithKey();
      const lastUsed = async () =>
        (await t.gql(LIST, {}, owner.token)).data.apiKeys.find((k: { id: string }) => k.id === key.id).lastUsedAt;
      expect(await lastUsed()).toBeNull();
      const first = t.clock.now().toISOString();
      await t.gql(BOARD, {}, secret);
      expect(await lastUsed()).toBe(first);
      t.clock.advance(30_000);
      await t.rest("GET", "/leaderboard", { token: secret });
      expect(await lastUsed()).toBe(first);
      t.clock.advance(MINUTE);
      await t.rest("GET", "/leaderboard", { token: secret });
      expect(await lastUsed()).toBe(t.clock.now().toISOString());
    });
  });

  describe("what a key may not do", () => {
    it("runs no mutation: FORBIDDEN (403) before any resolver, the key-management ones included", async () => {
      const { owner, secret } = await ownerWithKey();
      for (const [query, variables] of [
        [CREATE, { name: "From a key" }],
        [`mutation { logout }`, {}],
      ] as const) {
        const r = await t.gql(query, variables, secret);
        expect(r.status).toBe(403);
        expect(r.data).toBeUndefined();
        expect([errorCode(r), errorMessage(r)]).toEqual(["FORBIDDEN", M.readOnly]);
      }
      expect(await rowsOf(owner.user.id)).toHaveLength(1);
      // The owner's session was not ended by the refused logout.
      expect((await t.gql(ME, {}, owner.token)).data.me).toEqual({ id: owner.user.id });
    });

    it("reads no private field: FORBIDDEN beside the public ones", async () => {
      const { secret } = await ownerWithKey();
      for (const query of [ME, LIST, `{ notificationCount }`]) {
        const r = await t.gql(query, {}, secret);
        expect([errorCode(r), errorMessage(r)]).toEqual(["FORBIDDEN", M.readOnly]);
      }
      const mixed = await t.gql(`{ leaderboard(first: 1) { edges { node { userId } } } me { id } }`, {}, secret);
      expect(mixed.status).toBe(200);
      expect(mixed.data.leaderboard).toBeDefined();
      const errors = mixed.errors as Array<{ path?: string[]; extensions?: { code?: string } }>;
      expect(errors.map((e) => [e.path, e.extensions?.code])).toEqual([[["me"], "FORBIDDEN"]]);
    });

    it("REST: a private route answers 403, and so does any write", async () => {
      const { secret } = await ownerWithKey();
      const settings = await t.rest("GET", "/notification-settings", { token: secret });
      expect(settings).toMatchObject({ status: 403, body: { code: "FORBIDDEN", error: M.readOnly } });
      const login = await t.rest("POST", "/login", { token: secret, body: { email: "22z201@psgtech.ac.in", password: "whatever" } });
      expect(login).toMatchObject({ status: 403, body: { code: "FORBIDDEN", error: M.readOnly } });
    });
  });

  describe("keys that do not work", () => {
    const unknown = `sxk_${"A".repeat(43)}`;

    it("an unknown key is UNAUTHENTICATED (401) on both doors, public reads included", async () => {
      const r = await t.gql(BOARD, {}, unknown);
      expect(r.status).toBe(401);
      expect([errorCode(r), errorMessage(r)]).toEqual(["UNAUTHENTICATED", M.invalid]);
      expect(await t.rest("GET", "/leaderboard", { token: unknown })).toMatchObject({
        status: 401,
        body: { code: "UNAUTHENTICATED", error: M.invalid },
      });
      expect((await t.rest("GET", "/notification-settings", { token: unknown })).status).toBe(401);
    });

    it("a revoked key is refused on its next request", async () => {
      const { owner, secret, key } = await ownerWithKey();
      expect((await t.gql(BOARD, {}, secret)).status).toBe(200);
      await t.gql(REVOKE, { id: key.id }, owner.token);
      const r = await t.gql(BOARD, {}, secret);
      expect([r.status, errorCode(r), errorMessage(r)]).toEqual([401, "UNAUTHENTICATED", M.invalid]);
      expect((await t.rest("GET", "/leaderboard", { token: secret })).status).toBe(401);
    });

    it("a suspended owner's key is refused until the suspension ends", async () => {
      const { owner, secret } = await ownerWithKey();
      const operator = (await t.createUser()).user;
      await setOperator(t.dataSource, operator.email, true, t.clock.now());
      await t.app.services.moderation.suspend(operator.id, owner.user.id, { days: 2, reason: "Spam" });
      const r = await t.gql(BOARD, {}, secret);
      expect([r.status, errorCode(r), errorMessage(r)]).toEqual([401, "UNAUTHENTICATED", M.ownerSuspended]);
      expect((await t.rest("GET", "/leaderboard", { token: secret })).status).toBe(401);
      t.clock.advance(3 * 24 * 60 * MINUTE);
      expect((await t.gql(BOARD, {}, secret)).status).toBe(200);
    });

    it("a deleted account's keys are gone and refused", async () => {
      const password = "my own password";
      const owner = await t.createUser({ passwordHash: await hashPassword(password) });
      const { secret } = await keyOf(owner.token);
      await t.app.services.privacy.deleteAccount(owner.user.id, password);
      expect(await rowsOf(owner.user.id)).toEqual([]);
      const r = await t.gql(BOARD, {}, secret);
      expect([r.status, errorCode(r), errorMessage(r)]).toEqual([401, "UNAUTHENTICATED", M.invalid]);
    });
  });

  describe("the socket", () => {
    /** A socket that opens at once and reports how it closed. */
    function openSocket(token: string) {
      let closed: { code: number; reason: string } | null = null;
      const client: Client = createClient({
        url: `${t.url.replace("http", "ws")}/graphql`,
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${token}` },
        lazy: false,
        retryAttempts: 0,
        onNonLazyError: () => {},
      });
      client.on("closed", (ev) => {
        const { code, reason } = ev as { code: number; reason: string };
        closed = { code, reason };
      });
      return { client, closed: () => closed };
    }

    it("refuses private subscriptions and mutations on a key's socket", async () => {
      const { secret } = await ownerWithKey();
      const client = t.wsClient(secret);
      const sub = subscribe(client, NOTIFICATION_SUB);
      const answer = (await sub.next()) as { errors: Array<{ message: string; extensions: { code: string } }> };
      expect(answer.errors.map((e) => [e.extensions.code, e.message])).toEqual([["FORBIDDEN", M.readOnly]]);

      const mutation = subscribe(client, `mutation { logout }`);
      const refused = (await mutation.next().catch((e: unknown) => e)) as Array<{ message: string; extensions: { code: string } }>;
      expect(refused.map((e) => [e.extensions.code, e.message])).toEqual([["FORBIDDEN", M.readOnly]]);

      // Queries of public data work on it.
      const board = subscribe(client, BOARD);
      expect((await board.next()) as unknown).toMatchObject({ data: { leaderboard: { edges: expect.any(Array) } } });
    });

    it("closes a socket opened with an unknown key (4403, saying why), and an open one when its key is revoked", async () => {
      const bad = openSocket(`sxk_${"B".repeat(43)}`);
      await eventually(() => bad.closed(), "socket with an unknown key closed");
      expect(bad.closed()).toEqual({ code: 4403, reason: M.invalid });

      const { owner, secret, key } = await ownerWithKey();
      const good = openSocket(secret);
      await eventually(() => t.app.pubsub.listenerCount(`API_KEYS_REVOKED:${owner.user.id}`) >= 1, "revocation listener");
      expect(good.closed()).toBeNull();
      await t.gql(REVOKE, { id: key.id }, owner.token);
      await eventually(() => good.closed(), "socket closed on revocation");
      expect(good.closed()).toEqual({ code: 4403, reason: M.invalid });
      await Promise.all([bad.client.dispose(), good.client.dispose()]);
    });
  });
});
