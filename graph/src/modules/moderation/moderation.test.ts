import { execFile } from "node:child_process";
import path from "node:path";
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { errorCode, errorMessage, studentEmail } from "../../../test/accounts.js";
import { balance, chatPair, escrowBalance, giveCoins, REPORT, SEND } from "../../../test/chat.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";
import { DAY } from "../../shared/clock.js";
import { hashPassword } from "../accounts/passwords.js";
import { checkLedgerInvariants } from "../coins/ledger.invariants.js";
import { post } from "../implements/implements.test-support.js";
import { Q } from "../swaps/swaps.test-support.js";
import { MODERATION_MESSAGES } from "./moderation.rules.js";
import { OPERATORS_ONLY, setOperator } from "./operators.service.js";

const root = path.resolve(import.meta.dirname, "../../../..");
const OPERATOR = "90z900@psgtech.ac.in";
const UNVERIFIED_OPERATOR = "91z901@psgtech.ac.in";
const PASSWORD = "a student password";

const STATS = `{ moderationStats { studentsVerified studentsUnverified activeChats openReports coinsInCirculation coinsInEscrow } }`;
const QUEUE = `query ($status: ModerationReportStatus!) { moderationReports(status: $status) { edges { node {
  id reason details createdAt resolvedAt resolution reportedBy flagged
  reporter { id name } reported { id name suspendedUntil }
  chat { id kind status coins escrow { coins state } }
  reportedPosts { edges { node { id title } } }
} } } }`;
const EVIDENCE = `query ($id: ID!) { moderationReport(id: $id) { id chat { messageCount messages { edges { node { seq fromUserId body } } } } } }`;
const AUDIT = `{ moderationAudit { edges { node { actor action targetUserId reportId postId reason details } } } }`;
const DISMISS = `mutation ($r: ID!, $reason: String!) { dismissReport(reportId: $r, reason: $reason) }`;
const WARN = `mutation ($u: ID!, $reason: String!, $r: ID) { warnStudent(userId: $u, reason: $reason, reportId: $r) }`;
const SUSPEND = `mutation ($input: SuspendStudentInput!) { suspendStudent(input: $input) }`;
const UNSUSPEND = `mutation ($u: ID!, $reason: String!) { unsuspendStudent(userId: $u, reason: $reason) }`;
const HIDE = `mutation ($p: ID!, $reason: String!) { hideImplementPost(postId: $p, reason: $reason) }`;
const LOGIN = `mutation ($i: LoginInput!) { login(input: $i) { token } }`;
const BOARD = `{ leaderboard(first: 100) { edges { node { userId } } } }`;

