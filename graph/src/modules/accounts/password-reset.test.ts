import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, errorMessage, gqlFrom, LOGIN, randomIp, registerStudent, studentEmail, VIEWER } from "../../../test/accounts.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { resetLinkIn, mailSettled, outboxMailsTo } from "../../../test/outbox.js";
import { MINUTE } from "../../shared/clock.js";
import { PasswordReset } from "./password-reset.entity.js";
import { User } from "./user.entity.js";

const FORGOT = `mutation Forgot($email: String!) { forgotPassword(email: $email) }`;
const VALID = `query Valid($token: String!) { resetTokenValid(token: $token) }`;
const UPDATE = `mutation Update($token: String!, $password: String!) { updatePassword(token: $token, password: $password) }`;
const NEUTRAL = "If an account exists for that email, a link to reset the password has been sent to it.";
const INVALID = "You are not able to reset your password";

describe.each(dbTargets)("password reset on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const resets = () => t.dataSource.getRepository(PasswordReset);
  const settled = () => mailSettled(t.app.services);
  // Reset mails only (registration also mails a verification link).
  const mailsTo = (email: string) => outboxMailsTo(t.config.dataDir, email).filter((m) => resetLinkIn(m));

  /** Asks for a link over REST and returns the token from the mail. */
  async function requestLink(email: string): Promise<string> {
    const r = await t.rest("POST", "/forgot-password", { body: { email }, headers: { "x-forwarded-for": randomIp() } });
    expect(r).toMatchObject({ status: 200, body: { error: NEUTRAL } });
    await settled();
    const link = resetLinkIn(mailsTo(email).at(-1)!);
    expect(link).not.toBeNull();
    return link!.split("/").at(-1)!;
  }

  it("answers the same whether or not the email has an account, and mails only an existing one", async () => {
    const s = await registerStudent(t);
    const unknown = studentEmail();
    const before = await resets().count();

    const known = await t.rest("POST", "/forgot-password", { body: { email: s.email }, headers: { "x-forwarded-for": randomIp() } });
    const missing = await t.rest("POST", "/forgot-password", { body: { email: unknown }, headers: { "x-forwarded-for": randomIp() } });
    expect(known.status).toBe(missing.status);
    expect(known.body).toEqual(missing.body);
    expect(known.body).toEqual({ error: NEUTRAL });
    const gqlKnown = await gqlFrom(t, randomIp(), FORGOT, { email: s.email.toUpperCase() });
    const gqlMissing = await gqlFrom(t, randomIp(), FORGOT, { email: unknown });
    expect(gqlKnown.data).toEqual({ forgotPassword: NEUTRAL });
    expect(gqlMissing.data).toEqual(gqlKnown.data);
    await settled();

    expect(await resets().count()).toBe(before + 2);
    expect(await resets().count({ where: { userId: s.userId } })).toBe(2);
    expect(mailsTo(unknown)).toHaveLength(0);
    const mails = mailsTo(s.email);
    expect(mails).toHaveLength(2);
    expect(mails[0].headers.subject).toBe("Reset your Skill Exchange password");
    const link = resetLinkIn(mails[0])!;
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/reset-password/[A-Za-z0-9_-]{43}$`));
  });

  it("stores only the SHA-256 of a 256-bit token, expiring one hour later", async () => {
    const s = await registerStudent(t);
    const token = await requestLink(s.email);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const row = await resets().findOneByOrFail({ userId: s.userId });
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(60 * MINUTE);
    expect(row.createdAt.getTime()).toBe(t.clock.now().getTime());
    expect(row.usedAt).toBeNull();
  });

  it("refuses an empty email with the spec's message", async () => {
    const r = await t.rest("POST", "/forgot-password", { body: { email: "  " }, headers: { "x-forwarded-for": randomIp() } });
    expect(r).toMatchObject({ status: 400, body: { error: "Please enter the email and click the forget password." } });
    expect(errorCode(await gqlFrom(t, randomIp(), FORGOT, { email: "" }))).toBe("BAD_USER_INPUT");
  });

  it("sets the new password once, spends the link and revokes every older token", async () => {
    const s = await registerStudent(t);
    const token = await requestLink(s.email);
    const before = await t.dataSource.getRepository(User).findOneByOrFail({ id: s.userId });

    expect(await t.rest("POST", "/reset-password", { body: { newtoken: token } })).toMatchObject({ status: 200, body: { error: "" } });
    expect((await t.gql(VALID, { token })).data).toEqual({ resetTokenValid: true });

    // An empty or too-short password changes nothing and leaves the link usable
    const empty = await t.rest("POST", "/update-password", { body: { newtoken: token, password: "" } });
    expect(empty).toMatchObject({ status: 400, body: { error: "Password must be 8 to 128 characters long." } });
    expect((await t.gql(VALID, { token })).data).toEqual({ resetTokenValid: true });

    const r = await t.rest("POST", "/update-password", { body: { newtoken: token, password: "brand new secret" } });
    expect(r).toMatchObject({ status: 200, body: { error: "" } });

    const after = await t.dataSource.getRepository(User).findOneByOrFail({ id: s.userId });
    expect(after.passwordHash).not.toBe(before.passwordHash);
    expect(after.tokenVersion).toBe(before.tokenVersion + 1);
    expect((await resets().findOneByOrFail({ userId: s.userId })).usedAt).not.toBeNull();

    // old session token refused; old password refused; new password works
    expect((await t.rest("GET", "/dashboard/userId", { token: s.token })).status).toBe(401);
    expect(errorMessage(await gqlFrom(t, randomIp(), LOGIN, { input: { email: s.email, password: s.password } }))).toBe(
      "Wrong email or password",
    );
    const login = await gqlFrom(t, randomIp(), LOGIN, { input: { email: s.email, password: "brand new secret" } });
    expect((await t.gql(VIEWER, {}, login.data.login.token)).data).toEqual({ viewerId: s.userId });

    // single use: the same link is dead for both doors
    expect((await t.rest("POST", "/reset-password", { body: { newtoken: token } })).body).toEqual({ error: INVALID });
    expect((await t.gql(VALID, { token })).data).toEqual({ resetTokenValid: false });
    const again = await t.rest("POST", "/update-password", { body: { newtoken: token, password: "another secret!" } });
    expect(again).toMatchObject({ status: 400, body: { error: INVALID } });
    const gqlAgain = await t.gql(UPDATE, { token, password: "another secret!" });
    expect(errorMessage(gqlAgain)).toBe(INVALID);
    expect((await t.dataSource.getRepository(User).findOneByOrFail({ id: s.userId })).passwordHash).toBe(after.passwordHash);
  });

  it("spends every other open link of the user when one is used", async () => {
    const s = await registerStudent(t);
    const first = await requestLink(s.email);
    const second = await requestLink(s.email);
    expect(first).not.toBe(second);
    expect((await t.gql(UPDATE, { token: second, password: "via the second link" })).data).toEqual({ updatePassword: true });
    expect((await t.gql(VALID, { token: first })).data).toEqual({ resetTokenValid: false });
    expect(await resets().count({ where: { userId: s.userId } })).toBe(2);
    expect((await resets().findBy({ userId: s.userId })).every((r) => r.usedAt !== null)).toBe(true);
  });

  it("lets only one of two simultaneous updates with the same link through", async () => {
    const s = await registerStudent(t);
    const token = await requestLink(s.email);
    const [a, b] = await Promise.all([
      t.gql(UPDATE, { token, password: "racing password A" }),
      t.gql(UPDATE, { token, password: "racing password B" }),
    ]);
    expect([a, b].filter((r) => r.data?.updatePassword === true)).toHaveLength(1);
    expect([a, b].filter((r) => errorMessage(r) === INVALID)).toHaveLength(1);
    expect((await t.dataSource.getRepository(User).findOneByOrFail({ id: s.userId })).tokenVersion).toBe(1);
  });

  it("expires the link after an hour: valid at 59 minutes, refused at 61", async () => {
    const s = await registerStudent(t);
    const token = await requestLink(s.email);
    const hashBefore = (await t.dataSource.getRepository(User).findOneByOrFail({ id: s.userId })).passwordHash;
    t.clock.advance(59 * MINUTE);
    expect((await t.gql(VALID, { token })).data).toEqual({ resetTokenValid: true });
    t.clock.advance(2 * MINUTE);
    expect((await t.gql(VALID, { token })).data).toEqual({ resetTokenValid: false });
    expect((await t.rest("POST", "/reset-password", { body: { newtoken: token } })).body).toEqual({ error: INVALID });
    const r = await t.rest("POST", "/update-password", { body: { newtoken: token, password: "too late now" } });
    expect(r).toMatchObject({ status: 400, body: { error: INVALID } });
    const user = await t.dataSource.getRepository(User).findOneByOrFail({ id: s.userId });
    expect(user.passwordHash).toBe(hashBefore);
    expect(user.tokenVersion).toBe(0);
    expect((await resets().findOneByOrFail({ userId: s.userId })).usedAt).toBeNull();
  });

  it("refuses unknown and malformed tokens", async () => {
    for (const token of ["", "abc", "A".repeat(43), "../../etc/passwd", "x".repeat(5000)]) {
      expect((await t.gql(VALID, { token })).data).toEqual({ resetTokenValid: false });
      expect((await t.rest("POST", "/reset-password", { body: { newtoken: token } })).body).toEqual({ error: INVALID });
      expect((await t.rest("POST", "/update-password", { body: { newtoken: token, password: "whatever123" } })).status).toBe(400);
    }
  });
});
