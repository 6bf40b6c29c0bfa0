import { execFile } from "node:child_process";
import path from "node:path";
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { errorCode, errorMessage } from "../../../test/accounts.js";
import { chatPair, REPORT, SEND } from "../../../test/chat.js";
import { dbTargets, type TestApp } from "../../../test/harness.js";
import { MODERATION_MESSAGES } from "./moderation.rules.js";
import {
  AUDIT,
  DISMISS,
  EVIDENCE,
  HIDE,
  moderationSuite,
  OPERATOR,
  QUEUE,
  STATS,
  SUSPEND,
  UNSUSPEND,
  UNVERIFIED_OPERATOR,
  WARN,
} from "./moderation.test-support.js";
import { OPERATORS_ONLY, recordAction, setOperator } from "./operators.service.js";

const root = path.resolve(import.meta.dirname, "../../../..");

describe.each(dbTargets)("moderation on %s", (target) => {
  const { app, opToken, gqlOp, lastAudit, queue, student, openChat } = moderationSuite(target);
  let t: TestApp;
  let op: { id: string; token: string };
  beforeAll(() => {
    ({ t, op } = app);
  });

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
    expect(Object.keys(rest.body.messages[0]).sort()).toEqual(["body", "createdAt", "fromUserId", "seq"]);

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

  it("REST answers the shapes GraphQL has, typed in OpenAPI, with the chat's status now and no database columns", async () => {
    const { a, b, chat } = await chatPair(t, { kind: "pay", coins: 3 });
    t.clock.advance(5000);
    const reportedAt = t.clock.now().toISOString();
    expect((await t.gql(REPORT, { chatWith: b.id, reason: "SPAM_OR_SCAM" }, a.token)).errors).toBeUndefined();
    const token = await opToken();
    const list = await t.rest("GET", "/moderation/reports", { token });
    expect(list.status).toBe(200);
    const fromList = list.body.reports.find((r: { reporter: { id: string } }) => r.reporter?.id === a.id);
    const one = await t.rest("GET", `/moderation/reports/${fromList.id}`, { token });
    expect(one.status).toBe(200);
    expect(one.body.report).toEqual(fromList); // not nested as report.report
    expect(Object.keys(fromList).sort()).toEqual(
      ["chat", "createdAt", "details", "flagged", "id", "reason", "reported", "reportedBy", "reporter", "resolution", "resolvedAt"].sort(),
    );
    // Reported while in progress: it reads suspended now, since the report.
    expect(fromList.chat).toEqual({
      id: chat.id,
      kind: "pay",
      status: "suspended",
      statusSince: reportedAt,
      startDate: expect.any(String),
      endedAt: reportedAt,
      coins: 3,
      title: null,
      escrow: { coins: 3, state: "refunded" },
      messageCount: 0,
    });
    expect(fromList.reported).toEqual({
      id: b.id,
      name: expect.any(String),
      email: expect.any(String),
      emailVerified: true,
      suspendedUntil: null,
      suspension: null,
      deleted: false,
    });
    const audit = await t.rest("GET", "/moderation/audit", { token });
    for (const action of audit.body.actions) expect(action).not.toHaveProperty("operatorId");

    const gql = (await queue()).find((r) => r.id === fromList.id);
    expect(gql.chat).toMatchObject({ status: "SUSPENDED" });
    const since = (await gqlOp(`query ($id: ID!) { moderationReport(id: $id) { chat { statusSince } } }`, { id: fromList.id })).data;
    expect(since.moderationReport.chat.statusSince).toBe(reportedAt);

    const api = (await t.rest("GET", "/openapi.json")).body;
    const ok = (p: string) => api.paths[p].get.responses["200"].content["application/json"].schema;
    expect(JSON.stringify(ok("/moderation/reports"))).toContain("ModerationReport");
    expect(JSON.stringify(ok("/moderation/reports/{id}"))).toContain("ModerationReport");
    expect(api.components.schemas.ModerationReport.properties.chat).toBeDefined();
    expect(Object.keys(api.components.schemas.ModerationChat.properties)).toContain("statusSince");
    expect(Object.keys(api.components.schemas.ModerationChat.properties)).not.toContain("escrowRef");
  });

  it("the server says whether a suspension is permanent and in force now", async () => {
    const { a, b } = await chatPair(t);
    await t.gql(REPORT, { chatWith: b.id, reason: "INAPPROPRIATE_BEHAVIOR" }, a.token);
    const SUSPENSION = `query ($id: ID!) { moderationReport(id: $id) { reported { suspendedUntil suspension { until permanent active } } } }`;
    const report = (await queue()).find((r) => r.reporter.id === a.id);
    const standing = async () => (await gqlOp(SUSPENSION, { id: report.id })).data.moderationReport.reported;
    expect(await standing()).toEqual({ suspendedUntil: null, suspension: null });

    expect((await gqlOp(SUSPEND, { input: { userId: b.id, days: 1, reason: "Cool off" } })).errors).toBeUndefined();
    expect((await standing()).suspension).toMatchObject({ permanent: false, active: true });
    t.clock.advance(2 * 24 * 3600 * 1000);
    expect((await standing()).suspension).toMatchObject({ permanent: false, active: false });

    expect((await gqlOp(SUSPEND, { input: { userId: b.id, permanent: true, reason: "Scams" } })).errors).toBeUndefined();
    expect((await standing()).suspension).toEqual({ until: "9999-12-31T00:00:00.000Z", permanent: true, active: true });
    const rest = await t.rest("GET", `/moderation/reports/${report.id}`, { token: await opToken() });
    expect(rest.body.report.reported.suspension).toEqual({ until: "9999-12-31T00:00:00.000Z", permanent: true, active: true });
    expect((await gqlOp(UNSUSPEND, { u: b.id, reason: "Appeal granted" })).errors).toBeUndefined();
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

  it("REST's audit log is the newest 200 actions in one list, the same as two of GraphQL's largest pages", async () => {
    const s = await student();
    const now = t.clock.now().getTime();
    for (let i = 1; i <= 205; i++) {
      const entry = { operatorId: op.id, actor: OPERATOR, action: "warn" as const, targetUserId: s.id, reason: `old warning ${i}` };
      await recordAction(t.dataSource, entry, new Date(now - i * 60_000));
    }
    const PAGE = `query ($after: String) { moderationAudit(first: 100, after: $after) { pageInfo { endCursor } edges { node { id } } } }`;
    const p1 = (await gqlOp(PAGE)).data.moderationAudit;
    const p2 = (await gqlOp(PAGE, { after: p1.pageInfo.endCursor })).data.moderationAudit;
    const rest = await t.rest("GET", "/moderation/audit", { token: await opToken() });
    expect(rest.status).toBe(200);
    expect(rest.body.actions.map((a: { id: string }) => a.id)).toEqual([...p1.edges, ...p2.edges].map((e: any) => e.node.id));
    expect(rest.body.actions).toHaveLength(200);
  });
});
