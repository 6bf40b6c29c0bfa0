import { createClient } from "graphql-ws";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import WebSocket from "ws";
import {
  errorCode,
  errorMessage,
  gqlFrom,
  LOGIN,
  LOGOUT,
  randomIp,
  registerStudent,
  studentEmail,
  VIEWER,
} from "../../../test/accounts.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { DAY } from "../../shared/clock.js";
import { User } from "./user.entity.js";

const WRONG = "Wrong email or password";

describe.each(dbTargets)("login, logout and tokens on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const tokenVersion = async (id: string) => (await t.dataSource.getRepository(User).findOneByOrFail({ id })).tokenVersion;

  /** The token is refused by REST, by GraphQL over HTTP, and by graphql-ws (closed with 4403). */
  async function expectRefused(token: string) {
    const rest = await t.rest("GET", "/dashboard/userId", { token });
    expect(rest.status).toBe(401);
    expect(rest.body.userId).toBeUndefined();
    const gql = await t.gql(VIEWER, {}, token);
    expect(errorCode(gql)).toBe("UNAUTHENTICATED");
    expect(gql.data).toBeNull();
    const client = t.wsClient(token);
    const code = await new Promise<number>((resolve) => {
      client.on("closed", (ev) => resolve((ev as { code: number }).code));
      client.subscribe({ query: VIEWER }, { next: () => {}, error: () => {}, complete: () => {} });
    });
    expect(code).toBe(4403);
  }

  async function expectAccepted(token: string, userId: string) {
    expect((await t.rest("GET", "/dashboard/userId", { token })).body).toEqual({ userId });
    expect((await t.gql(VIEWER, {}, token)).data).toEqual({ viewerId: userId });
    const client = t.wsClient(token);
    const result = await new Promise<unknown>((resolve, reject) => {
      client.subscribe({ query: VIEWER }, { next: resolve, error: reject, complete: () => {} });
    });
    expect(result).toEqual({ data: { viewerId: userId } });
  }

  it("signs in over REST ({ token }) and GraphQL ({ token, userId }), case-insensitively on the email", async () => {
    const s = await registerStudent(t);
    const rest = await t.rest("POST", "/login", {
      body: { email: s.email.toUpperCase(), password: s.password },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(rest.status).toBe(200);
    expect(Object.keys(rest.body)).toEqual(["token"]);
    await expectAccepted(rest.body.token, s.userId);
    const gql = await gqlFrom(t, randomIp(), LOGIN, { input: { email: s.email, password: s.password } });
    expect(gql.data.login.userId).toBe(s.userId);
    await expectAccepted(gql.data.login.token, s.userId);
  });

  it("gives the same answer for an unknown email, a wrong password and malformed input", async () => {
    const s = await registerStudent(t);
    const attempts = [
      { email: s.email, password: "wrong password" },
      { email: studentEmail(), password: s.password },
      { email: s.email, password: "" },
      { email: "", password: "" },
      { email: "not an email", password: "whatever-long" },
      { email: s.email, password: s.password + "x".repeat(200) },
    ];
    for (const body of attempts) {
      const rest = await t.rest("POST", "/login", { body, headers: { "x-forwarded-for": randomIp() } });
      expect(rest.status).toBe(401);
      expect(rest.body).toEqual({ error: WRONG, code: "UNAUTHENTICATED" });
      const gql = await gqlFrom(t, randomIp(), LOGIN, { input: body });
      expect(errorMessage(gql)).toBe(WRONG);
      expect(errorCode(gql)).toBe("UNAUTHENTICATED");
    }
    // Non-string fields over REST are not a crash either
    const odd = await t.rest("POST", "/login", {
      body: { email: ["a"], password: { $ne: 1 } },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(odd).toMatchObject({ status: 401, body: { error: WRONG } });
    expect(await tokenVersion(s.userId)).toBe(0);
  });

  it("logout revokes every token of the user over HTTP and graphql-ws, and only theirs", async () => {
    const s = await registerStudent(t);
    const other = await registerStudent(t);
    const second = (await gqlFrom(t, randomIp(), LOGIN, { input: { email: s.email, password: s.password } })).data.login.token;
    await expectAccepted(s.token, s.userId);

    const r = await t.rest("POST", "/logout", { token: s.token });
    expect(r).toMatchObject({ status: 200, body: { error: "" } });
    expect(await tokenVersion(s.userId)).toBe(1);
    await expectRefused(s.token);
    await expectRefused(second);
    await expectAccepted(other.token, other.userId);

    // Signing in again gives a working token; GraphQL logout revokes it too
    const again = (await gqlFrom(t, randomIp(), LOGIN, { input: { email: s.email, password: s.password } })).data.login.token;
    await expectAccepted(again, s.userId);
    expect((await t.gql(LOGOUT, {}, again)).data).toEqual({ logout: true });
    expect(await tokenVersion(s.userId)).toBe(2);
    await expectRefused(again);
  });

  it("closes an open graphql-ws connection whose token is revoked", async () => {
    const s = await registerStudent(t);
    // Not lazy: the socket stays open between operations, so this is the same connection.
    const client = createClient({
      url: `${t.url.replace("http", "ws")}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${s.token}` },
      lazy: false,
      retryAttempts: 0,
      onNonLazyError: () => {}, // the 4403 close is what this test expects
    });
    onTestFinished(() => client.dispose());
    let opened = 0;
    client.on("connected", () => opened++);
    const first = await new Promise<unknown>((resolve, reject) =>
      client.subscribe({ query: VIEWER }, { next: resolve, error: reject, complete: () => {} }),
    );
    expect(first).toEqual({ data: { viewerId: s.userId } });
    await t.gql(LOGOUT, {}, s.token);
    const code = await new Promise<number>((resolve) => {
      client.on("closed", (ev) => resolve((ev as { code: number }).code));
      client.subscribe({ query: VIEWER }, { next: () => {}, error: () => {}, complete: () => {} });
    });
    expect(code).toBe(4403);
    expect(opened).toBe(1);
  });

  it("refuses logout without a valid token", async () => {
    expect((await t.rest("POST", "/logout")).status).toBe(401);
    expect(errorCode(await t.gql(LOGOUT))).toBe("UNAUTHENTICATED");
  });

  it("refuses a token once it is 7 days and 1 second old", async () => {
    const s = await registerStudent(t);
    t.clock.advance(7 * DAY - 1000);
    await expectAccepted(s.token, s.userId);
    t.clock.advance(2000);
    await expectRefused(s.token);
    expect(await tokenVersion(s.userId)).toBe(0);
    // `me` is null for a visitor who sent no token, but a stale token is told that its session ended.
    expect((await t.gql("{ me { id } }", {}, null)).data).toEqual({ me: null });
    const stale = await t.gql("{ me { id } }", {}, s.token);
    expect(stale.errors?.[0]).toMatchObject({
      message: "You were signed out, please sign in again",
      extensions: { code: "UNAUTHENTICATED" },
    });
  });

  it("refuses tampered, alg:none and wrong-key tokens", async () => {
    const s = await registerStudent(t);
    const victim = await registerStudent(t);
    const [header, payload, signature] = s.token.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString("base64url");

    // payload changed to name someone else, signature kept
    await expectRefused(`${header}.${b64({ ...claims, sub: victim.userId })}.${signature}`);
    // signature altered
    const flipped = signature[0] === "A" ? "B" + signature.slice(1) : "A" + signature.slice(1);
    await expectRefused(`${header}.${payload}.${flipped}`);
    // alg: none, with and without a trailing dot
    const none = b64({ alg: "none", typ: "JWT" });
    await expectRefused(`${none}.${b64({ ...claims, sub: victim.userId })}.`);
    await expectRefused(`${none}.${payload}.`);
    // HS512 with the right key is still another algorithm
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const hs512 = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: "HS512" })
      .setSubject(s.userId)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(key);
    await expectRefused(hs512);
    // right algorithm, wrong key
    const wrongKey = new TextEncoder().encode("x".repeat(64));
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(s.userId)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(wrongKey);
    await expectRefused(forged);
    // garbage
    await expectRefused("not.a.token");
    await expectAccepted(s.token, s.userId);
  });

  it("refuses right-key tokens without exp or iat, living longer than 7 days, or issued in the future", async () => {
    const s = await registerStudent(t);
    const key = new TextEncoder().encode(t.config.jwtSecret);
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const sign = (claims: Record<string, number>) =>
      new SignJWT({ ver: 0, ...claims }).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject(s.userId).sign(key);
    await expectRefused(await sign({ iat: now })); // no exp: would never expire
    await expectRefused(await sign({ exp: now + 3600 })); // no iat
    await expectRefused(await sign({ iat: now, exp: now + 30 * 86400 })); // a 30-day lifetime
    await expectRefused(await sign({ iat: now + 86400, exp: now + 2 * 86400 })); // issued tomorrow
    await expectRefused(await sign({ iat: now, exp: now + 3600, ver: 1 })); // an older or newer token version
    // The same key and claims within the rules are accepted: the refusals above are the claims'.
    await expectAccepted(await sign({ iat: now - 60, exp: now - 60 + 7 * 86400 }), s.userId);
  });
});
