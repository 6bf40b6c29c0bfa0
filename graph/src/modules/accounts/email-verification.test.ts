import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFY_MESSAGES } from "../../../../common/accounts.js";
import { errorCode, errorMessage, gqlFrom, randomIp, registerStudent, type Registered } from "../../../test/accounts.js";
import { chatPair, SEND } from "../../../test/chat.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { verifyLinkIn, mailSettled, outboxMailsTo } from "../../../test/outbox.js";
import { filledStudent, PNG, UPDATE_PROFILE } from "../../../test/profiles.js";
import { HOUR } from "../../shared/clock.js";
import { CREATE, JOIN, post } from "../implements/implements.test-support.js";
import { Q } from "../swaps/swaps.test-support.js";
import { EmailVerification } from "./email-verification.entity.js";
import { User } from "./user.entity.js";

const ME = `{ me { id email emailVerified detailsFilled } }`;
const VERIFY = `mutation ($token: String!) { verifyEmail(token: $token) }`;
const RESEND = `mutation { resendVerificationEmail }`;
const FEED = `{ feed(first: 50) { edges { node { id } } } }`;
const SEARCH = `query ($q: String!) { searchUsers(query: $q, first: 50) { edges { node { id } } } }`;
const BOARD = `{ leaderboard(first: 100) { edges { node { userId } } } }`;

