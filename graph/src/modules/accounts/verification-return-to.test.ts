/**
 * The page a student registered from travels in the mailed verification link
 * (`/verify-email/{token}?returnTo=/path`), so it is found again when the mail opens in another
 * browser (a phone's mail app); a resent mail keeps it, and a path that leaves the site is dropped.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFY_MESSAGES } from "../../../../common/accounts.js";
import { gqlFrom, randomIp, REGISTER, studentEmail, uniqueName } from "../../../test/accounts.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { mailSettled, outboxMailsTo, verifyLinkIn } from "../../../test/outbox.js";
import { EmailVerification } from "./email-verification.entity.js";

const RESEND = `mutation { resendVerificationEmail }`;
const VERIFY = `mutation ($token: String!) { verifyEmail(token: $token) }`;

describe.each(dbTargets)("the page asked for, in the verification link, on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Registers through GraphQL with `returnTo` (left out when undefined). */
  async function register(returnTo?: unknown): Promise<{ token: string; userId: string; email: string }> {
    const email = studentEmail();
    const input = { name: uniqueName(), email, password: "correct horse battery", ...(returnTo === undefined ? {} : { returnTo }) };
    const r = await gqlFrom(t, randomIp(), REGISTER, { input });
    expect(r.errors).toBeUndefined();
    return { ...r.data.register, email };
  }

  /** The newest verification link mailed to `email`, as a URL. */
  async function linkTo(email: string, count?: number): Promise<URL> {
    await mailSettled(t.app.services);
    const mails = outboxMailsTo(t.config.dataDir, email);
    if (count !== undefined) expect(mails).toHaveLength(count);
    const link = verifyLinkIn(mails.at(-1)!);
    expect(link).toBeTruthy();
    // The whole link as the mail shows it: nothing after it on the line but the end of the line.
    expect(mails.at(-1)!.text.split(/\r?\n/)).toContain(link);
    return new URL(link!);
  }
  const tokenOf = (link: URL) => link.pathname.split("/").at(-1)!;

  it("the mailed link carries the page (encoded) and still verifies; a resend on either door keeps it", async () => {
    const asked = "/user/chat/4f1c?tab=new chat&x=1#end";
    const s = await register(asked);
    const first = await linkTo(s.email, 1);
    expect(`${first.origin}${first.pathname}`).toMatch(new RegExp(`^${t.config.publicUrl}/verify-email/[A-Za-z0-9_-]{43}$`));
    expect(first.search).toBe(`?returnTo=${encodeURIComponent(asked)}`);
    expect(first.searchParams.get("returnTo")).toBe(asked);
    expect([...first.searchParams.keys()]).toEqual(["returnTo"]);

    expect((await t.gql(RESEND, {}, s.token)).data).toEqual({ resendVerificationEmail: VERIFY_MESSAGES.resent });
    const second = await linkTo(s.email, 2);
    expect(tokenOf(second)).not.toBe(tokenOf(first));
    expect(second.searchParams.get("returnTo")).toBe(asked);

    expect(await t.rest("POST", "/verify-email/resend", { token: s.token })).toMatchObject({ status: 200 });
    const third = await linkTo(s.email, 3);
    expect(third.searchParams.get("returnTo")).toBe(asked);

    // The token is the path's last segment as before: the query does not get in the way.
    expect((await t.gql(VERIFY, { token: tokenOf(third) })).data).toEqual({ verifyEmail: true });
  });

  it("drops a page that leaves the site or is a sign-in page, without refusing the sign-up", async () => {
    for (const unsafe of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "/login?x",
      "/register",
      "/logout#x",
      "/reset-password/abc",
      "javascript:alert(1)",
      "/user/chat\n/x",
      `/${"a".repeat(1000)}`,
      "",
      null,
    ]) {
      const s = await register(unsafe);
      const link = await linkTo(s.email, 1);
      expect(link.search, JSON.stringify(unsafe)).toBe("");
      const row = await t.dataSource.getRepository(EmailVerification).findOneByOrFail({ userId: s.userId });
      expect(row.returnTo).toBeNull();
      // A resend has nothing to keep.
      await t.gql(RESEND, {}, s.token);
      expect((await linkTo(s.email, 2)).search).toBe("");
    }
  });

  it("without a page the link is as before", async () => {
    const s = await register();
    const link = await linkTo(s.email, 1);
    expect(link.search).toBe("");
    expect(link.toString()).toMatch(new RegExp(`^${t.config.publicUrl}/verify-email/[A-Za-z0-9_-]{43}$`));
  });

  it("REST /register keeps its payload and answer, and takes the page as an optional field", async () => {
    const email = studentEmail();
    const r = await t.rest("POST", "/register", {
      body: { name: uniqueName(), email, password: "correct horse battery", returnTo: "/skill-coins?returnTo=%2Fuser%2Fchat" },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(["token"]);
    expect((await linkTo(email, 1)).searchParams.get("returnTo")).toBe("/skill-coins?returnTo=%2Fuser%2Fchat");

    // Any other value is ignored, not refused.
    const other = studentEmail();
    const bad = await t.rest("POST", "/register", {
      body: { name: uniqueName(), email: other, password: "correct horse battery", returnTo: { path: "/x" } },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(bad.status).toBe(200);
    expect((await linkTo(other, 1)).search).toBe("");
    const op = (await t.rest("GET", "/openapi.json")).body.paths["/register"].post;
    expect(JSON.stringify(op.requestBody)).toContain("returnTo");
  });
});
