/**
 * The operator check lives in the moderation services, not in the doors: a job, a script or a
 * third door calling them directly gets the same FORBIDDEN as GraphQL and REST give, for every
 * read (counts, queues, one report, evidence, audit log) and every action, and nothing changes.
 */
import { withLatestMessages } from "./moderation.rest-adapters.js";
import { beforeAll, describe, expect, it } from "vitest";
import { chatPair, REPORT, SEND } from "../../../test/chat.js";
import { dbTargets, type TestApp } from "../../../test/harness.js";
import type { Services } from "../../services.js";
import { post } from "../implements/implements.test-support.js";
import { finishedPair, REPORT_REVIEW, TEXT_A, TEXT_B, WRITE } from "../reviews/reviews.test-support.js";
import { moderationSuite, OPERATOR, UNVERIFIED_OPERATOR } from "./moderation.test-support.js";
import { OPERATORS_ONLY } from "./operators.service.js";

const refused = { code: "FORBIDDEN", status: 403, message: OPERATORS_ONLY };

describe.each(dbTargets)("the moderation services check the caller on %s", (target) => {
  const { app, student } = moderationSuite(target);
  let t: TestApp;
  let m: Services["moderation"];
  let op: string;
  beforeAll(() => {
    ({ t } = app);
    op = app.op.id;
    m = t.app.services.moderation;
  });

  /** An open chat report (with a message as evidence) and an open review report, by id. */
  async function openReports() {
    const { a, b } = await chatPair(t);
    expect((await t.gql(SEND, { chatWith: b.id, body: "Evidence" }, a.token)).errors).toBeUndefined();
    expect((await t.gql(REPORT, { chatWith: a.id, reason: "HARASSMENT" }, b.token)).errors).toBeUndefined();
    const chatReport = (await m.queuePage(op, "open", {})).edges.map((e) => e.node).find((r) => r.reported?.id === a.id)!;
    const pair = await finishedPair(t);
    const review = (await t.gql(WRITE, { chatWith: pair.b.id, text: TEXT_A }, pair.a.token)).data.writeReview.id as string;
    expect((await t.gql(WRITE, { chatWith: pair.a.id, text: TEXT_B }, pair.b.token)).errors).toBeUndefined();
    expect((await t.gql(REPORT_REVIEW, { id: review, reason: "HARASSMENT" }, pair.b.token)).errors).toBeUndefined();
    const reviewReport = (await m.reviews.queuePage(op, "open", {})).edges.map((e) => e.node).find((r) => r.review?.id === review)!;
    return { chatReport, reviewReport, reported: a, reviewAuthor: pair.a };
  }

  it("refuses a student, an unverified listed address and an unknown id on every method, before anything else, and changes nothing", async () => {
    const { chatReport, reviewReport, reported } = await openReports();
    const owner = await student();
    const p = await post(t, { token: owner.token, user: owner.user }, "A post to hide");
    const s = await student();
    const unverified = await t.createUser({ email: UNVERIFIED_OPERATOR, emailVerifiedAt: null, visible: false });
    for (const caller of [s.user.id, unverified.user.id, "no-such-user"]) {
      const calls: Array<[string, () => Promise<unknown>]> = [
        ["stats", () => m.stats(caller)],
        ["queuePage", () => m.queuePage(caller, "open", {})],
        ["report", () => m.report(caller, chatReport.id)],
        ["evidence", () => m.evidence(caller, chatReport.chat!.id, {})],
        ["auditPage", () => m.auditPage(caller, {})],
        ["dismiss", () => m.dismiss(caller, chatReport.id, "Not a problem")],
        ["warn", () => m.warn(caller, reported.id, "Be kind", chatReport.id)],
        ["suspend", () => m.suspend(caller, reported.id, { days: 3, reason: "Spam", reportId: chatReport.id })],
        ["unsuspend", () => m.unsuspend(caller, reported.id, "Appeal")],
        ["hidePost", () => m.hidePost(caller, p.id, "Dishonest", chatReport.id)],
        ["reportedPosts", () => m.reportedPosts(caller, owner.user.id, {})],
        // Bad input is not looked at before the caller: still FORBIDDEN, as the doors answer.
        ["dismiss without a reason", () => m.dismiss(caller, "x", "")],
        ["reviews.queuePage", () => m.reviews.queuePage(caller, "open", {})],
        ["reviews.report", () => m.reviews.report(caller, reviewReport.id)],
        ["reviews.hide", () => m.reviews.hide(caller, reviewReport.id, "Untrue")],
        ["reviews.dismiss", () => m.reviews.dismiss(caller, reviewReport.id, "Fine")],
      ];
      for (const [name, call] of calls) {
        await expect(call(), `${name} as ${caller}`).rejects.toMatchObject(refused);
      }
    }
    // Nothing happened: both reports are still open, the student is not suspended, the post is shown, no audit row.
    expect((await m.report(op, chatReport.id)).resolvedAt).toBeNull();
    expect((await m.report(op, chatReport.id)).reported?.suspendedUntil).toBeNull();
    expect((await m.reviews.report(op, reviewReport.id)).resolvedAt).toBeNull();
    expect((await t.app.services.implementPosts.visibleOf(owner.user.id, 10, null)).map((x) => x.id)).toContain(p.id);
    const audit = (await m.auditPage(op, {})).edges.map((e) => e.node);
    expect(audit.filter((a) => [chatReport.id, reviewReport.id].includes(a.reportId!) || a.postId === p.id)).toEqual([]);
  });

  it("an operator reads and acts through the same methods", async () => {
    const { chatReport, reviewReport, reported, reviewAuthor } = await openReports();
    const owner = await student();
    const p = await post(t, { token: owner.token, user: owner.user }, "Another post to hide");

    const stats = await m.stats(op);
    expect(stats.openReports).toBeGreaterThanOrEqual(1);
    expect(stats.openReviewReports).toBeGreaterThanOrEqual(1);
    expect((await m.report(op, chatReport.id)).reported?.id).toBe(reported.id);
    expect((await withLatestMessages(m, op, await m.report(op, chatReport.id))).messages.map((x) => x.body)).toContain("Evidence");
    expect((await m.evidence(op, chatReport.chat!.id, {})).edges.map((e) => e.node.body)).toContain("Evidence");
    expect((await m.reviews.report(op, reviewReport.id)).author?.id).toBe(reviewAuthor.id);
    expect((await withLatestMessages(m, op, await m.reviews.report(op, reviewReport.id))).report.id).toBe(reviewReport.id);

    await m.warn(op, reported.id, "Be kind");
    await m.suspend(op, reported.id, { days: 3, reason: "Spam" });
    await m.unsuspend(op, reported.id, "Appeal");
    await m.hidePost(op, p.id, "Dishonest");
    await m.dismiss(op, chatReport.id, "Handled");
    await m.reviews.dismiss(op, reviewReport.id, "Fine");
    expect((await m.report(op, chatReport.id)).resolution).toBe("dismissed");
    expect((await m.reviews.report(op, reviewReport.id)).resolution).toBe("dismissed");
    const audit = (await m.auditPage(op, {})).edges.map((e) => e.node).slice(0, 6);
    expect(audit.map((a) => a.action).sort()).toEqual(["dismiss", "dismiss", "hide-post", "suspend", "unsuspend", "warn"]);
    expect(audit.every((a) => a.actor === OPERATOR)).toBe(true);
  });
});