describe.each(dbTargets)("verified college mail on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const settled = () => mailSettled(t.app.services);
  const mailsTo = (email: string) => outboxMailsTo(t.config.dataDir, email);
  async function tokenMailedTo(email: string): Promise<string> {
    await settled();
    const link = verifyLinkIn(mailsTo(email).at(-1)!);
    expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/verify-email/`));
    return link!.split("/").at(-1)!;
  }
  /** Fills the profile through the API (the unverified may do that). */
  async function fillProfile(s: Pick<Registered, "token">, name = "Zebra"): Promise<void> {
    const image = await t.app.services.deps.storage.putImage((await t.gql(ME, {}, s.token)).data.me.id, PNG, {
      ext: "png",
      mime: "image/png",
    });
    const input = {
      gender: "FEMALE",
      image,
      languages: ["English"],
      amount: 0,
      days: 0,
      skillsKnown: [{ category: "Programming & Technology", skill: `${name}script` }],
      skillsRequired: [{ category: "Programming & Technology", skill: "Java" }],
    };
    const r = await t.gql(UPDATE_PROFILE, { input }, s.token);
    expect(r.errors).toBeUndefined();
  }
  const ids = (items: Array<{ id?: string; userId?: string }>) => items.map((i) => i.id ?? i.userId);

  it("registration answers a token at once and mails a single-use link; until it is opened nobody finds the student", async () => {
    const viewer = await filledStudent(t, { known: ["Java"], required: ["Quokkascript"] });
    const s = await registerStudent(t, { name: "Quokka Unverified" });
    expect(s.token).toBeTruthy();
    expect((await t.gql(ME, {}, s.token)).data.me).toMatchObject({ emailVerified: false });
    const token = await tokenMailedTo(s.email);
    const mail = mailsTo(s.email).at(-1)!;
    expect(mail.headers.subject).toBe("Verify your Skill Exchange college mail");
    expect(mail.text).toContain("48 hours");

    await fillProfile(s, "Quokka");
    expect((await t.gql(ME, {}, s.token)).data.me).toMatchObject({ emailVerified: false, detailsFilled: true });
    expect(ids((await t.gql(FEED, {}, viewer.token)).data.feed.edges.map((e: any) => e.node))).not.toContain(s.userId);
    expect(ids((await t.gql(SEARCH, { q: "quokka" }, viewer.token)).data.searchUsers.edges.map((e: any) => e.node))).not.toContain(
      s.userId,
    );
    expect(ids((await t.gql(BOARD)).data.leaderboard.edges.map((e: any) => e.node))).not.toContain(s.userId);
    expect((await t.rest("GET", "/leaderboard")).body.map((r: { _id: string }) => r._id)).not.toContain(s.userId);

    // REST, no sign-in needed (the link may be opened in another browser).
    expect(await t.rest("POST", "/verify-email", { body: { token } })).toMatchObject({ status: 200, body: { error: "" } });
    expect((await t.gql(ME, {}, s.token)).data.me).toMatchObject({ emailVerified: true });
    expect((await t.rest("GET", `/dashboard?userId=${s.userId}`, { token: s.token })).body.user).toMatchObject({ emailVerified: true });
    expect(ids((await t.gql(FEED, {}, viewer.token)).data.feed.edges.map((e: any) => e.node))).toContain(s.userId);
    expect(ids((await t.gql(SEARCH, { q: "quokka" }, viewer.token)).data.searchUsers.edges.map((e: any) => e.node))).toContain(s.userId);
    expect(ids((await t.gql(BOARD)).data.leaderboard.edges.map((e: any) => e.node))).toContain(s.userId);

    // The same link again (a page loaded twice) answers the same; it is spent all the same.
    expect((await t.gql(VERIFY, { token })).data).toEqual({ verifyEmail: true });
    expect(await t.dataSource.getRepository(EmailVerification).count({ where: { userId: s.userId, usedAt: undefined } })).toBe(1);
  });

  it("a spent link of a verified student answers as success again on both doors, and the mail and OpenAPI say so", async () => {
    const s = await registerStudent(t);
    const token = await tokenMailedTo(s.email);
    const mail = mailsTo(s.email).at(-1)!;
    // The mail promises what the API does: one verification, and a later click only confirms it.
    expect(mail.text).not.toContain("works once");
    expect(mail.text).toContain("Opening it again later only confirms that the address is verified.");
    for (let i = 0; i < 2; i++) {
      expect(await t.rest("POST", "/verify-email", { body: { token } })).toMatchObject({ status: 200, body: { error: "" } });
    }
    expect((await t.gql(VERIFY, { token })).data).toEqual({ verifyEmail: true });
    const op = (await t.rest("GET", "/openapi.json")).body.paths["/verify-email"].post;
    // A refusal is a 400 (never a 404), and only for a link that cannot verify anything.
    expect(Object.keys(op.responses)).not.toContain("404");
    expect(op.responses["400"].description).toMatch(/unknown.*expired/);
    expect(op.description).toMatch(/200 again/);
  });

  it("an unverified student's own feed still ranks best matches first", async () => {
    const match = await filledStudent(t, { known: ["Java"], required: ["Rankscript"] });
    await filledStudent(t, { known: ["Cobol"], required: ["Fortran"] });
    const s = await registerStudent(t);
    await fillProfile(s, "Rank");
    const feed = (await t.gql(FEED, {}, s.token)).data.feed.edges.map((e: any) => e.node);
    expect(feed[0].id).toBe(match.id);
    expect(ids(feed)).not.toContain(s.userId);
  });

  it("an unknown, malformed or expired link is refused with a clear message and changes nothing", async () => {
    const s = await registerStudent(t);
    const token = await tokenMailedTo(s.email);
    for (const bad of ["", "x", "A".repeat(43), token.slice(0, -1) + (token.endsWith("A") ? "B" : "A")]) {
      const g = await t.gql(VERIFY, { token: bad });
      expect(errorCode(g)).toBe("BAD_USER_INPUT");
      expect(errorMessage(g)).toBe(VERIFY_MESSAGES.linkInvalid);
    }
    expect(await t.rest("POST", "/verify-email", { body: { token: 42 } })).toMatchObject({
      status: 400,
      body: { error: VERIFY_MESSAGES.linkInvalid },
    });
    t.clock.advance(48 * HOUR + 1);
    expect(await t.rest("POST", "/verify-email", { body: { token } })).toMatchObject({
      status: 400,
      body: { error: VERIFY_MESSAGES.linkInvalid },
    });
    expect((await t.gql(ME, {}, s.token)).data.me.emailVerified).toBe(false);
    // A new link works.
    expect((await t.gql(RESEND, {}, s.token)).data).toEqual({ resendVerificationEmail: VERIFY_MESSAGES.resent });
    const fresh = await tokenMailedTo(s.email);
    expect(fresh).not.toBe(token);
    expect((await t.gql(VERIFY, { token: fresh })).data).toEqual({ verifyEmail: true });
    // An older link of a verified student only answers that the address is verified.
    expect((await t.gql(VERIFY, { token })).data).toEqual({ verifyEmail: true });
  });

  it("resending is for signed-in unverified students, a few times an hour, on both doors", async () => {
    const s = await registerStudent(t);
    await settled();
    expect(errorCode(await t.gql(RESEND))).toBe("UNAUTHENTICATED");
    expect((await t.rest("POST", "/verify-email/resend")).status).toBe(401);
    for (let i = 0; i < 3; i++)
      expect((await t.gql(RESEND, {}, s.token)).data).toEqual({ resendVerificationEmail: VERIFY_MESSAGES.resent });
    for (let i = 0; i < 2; i++) {
      expect(await t.rest("POST", "/verify-email/resend", { token: s.token })).toMatchObject({
        status: 200,
        body: { error: "", message: VERIFY_MESSAGES.resent },
      });
    }
    const over = "Too many attempts. Please try again in about an hour.";
    expect(await t.rest("POST", "/verify-email/resend", { token: s.token })).toMatchObject({ status: 429, body: { error: over } });
    const viaGql = await t.gql(RESEND, {}, s.token);
    expect(errorCode(viaGql)).toBe("RATE_LIMITED");
    expect(viaGql.errors?.[0]?.message).toBe(over);
    await settled();
    expect(mailsTo(s.email)).toHaveLength(6);

    const v = await registerStudent(t);
    await t.rest("POST", "/verify-email", { body: { token: await tokenMailedTo(v.email) } });
    const again = await t.gql(RESEND, {}, v.token);
    expect(errorCode(again)).toBe("BAD_USER_INPUT");
    expect(errorMessage(again)).toBe(VERIFY_MESSAGES.alreadyVerified);
  });

  it("the unverified cannot send swap or pay requests, join or post implements, or chat, on either door", async () => {
    const other = await filledStudent(t, { known: ["Go"], required: ["Rust"] });
    const s = await registerStudent(t);
    await fillProfile(s, "Gate");
    const learnSkill = { category: "Programming & Technology", skill: "Go" };

    const swap = await t.gql(
      Q.requestSwap,
      { i: { receiverId: other.id, preachSkill: { category: "Programming & Technology", skill: "Gatescript" }, learnSkill } },
      s.token,
    );
    expect(swap.errors?.[0]).toMatchObject({ message: VERIFY_MESSAGES.notVerified, extensions: { code: "EMAIL_NOT_VERIFIED" } });
    expect(errorMessage(swap)).toBe(VERIFY_MESSAGES.notVerified);
    expect(errorCode(await t.gql(Q.requestPay, { i: { receiverId: other.id, learnSkill, skillCoins: 3 } }, s.token))).toBe(
      "EMAIL_NOT_VERIFIED",
    );
    expect((await t.gql(Q.availability, { u: other.id }, s.token)).data.swapAvailability).toMatchObject({
      canRequest: false,
      reason: VERIFY_MESSAGES.notVerified,
    });
    const rest = await t.rest("POST", "/swap-request", {
      token: s.token,
      body: { feedID: other.id, userID: s.userId, preachSkill: { category: "Programming & Technology", skill: "Gatescript" }, learnSkill },
    });
    expect(rest).toMatchObject({ status: 403, body: { error: VERIFY_MESSAGES.notVerified } });
    expect(
      (await t.rest("POST", "/pay-request", { token: s.token, body: { feedID: other.id, userID: s.userId, learnSkill, skillCoins: 3 } }))
        .status,
    ).toBe(403);

    const p = await post(t, { token: other.token, user: other.user });
    expect(errorCode(await t.gql(JOIN, { input: { postId: p.id, description: "I can help" } }, s.token))).toBe("EMAIL_NOT_VERIFIED");
    expect(
      (await t.rest("POST", `/implements/${p.id}/join`, { token: s.token, body: { userId: s.userId, description: "I can help" } })).status,
    ).toBe(403);
    expect(errorCode(await t.gql(CREATE, { input: { title: "Mine", description: "A problem" } }, s.token))).toBe("EMAIL_NOT_VERIFIED");
    expect(
      (await t.rest("POST", "/implements", { token: s.token, body: { title: "Mine", description: "A problem", userId: s.userId } })).status,
    ).toBe(403);

    // Requests to the unverified are refused too: nobody deals with an unproven address.
    const sent = await t.gql(
      Q.requestPay,
      { i: { receiverId: s.userId, learnSkill: { category: "Programming & Technology", skill: "Gatescript" }, skillCoins: 3 } },
      other.token,
    );
    expect(errorCode(sent)).toBe("CONFLICT");
    expect(errorMessage(sent)).toBe(VERIFY_MESSAGES.unavailable);

    // Chat: a student whose address is not verified (e.g. released and re-registered) cannot send.
    const { a, b } = await chatPair(t);
    await t.dataSource.getRepository(User).update({ id: a.id }, { emailVerifiedAt: null });
    expect(errorCode(await t.gql(SEND, { chatWith: b.id, body: "hello" }, a.token))).toBe("EMAIL_NOT_VERIFIED");
    expect((await t.rest("POST", `/user/${b.id}/send-message`, { token: a.token, body: { newMessage: "hello" } })).status).toBe(403);
    expect((await t.gql(SEND, { chatWith: a.id, body: "still here" }, b.token)).errors).toBeUndefined();

    // Over a socket opened meanwhile, each operation goes by the address as it is then.
    const socket = t.wsClient(a.token);
    const sendOverSocket = (body: string) =>
      new Promise<{ errors?: ReadonlyArray<{ extensions?: Record<string, unknown> }> }>((resolve, reject) => {
        let result: { errors?: ReadonlyArray<{ extensions?: Record<string, unknown> }> } = {};
        socket.subscribe(
          { query: SEND, variables: { chatWith: b.id, body } },
          { next: (r) => void (result = r), error: reject, complete: () => resolve(result) },
        );
      });
    expect((await sendOverSocket("over the socket")).errors?.[0]?.extensions?.code).toBe("EMAIL_NOT_VERIFIED");
    await t.dataSource.getRepository(User).update({ id: a.id }, { emailVerifiedAt: t.clock.now() });
    expect((await sendOverSocket("verified now")).errors).toBeUndefined();
    await t.dataSource.getRepository(User).update({ id: a.id }, { emailVerifiedAt: null });
    expect((await sendOverSocket("released again")).errors?.[0]?.extensions?.code).toBe("EMAIL_NOT_VERIFIED");
  });

  it("an address or name held by an account that never verified is released to a later sign-up after 48 hours", async () => {
    const squatter = await registerStudent(t);
    const oldLink = await tokenMailedTo(squatter.email);
    const ip = randomIp();
    const retry = await gqlFrom(t, ip, `mutation ($input: RegisterInput!) { register(input: $input) { token } }`, {
      input: { name: "Real Owner " + squatter.userId.slice(0, 6), email: squatter.email, password: "another password" },
    });
    expect(errorCode(retry)).toBe("CONFLICT");

    t.clock.advance(48 * HOUR + 1000);
    const owner = await registerStudent(t, { email: squatter.email.toUpperCase() });
    expect(owner.userId).not.toBe(squatter.userId);
    // The stale account lost its address, its name and its sessions; its old link proves nothing.
    // A refused token is a session that ended (not a signed-out caller): `me` says so.
    expect(errorCode(await t.gql(ME, {}, squatter.token))).toBe("UNAUTHENTICATED");
    expect(errorCode(await t.gql(VERIFY, { token: oldLink }))).toBe("BAD_USER_INPUT");
    const nameTaker = await registerStudent(t, { name: squatter.name });
    expect(nameTaker.userId).not.toBe(squatter.userId);

    const token = await tokenMailedTo(squatter.email);
    expect((await t.gql(VERIFY, { token })).data).toEqual({ verifyEmail: true });
    expect((await t.gql(ME, {}, owner.token)).data.me).toMatchObject({ id: owner.userId, emailVerified: true, email: squatter.email });

    // A verified account is never released, however old.
    t.clock.advance(100 * HOUR);
    const taken = await gqlFrom(t, randomIp(), `mutation ($input: RegisterInput!) { register(input: $input) { token } }`, {
      input: { name: "Latecomer " + owner.userId.slice(0, 6), email: squatter.email, password: "another password" },
    });
    expect(errorCode(taken)).toBe("CONFLICT");
  });
});
