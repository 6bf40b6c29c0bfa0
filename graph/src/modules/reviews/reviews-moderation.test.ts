import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, errorMessage, studentEmail } from "../../../test/accounts.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { hashPassword } from "../accounts/passwords.js";
import { ABOUT_ME, finishedPair, REPORT_REVIEW, REVIEWS_OF, TEXT_A, TEXT_B, WRITE, ANSWER } from "./reviews.test-support.js";

const OPERATOR = "90z900@psgtech.ac.in";
const PASSWORD = "my own password";
const QUEUE = `query ($status: ModerationReportStatus) { moderationReviewReports(status: $status) { edges { node {
  id reason details resolution reporter { id } author { id }
  review { id text stars skill hidden }
  chat { id status messages { edges { node { body } } } }
} } } }`;
const HIDE = `mutation ($r: ID!, $reason: String!) { hideReview(reportId: $r, reason: $reason) }`;
const DISMISS = `mutation ($r: ID!, $reason: String!) { dismissReviewReport(reportId: $r, reason: $reason) }`;
const AUDIT = `{ moderationAudit { edges { node { actor action targetUserId reportId reason details } } } }`;

describe.each(dbTargets)("reported reviews, export and deletion on %s", (target) => {
  let t: TestApp;
  let op: string;
  beforeAll(async () => {
    t = await startTestApp(target, { env: { OPERATOR_EMAILS: OPERATOR } });
    op = (await t.createUser({ email: OPERATOR, name: "Operator One" })).user.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  const opGql = async (q: string, v?: Record<string, unknown>) =>
    t.gql(q, v, await t.app.services.auth.issueToken({ id: op, tokenVersion: 0 }));

  /** A finished swap with both reviews shown and a few messages as evidence; returns a's review of b. */
  async function shownReviews() {
    const pair = await finishedPair(t, { message: "Thanks for the lesson" });
    const { a, b } = pair;
    const id = (await t.gql(WRITE, { chatWith: b.id, text: TEXT_A }, a.token)).data.writeReview.id as string;
    const other = (await t.gql(WRITE, { chatWith: a.id, text: TEXT_B }, b.token)).data.writeReview.id as string;
    return { ...pair, id, other };
  }

  it("a report reaches the queue with the review and the chat's evidence; hiding it is audited and removes it from the profile", async () => {
    const { a, b, id } = await shownReviews();
    const openCount = async () => (await opGql(`{ moderationStats { openReviewReports } }`)).data.moderationStats.openReviewReports;
    const before = await openCount();
    expect((await t.gql(REPORT_REVIEW, { id, reason: "INAPPROPRIATE_BEHAVIOR", details: "Not true" }, b.token)).errors).toBeUndefined();
    expect(await openCount()).toBe(before + 1);
    // Students cannot read the queue.
    expect(errorCode(await t.gql(QUEUE, {}, b.token))).toBe("FORBIDDEN");
    const queue = (await opGql(QUEUE, { status: "OPEN" })).data.moderationReviewReports.edges.map((e: any) => e.node);
    const item = queue.find((r: any) => r.review?.id === id);
    expect(item).toMatchObject({
      reason: "Inappropriate behavior",
      details: "Not true",
      resolution: null,
      reporter: { id: b.id },
      author: { id: a.id },
      review: { id, text: TEXT_A, stars: 5, skill: "Guitar", hidden: false },
      chat: { status: "COMPLETED", messages: { edges: [{ node: { body: "Thanks for the lesson" } }] } },
    });
    // REST shows the same item with the messages.
    const restItem = await t.rest("GET", `/moderation/review-reports/${item.id}`, {
      token: await t.app.services.auth.issueToken({ id: op, tokenVersion: 0 }),
    });
    expect(restItem.body.messages.map((m: { body: string }) => m.body)).toEqual(["Thanks for the lesson"]);

    expect(errorCode(await opGql(HIDE, { r: item.id, reason: "" }))).toBe("BAD_USER_INPUT");
    expect((await opGql(HIDE, { r: item.id, reason: "Untrue claims about the partner" })).data).toEqual({ hideReview: true });
    expect(errorCode(await opGql(HIDE, { r: item.id, reason: "again" }))).toBe("CONFLICT");
    expect(await openCount()).toBe(before);
    const audit = (await opGql(AUDIT)).data.moderationAudit.edges.map((e: any) => e.node);
    expect(audit.find((x: any) => x.action === "HIDE_REVIEW")).toMatchObject({
      actor: OPERATOR,
      targetUserId: a.id,
      reportId: item.id,
      reason: "Untrue claims about the partner",
      details: `review ${id}`,
    });
    // Gone from the profile, from "about you", and no longer answerable.
    expect((await t.gql(REVIEWS_OF, { userId: b.id }, a.token)).data.reviewsOf.edges).toEqual([]);
    expect((await t.gql(ABOUT_ME, {}, b.token)).data.reviewsAboutMe.edges).toEqual([]);
    expect(errorCode(await t.gql(ANSWER, { id, text: "hello" }, b.token))).toBe("NOT_FOUND");
    const resolved = (await opGql(QUEUE, { status: "RESOLVED" })).data.moderationReviewReports.edges.map((e: any) => e.node);
    expect(resolved.find((r: any) => r.id === item.id)).toMatchObject({ resolution: "HIDDEN", review: { hidden: true } });
  });

  it("dismissing a report keeps the review shown, audited as a dismissal; REST refuses students", async () => {
    const { b, id } = await shownReviews();
    await t.rest("POST", `/reviews/${id}/report`, { token: b.token, body: { reason: "Spam or scam" } });
    const opToken = await t.app.services.auth.issueToken({ id: op, tokenVersion: 0 });
    const list = await t.rest("GET", "/moderation/review-reports", { token: opToken });
    const report = list.body.reports.find((r: any) => r.review?.id === id);
    expect(report).toMatchObject({ reason: "Spam or scam", resolution: null });
    expect(
      (await t.rest("POST", `/moderation/review-reports/${report.id}/dismiss`, { token: b.token, body: { reason: "x" } })).status,
    ).toBe(403);
    expect((await opGql(DISMISS, { r: report.id, reason: "Fair review" })).data).toEqual({ dismissReviewReport: true });
    const hide = await t.rest("POST", `/moderation/review-reports/${report.id}/hide`, { token: opToken, body: { reason: "late" } });
    expect(hide.status).toBe(409);
    expect((await t.gql(REVIEWS_OF, { userId: b.id }, b.token)).data.reviewsOf.edges.map((e: any) => e.node.id)).toEqual([id]);
    const audit = (await opGql(AUDIT)).data.moderationAudit.edges.map((e: any) => e.node);
    expect(audit.find((x: any) => x.reportId === report.id)).toMatchObject({ action: "DISMISS", reason: "Fair review" });
  });

  it("exports reviews written and received, and erases them with the account of either student", async () => {
    const { a, b, id, other } = await shownReviews();
    expect((await t.gql(ANSWER, { id, text: "Thanks a lot" }, b.token)).errors).toBeUndefined();
    const data = JSON.parse((await t.gql(`{ myDataExport }`, {}, b.token)).data.myDataExport);
    expect(data.reviews.written).toEqual([expect.objectContaining({ id: other, aboutId: a.id, text: TEXT_B })]);
    expect(data.reviews.received).toEqual([
      expect.objectContaining({ id, authorId: a.id, text: TEXT_A, answer: "Thanks a lot", stars: 5 }),
    ]);

    // b deletes their account: the review they wrote (on a's profile) and the one about them go, answer included.
    const hash = await hashPassword(PASSWORD);
    await t.dataSource.query("UPDATE users SET passwordHash = ?, email = ? WHERE id = ?", [hash, studentEmail(), b.id]);
    expect((await t.gql(`mutation ($p: String!) { deleteAccount(password: $p) }`, { p: PASSWORD }, b.token)).data).toEqual({
      deleteAccount: true,
    });
    expect((await t.gql(REVIEWS_OF, { userId: a.id }, a.token)).data.reviewsOf.edges).toEqual([]);
    const left = await t.dataSource.query("SELECT id FROM reviews WHERE authorId = ? OR subjectId = ?", [b.id, b.id]);
    expect(left).toEqual([]);
    const aData = JSON.parse((await t.gql(`{ myDataExport }`, {}, a.token)).data.myDataExport);
    expect(aData.reviews).toEqual({ written: [], received: [], reportsMade: [] });
  });

  it("a pending review stays out of the subject's export", async () => {
    const { a, b } = await finishedPair(t);
    await t.gql(WRITE, { chatWith: b.id, text: TEXT_A }, a.token);
    expect(JSON.parse((await t.gql(`{ myDataExport }`, {}, b.token)).data.myDataExport).reviews.received).toEqual([]);
    expect(JSON.parse((await t.gql(`{ myDataExport }`, {}, a.token)).data.myDataExport).reviews.written).toHaveLength(1);
    expect(errorMessage(await t.gql(REPORT_REVIEW, { id: "nope", reason: "HARASSMENT" }, b.token))).toBe("Review not found");
  });
});
