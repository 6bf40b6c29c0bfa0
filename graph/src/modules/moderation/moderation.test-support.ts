/** The moderation suites' app, documents and helpers (not a test file itself). */
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { studentEmail } from "../../../test/accounts.js";
import { type DbTarget, startTestApp, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";
import { hashPassword } from "../accounts/passwords.js";
import { checkLedgerInvariants } from "../coins/ledger.invariants.js";

export const OPERATOR = "90z900@psgtech.ac.in";
export const UNVERIFIED_OPERATOR = "91z901@psgtech.ac.in";
export const PASSWORD = "a student password";

export const STATS = `{ moderationStats { studentsVerified studentsUnverified activeChats openReports openReviewReports coinsInCirculation coinsInEscrow } }`;
export const QUEUE = `query ($status: ModerationReportStatus!) { moderationReports(status: $status) { edges { node {
  id reason details createdAt resolvedAt resolution reportedBy flagged
  reporter { id name } reported { id name suspendedUntil }
  chat { id kind status coins escrow { coins state } }
  reportedPosts { edges { node { id title } } }
} } } }`;
export const EVIDENCE = `query ($id: ID!) { moderationReport(id: $id) { id chat { messageCount messages { edges { node { seq fromUserId body } } } } } }`;
export const AUDIT = `{ moderationAudit { edges { node { actor action targetUserId reportId postId reason details } } } }`;
export const DISMISS = `mutation ($r: ID!, $reason: String!) { dismissReport(reportId: $r, reason: $reason) }`;
export const WARN = `mutation ($u: ID!, $reason: String!, $r: ID) { warnStudent(userId: $u, reason: $reason, reportId: $r) }`;
export const SUSPEND = `mutation ($input: SuspendStudentInput!) { suspendStudent(input: $input) }`;
export const UNSUSPEND = `mutation ($u: ID!, $reason: String!) { unsuspendStudent(userId: $u, reason: $reason) }`;
export const HIDE = `mutation ($p: ID!, $reason: String!) { hideImplementPost(postId: $p, reason: $reason) }`;
export const LOGIN = `mutation ($i: LoginInput!) { login(input: $i) { token } }`;
export const BOARD = `{ leaderboard(first: 100) { edges { node { userId } } } }`;

/**
 * One app per suite with two operator addresses configured (OPERATOR signed up), the ledger checked
 * after every test, and the helpers below. The suite's own `beforeAll` (registered after this call)
 * reads `app.t` and `app.op`.
 */
export function moderationSuite(target: DbTarget) {
  const app = {} as { t: TestApp; op: { id: string; token: string } };
  let passwordHash: string;
  beforeAll(async () => {
    app.t = await startTestApp(target, { env: { OPERATOR_EMAILS: `${OPERATOR},${UNVERIFIED_OPERATOR}` } });
    passwordHash = await hashPassword(PASSWORD);
    const o = await app.t.createUser({ email: OPERATOR, name: "Operator One" });
    app.op = { id: o.user.id, token: o.token };
  });
  afterEach(async () => {
    if (app.t) expect(await checkLedgerInvariants(app.t.dataSource)).toEqual([]);
  });
  afterAll(async () => {
    await app.t?.close();
  });

  /** Tokens live 7 days and these suites move the clock: the operator signs in afresh for each call. */
  const opToken = () => app.t.app.services.auth.issueToken({ id: app.op.id, tokenVersion: 0 });
  const gqlOp = async (q: string, v?: Record<string, unknown>) => app.t.gql(q, v, await opToken());
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
    const s = await filledStudent(app.t, { ...opts, overrides: { email, passwordHash } });
    return { ...s, email };
  }
  async function openChat(a: { id: string }, b: { id: string }) {
    const s = app.t.app.services;
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

  return { app, opToken, gqlOp, lastAudit, queue, student, openChat };
}