describe.each(dbTargets)("moderation on %s", (target) => {
  let t: TestApp;
  let op: { id: string; token: string };
  let passwordHash: string;
  beforeAll(async () => {
    t = await startTestApp(target, { env: { OPERATOR_EMAILS: `${OPERATOR},${UNVERIFIED_OPERATOR}` } });
    passwordHash = await hashPassword(PASSWORD);
    const o = await t.createUser({ email: OPERATOR, name: "Operator One" });
    op = { id: o.user.id, token: o.token };
  });
  afterEach(async () => {
    if (t) expect(await checkLedgerInvariants(t.dataSource)).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Tokens live 7 days and these suites move the clock: the operator signs in afresh for each call. */
  const opToken = () => t.app.services.auth.issueToken({ id: op.id, tokenVersion: 0 });
  const gqlOp = async (q: string, v?: Record<string, unknown>) => t.gql(q, v, await opToken());
  /** The newest audit row of an action (the command line writes the real time, the suites a test clock). */
  const lastAudit = async (action: string) =>
    (await gqlOp(AUDIT)).data.moderationAudit.edges.map((e: any) => e.node).find((a: { action: string }) => a.action === action);
  const queue = async (status = "OPEN") => {
    const r = await gqlOp(QUEUE, { status });
    expect(r.errors).toBeUndefined();
    return r.data.moderationReports.edges.map((e: any) => e.node) as Array<any>;
  };
  /** A student with a filled profile, a real college address and a password they can type. */
  async function student(opts: Parameters<typeof filledStudent>[1] = {}) {
    const email = studentEmail();
    const s = await filledStudent(t, { ...opts, overrides: { email, passwordHash } });
    return { ...s, email };
  }
  async function openChat(a: { id: string }, b: { id: string }) {
    const s = t.app.services;
    return s.deps.tx((em) =>
      s.chatOpen.open(
        {
          kind: "swap",
          requesterId: a.id,
          receiverId: b.id,
          requesterLearns: { skill: "Java", category: "Programming & Technology" },
          receiverLearns: { skill: "Java", category: "Programming & Technology" },
        },
        em,
      ),
    );
  }

  it("nobody but an operator reaches the console, on either door; nothing in the API makes an operator", async () => {
    const s = await student();
    const unverified = await t.createUser({ email: UNVERIFIED_OPERATOR, emailVerifiedAt: null, visible: false });
    for (const token of [s.token, unverified.token]) {
      for (const [q, v] of [
        [STATS, {}],
        [QUEUE, { status: "OPEN" }],
        [AUDIT, {}],
        [DISMISS, { r: "x", reason: "r" }],
        [WARN, { u: op.id, reason: "r" }],
        [SUSPEND, { input: { userId: op.id, days: 1, reason: "r" } }],
        [UNSUSPEND, { u: op.id, reason: "r" }],
        [HIDE, { p: "x", reason: "r" }],
      ] as const) {
        const r = await t.gql(q, v, token);
        expect(r.errors?.[0]).toMatchObject({ message: OPERATORS_ONLY, extensions: { code: "FORBIDDEN" } });
      }
      for (const [method, p] of [
        ["GET", "/moderation/stats"],
        ["GET", "/moderation/reports"],
        ["GET", "/moderation/audit"],
        ["POST", `/moderation/users/${op.id}/suspend`],
      ] as const) {
        expect(await t.rest(method, p, { token, body: method === "POST" ? { days: 1, reason: "r" } : undefined })).toMatchObject({
          status: 403,
          body: { error: OPERATORS_ONLY },
        });
      }
    }
    expect((await t.rest("GET", "/moderation/stats")).status).toBe(401);
    expect((await t.gql(`{ me { isOperator } }`, {}, s.token)).data.me.isOperator).toBe(false);
    expect((await t.gql(`{ me { isOperator } }`, {}, unverified.token)).data.me.isOperator).toBe(false);
    expect((await gqlOp(`{ me { isOperator } }`)).data.me.isOperator).toBe(true);
    const schema = readFileSync(path.join(root, "schema.graphql"), "utf8");
    const mutations = schema.slice(schema.indexOf("type Mutation {"), schema.indexOf("}", schema.indexOf("type Mutation {")));
    expect(mutations).not.toMatch(/^\s+(grant|revoke|make|set)\w*operator/im);
  });

  it("the command line grants and revokes operators, and the audit log says so", async () => {
    const s = await student();
    const env = {
      ...process.env,
      DATA_DIR: t.config.dataDir,
      ...(t.config.database.kind === "mysql" ? { DATABASE_URL: t.config.database.url } : {}),
      LOG_LEVEL: "silent",
    };
    // Asynchronous: a synchronous spawn would block the event loop the test server runs on for
    // seconds, and the next request could reuse a keep-alive socket the server is just closing (ECONNRESET).
    const run = (...args: string[]) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ["--import", "tsx", "scripts/operator.ts", ...args],
          { cwd: root, env, encoding: "utf8" },
          (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr }),
        );
      });
    const granted = await run("grant", s.email.toUpperCase());
    expect(granted.stdout.trim()).toBe(`granted: ${s.email}`);
    expect(granted.status).toBe(0);
    expect((await t.gql(STATS, {}, s.token)).errors).toBeUndefined();
    expect((await run("list")).stdout).toContain(`${s.email}\tgranted (cli)`);
    const unknown = await run("grant", "00z000@psgtech.ac.in");
    expect(unknown.status).toBe(1);
    expect(unknown.stderr.trim()).toBe("No student has the address 00z000@psgtech.ac.in");
    expect((await run("frobnicate")).status).toBe(1);
    await setOperator(t.dataSource, s.email, false, t.clock.now());
    expect(errorCode(await t.gql(STATS, {}, s.token))).toBe("FORBIDDEN");
    const log = (await gqlOp(AUDIT)).data.moderationAudit.edges
      .map((e: any) => e.node)
      .filter((a: { targetUserId: string }) => a.targetUserId === s.id);
    expect(log.map((a: { actor: string; action: string }) => [a.actor, a.action]).sort()).toEqual([
      ["cli", "GRANT"],
      ["cli", "REVOKE"],
    ]);
  });

  it("lists open reports with the reported chat, its ledger state and messages; repeat offenders first; dismiss needs a reason", async () => {
    const { a, b, chat } = await chatPair(t, { kind: "pay", coins: 4 });
    await t.gql(SEND, { chatWith: a.id, body: "Send me money outside the app" }, b.token);
    const c = await student();
    await openChat(c, b);
    const d = await student();
    const e = await student();
    await openChat(d, e);
    expect((await t.gql(REPORT, { chatWith: e.id, reason: "SPAM_OR_SCAM" }, d.token)).errors).toBeUndefined();
    t.clock.advance(1000);
    expect((await t.gql(REPORT, { chatWith: b.id, reason: "SPAM_OR_SCAM" }, a.token)).errors).toBeUndefined();
    expect((await t.gql(REPORT, { chatWith: b.id, reason: "OTHER", details: "Rude" }, c.token)).errors).toBeUndefined();

    const open = (await queue()).filter((r) => [b.id, e.id].includes(r.reported.id));
    expect(open.map((r) => [r.reported.id, r.flagged, r.reportedBy])).toEqual([
      [b.id, true, 2],
      [b.id, true, 2],
      [e.id, false, 1],
    ]);
    const fromA = open.find((r) => r.reporter.id === a.id);
    expect(fromA).toMatchObject({
      reason: "SPAM_OR_SCAM",
      resolvedAt: null,
      chat: { id: chat.id, kind: "PAY", status: "SUSPENDED", coins: 4, escrow: { coins: 4, state: "REFUNDED" } },
    });
    const evidence = (await gqlOp(EVIDENCE, { id: fromA.id })).data.moderationReport.chat;
    expect(evidence).toMatchObject({
      messageCount: 1,
      messages: { edges: [{ node: { fromUserId: b.id, body: "Send me money outside the app" } }] },
    });
    const rest = await t.rest("GET", `/moderation/reports/${fromA.id}`, { token: await opToken() });
    expect(rest.status).toBe(200);
    expect(rest.body.messages.map((m: { body: string }) => m.body)).toEqual(["Send me money outside the app"]);

    const fromD = open.find((r) => r.reporter.id === d.id);
    const empty = await gqlOp(DISMISS, { r: fromD.id, reason: "  " });
    expect(errorMessage(empty)).toBe(MODERATION_MESSAGES.reasonRequired);
    expect(errorCode(await gqlOp(DISMISS, { r: "no-such-report", reason: "x" }))).toBe("NOT_FOUND");
    expect((await queue()).some((r) => r.id === fromD.id)).toBe(true);
    expect(
      await t.rest("POST", `/moderation/reports/${fromD.id}/dismiss`, { token: await opToken(), body: { reason: "A misunderstanding" } }),
    ).toMatchObject({ status: 200, body: { error: "" } });
    expect(errorMessage(await gqlOp(DISMISS, { r: fromD.id, reason: "again" }))).toBe(MODERATION_MESSAGES.alreadyResolved);
    expect((await queue("RESOLVED")).find((r) => r.id === fromD.id)).toMatchObject({ resolution: "DISMISSED" });
    expect(await lastAudit("DISMISS")).toMatchObject({
      actor: OPERATOR,
      action: "DISMISS",
      reportId: fromD.id,
      targetUserId: e.id,
      reason: "A misunderstanding",
    });
  });

  it("a warning reaches the student as a notification and resolves the report", async () => {
    const { a, b } = await chatPair(t);
    await t.gql(REPORT, { chatWith: b.id, reason: "INAPPROPRIATE_BEHAVIOR" }, a.token);
    const report = (await queue()).find((r) => r.reporter.id === a.id);
    expect((await gqlOp(WARN, { u: b.id, reason: "Be kind in chats", r: report.id })).data).toEqual({ warnStudent: true });
    const notes = (
      await t.gql(`{ notifications { edges { node { type message dismissible } } } }`, {}, b.token)
    ).data.notifications.edges.map((e: any) => e.node);
    expect(notes).toContainEqual({
      type: "OPERATOR_WARNING",
      message: "A Skill Exchange moderator warned you: Be kind in chats",
      dismissible: true,
    });
    expect((await queue("RESOLVED")).find((r) => r.id === report.id)).toMatchObject({ resolution: "WARNED" });
    expect(errorMessage(await gqlOp(WARN, { u: op.id, reason: "me" }))).toBe(MODERATION_MESSAGES.selfAction);
  });

  it("suspension: no sign-in, tokens and sockets revoked, unlisted, open requests cancelled, escrow refunded; it ends on time", async () => {
    const b = await student({ known: ["Zither"], required: ["Yodel"] });
    const teacher = await student({ known: ["Yodel"], required: ["Zither"] });
    const asked = await student({ known: ["Xylophone"], required: ["Zither"] });
    const viewer = await student({ known: ["Yodel"], required: ["Zither"] });
    await giveCoins(t, b.id, 10);
    const s = t.app.services;
    await s.deps.tx(async (em) => {
      await s.coins.hold({ learnerId: b.id, teacherId: teacher.id, refKey: `pay:mod-${b.id}`, coins: 6 }, em);
      await s.chatOpen.open(
        {
          kind: "pay",
          requesterId: b.id,
          receiverId: teacher.id,
          requesterLearns: { skill: "Yodel", category: "Programming & Technology" },
          coins: 6,
          escrowRef: `pay:mod-${b.id}`,
        },
        em,
      );
    });
    const sent = await t.gql(
      Q.requestPay,
      { i: { receiverId: asked.id, learnSkill: { category: "Programming & Technology", skill: "Xylophone" }, skillCoins: 2 } },
      b.token,
    );
    expect(sent.errors).toBeUndefined();
    const escrowBefore = await escrowBalance(t);
    const sub = subscribe(t.wsClient(b.token), `subscription { notificationAdded { id } }`);
    await t.gql(`{ viewerId }`, {}, b.token);

    const bad = await t.rest("POST", `/moderation/users/${b.id}/suspend`, { token: await opToken(), body: { days: 0, reason: "Scam" } });
    expect(bad).toMatchObject({ status: 400, body: { error: MODERATION_MESSAGES.duration } });
    expect(errorCode(await t.gql(`{ viewerId }`, {}, b.token))).toBeUndefined();

    const r = await t.rest("POST", `/moderation/users/${b.id}/suspend`, {
      token: await opToken(),
      body: { days: 7, reason: "Scam attempts" },
    });
    expect(r).toMatchObject({
      status: 200,
      body: { error: "", suspendedUntil: new Date(t.clock.now().getTime() + 7 * DAY).toISOString() },
    });

    expect(errorCode(await t.gql(`{ viewerId }`, {}, b.token))).toBe("UNAUTHENTICATED");
    await expect(sub.next()).rejects.toBeDefined();
    const login = await t.gql(LOGIN, { i: { email: b.email, password: PASSWORD } });
    expect(errorCode(login)).toBe("FORBIDDEN");
    expect(errorMessage(login)).toMatch(/^This account is suspended until \d{4}-\d\d-\d\d \d\d:\d\d UTC: Scam attempts$/);
    expect(errorCode(await t.gql(LOGIN, { i: { email: b.email, password: "wrong password" } }))).toBe("UNAUTHENTICATED");
    // Money went back through the ledger: b's 6 held coins are theirs again.
    expect(await balance(t, b.id)).toBe(10);
    expect(await escrowBalance(t)).toBe(escrowBefore - 6);
    expect((await t.gql(`query ($c: ID!) { chat(chatWith: $c) { status } }`, { c: b.id }, teacher.token)).data.chat.status).toBe("CLOSED");
    expect((await t.gql(Q.notifications, {}, asked.token)).data.notifications.edges.map((e: any) => e.node)).toEqual([]);
    expect((await t.gql(BOARD)).data.leaderboard.edges.map((e: any) => e.node).map((x: { userId: string }) => x.userId)).not.toContain(
      b.id,
    );
    expect(
      (await t.gql(`{ feed(first: 50) { edges { node { id } } } }`, {}, viewer.token)).data.feed.edges
        .map((e: any) => e.node)
        .map((i: { id: string }) => i.id),
    ).not.toContain(b.id);
    expect(await lastAudit("SUSPEND")).toMatchObject({
      action: "SUSPEND",
      targetUserId: b.id,
      reason: "Scam attempts",
      details: expect.stringMatching(/^until /),
    });

    // Seven days later the first sign-in ends it: b is listed again.
    t.clock.advance(7 * DAY + 1000);
    const back = await t.gql(LOGIN, { i: { email: b.email, password: PASSWORD } });
    expect(back.errors).toBeUndefined();
    const viewerToken = await t.app.services.auth.issueToken(viewer.user);
    expect(
      (await t.gql(`{ feed(first: 50) { edges { node { id } } } }`, {}, viewerToken)).data.feed.edges
        .map((e: any) => e.node)
        .map((i: { id: string }) => i.id),
    ).toContain(b.id);
  });

  it("a permanent suspension lasts until an operator lifts it", async () => {
    const s = await student();
    expect((await gqlOp(SUSPEND, { input: { userId: s.id, permanent: true, reason: "Harassment" } })).data.suspendStudent).toBe(
      "9999-12-31T00:00:00.000Z",
    );
    t.clock.advance(400 * DAY);
    expect(errorMessage(await t.gql(LOGIN, { i: { email: s.email, password: PASSWORD } }))).toBe(
      "This account is suspended permanently: Harassment",
    );
    expect(errorMessage(await gqlOp(UNSUSPEND, { u: s.id, reason: "" }))).toBe(MODERATION_MESSAGES.reasonRequired);
    expect((await gqlOp(UNSUSPEND, { u: s.id, reason: "Appeal accepted" })).data).toEqual({ unsuspendStudent: true });
    expect((await t.gql(LOGIN, { i: { email: s.email, password: PASSWORD } })).errors).toBeUndefined();
    expect(errorMessage(await gqlOp(UNSUSPEND, { u: s.id, reason: "again" }))).toBe(MODERATION_MESSAGES.notSuspended);
  });

  it("a suspended student who opens their verification link stays unlisted until the suspension is lifted", async () => {
    const s = await t.createUser({ emailVerifiedAt: null, visible: false });
    expect((await gqlOp(SUSPEND, { input: { userId: s.user.id, days: 3, reason: "Spam" } })).errors).toBeUndefined();
    const app = t.app.services;
    await app.deps.tx((em) => app.emailVerification.markVerified(em, s.user.id, t.clock.now()));
    const visible = async () =>
      Boolean(Number((await t.dataSource.query("SELECT visible FROM users WHERE id = ?", [s.user.id]))[0].visible));
    expect(await visible()).toBe(false);
    await gqlOp(UNSUSPEND, { u: s.user.id, reason: "Appeal" });
    expect(await visible()).toBe(true);
  });

  it("hides an implement post for good and counts the community from the ledger", async () => {
    const owner = await student();
    const other = await student();
    const p = await post(t, { token: owner.token, user: owner.user }, "Buy my exam answers");
    expect(
      await t.rest("POST", `/moderation/implements/${p.id}/hide`, { token: await opToken(), body: { reason: "Academic dishonesty" } }),
    ).toMatchObject({ status: 200 });
    expect(errorCode(await t.gql(`query ($id: ID!) { implementPost(id: $id) { id } }`, { id: p.id }, other.token))).toBe("NOT_FOUND");
    const show = await t.gql(
      `mutation ($p: ID!) { setImplementPostVisibility(postId: $p, visible: true) { id } }`,
      { p: p.id },
      owner.token,
    );
    expect(show.errors?.[0]).toMatchObject({
      message: "A moderator hid this problem; it cannot be shown again.",
      extensions: { code: "FORBIDDEN" },
    });
    expect(await lastAudit("HIDE_POST")).toMatchObject({
      action: "HIDE_POST",
      postId: p.id,
      targetUserId: owner.id,
      reason: "Academic dishonesty",
    });

    const stats = (await gqlOp(STATS)).data.moderationStats;
    const [counts] = await t.dataSource.query(
      `SELECT SUM(CASE WHEN emailVerifiedAt IS NOT NULL THEN 1 ELSE 0 END) AS v, SUM(CASE WHEN emailVerifiedAt IS NULL THEN 1 ELSE 0 END) AS u FROM users WHERE deletedAt IS NULL`,
    );
    const [coins] = await t.dataSource.query(`SELECT COALESCE(SUM(balance), 0) AS s FROM coin_accounts WHERE kind = 'user'`);
    const [chats] = await t.dataSource.query(`SELECT COUNT(*) AS n FROM chats WHERE status = 'in_progress'`);
    const [reports] = await t.dataSource.query(`SELECT COUNT(*) AS n FROM chat_reports WHERE resolvedAt IS NULL`);
    expect(stats).toEqual({
      studentsVerified: Number(counts.v),
      studentsUnverified: Number(counts.u),
      activeChats: Number(chats.n),
      openReports: Number(reports.n),
      coinsInCirculation: Number(coins.s),
      coinsInEscrow: await escrowBalance(t),
    });
    expect((await t.rest("GET", "/moderation/stats", { token: await opToken() })).body).toEqual(stats);
  });

  it("pages the audit log without repeats or gaps while actions are added between pages", async () => {
    const s = await student();
    for (let i = 1; i <= 3; i++) {
      expect((await gqlOp(WARN, { u: s.id, reason: `warning ${i}`, r: null })).data).toEqual({ warnStudent: true });
      t.clock.advance(1000);
    }
    // Earlier suites' entries (some at the real time) share the log: compare with one big page.
    const ALL = `{ moderationAudit(first: 100) { edges { node { id reason } } } }`;
    const before = (await gqlOp(ALL)).data.moderationAudit.edges.map((e: any) => e.node.id);
    const PAGE = `query ($after: String) { moderationAudit(first: 2, after: $after) { pageInfo { hasNextPage endCursor } edges { node { id reason } } } }`;
    const p1 = (await gqlOp(PAGE)).data.moderationAudit;
    await gqlOp(WARN, { u: s.id, reason: "warning 4", r: null }); // a new entry between pages
    const p2 = (await gqlOp(PAGE, { after: p1.pageInfo.endCursor })).data.moderationAudit;
    const paged = [...p1.edges, ...p2.edges].map((e: any) => e.node.id);
    expect(paged).toEqual(before.slice(0, 4));
    expect(p1.pageInfo.hasNextPage).toBe(true);
  });
});
