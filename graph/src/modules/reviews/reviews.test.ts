import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REVIEW_MESSAGES } from "../../../../common/reviews.js";
import { errorCode, errorMessage } from "../../../test/accounts.js";
import { advanceDays, CHAT_UPDATED, chatPair, student } from "../../../test/chat.js";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { captureStatements, countStatements } from "../../../test/profiles.js";
import { DAY } from "../../shared/clock.js";
import {
  ABOUT_ME,
  ANSWER,
  CHAT_REVIEW,
  finishedPair,
  nodes,
  PENDING,
  REPORT_REVIEW,
  REVIEWS_OF,
  TEXT_A,
  TEXT_B,
  WRITE,
} from "./reviews.test-support.js";

describe.each(dbTargets)("written reviews on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const write = (token: string, chatWith: string, text = TEXT_A) => t.gql(WRITE, { chatWith, text }, token);
  const profile = async (userId: string, token: string, first?: number, after?: string) => {
    const r = await t.gql(REVIEWS_OF, { userId, first, after }, token);
    expect(r.errors).toBeUndefined();
    return r.data.reviewsOf;
  };

  it("only members of a completed chat review, once each, with a length limit", async () => {
    const { a, b } = await chatPair(t);
    const outsider = await student(t);
    // In progress: not yet.
    const early = await write(a.token, b.id);
    expect(errorCode(early)).toBe("CONFLICT");
    expect(errorMessage(early)).toBe(REVIEW_MESSAGES.notFinished);
    // No chat with them, or oneself: not found.
    expect(errorCode(await write(outsider.token, b.id))).toBe("NOT_FOUND");
    expect(errorCode(await write(a.token, a.id))).toBe("NOT_FOUND");

    const done = await finishedPair(t, { a: 5, b: 3 });
    const short = await write(done.a.token, done.b.id, "  Too short.  ");
    expect(short.errors?.[0]).toMatchObject({ message: REVIEW_MESSAGES.tooShort, extensions: { code: "BAD_USER_INPUT", field: "text" } });
    expect(errorMessage(await write(done.a.token, done.b.id, "x".repeat(1001)))).toBe(REVIEW_MESSAGES.tooLong);
    // 1000 characters counted as code points: emoji are one each.
    const emoji = "🎸".repeat(1000);
    expect((await write(done.a.token, done.b.id, emoji)).errors).toBeUndefined();
    const again = await write(done.a.token, done.b.id, TEXT_A);
    expect(errorCode(again)).toBe("CONFLICT");
    expect(errorMessage(again)).toBe(REVIEW_MESSAGES.alreadyWritten);
    expect(errorCode(await write(outsider.token, done.a.id))).toBe("NOT_FOUND");
  });

  it("tells the first author's open chat page when the second review shows both (its 'shown when they write theirs' is over)", async () => {
    const { a, b } = await finishedPair(t);
    expect((await write(a.token, b.id, TEXT_A)).errors).toBeUndefined();
    const before = t.app.pubsub.listenerCount("CHAT_UPDATED");
    const subA = subscribe(t.wsClient(a.token), CHAT_UPDATED, { chatWith: b.id });
    await eventually(() => t.app.pubsub.listenerCount("CHAT_UPDATED") >= before + 1, "live subscription");
    expect((await write(b.token, a.id, TEXT_B)).errors).toBeUndefined();
    expect((await subA.next()).data.chatUpdated).toMatchObject({ status: "COMPLETED", partner: { id: b.id } });
    subA.dispose();
  });

  it("is double-blind: hidden from both until the second review, then shown with stars and the skill", async () => {
    const { a, b } = await finishedPair(t, { a: 5, b: 4 });
    const w = await write(a.token, b.id, TEXT_A);
    expect(w.errors).toBeUndefined();
    const mine = w.data.writeReview;
    expect(mine).toMatchObject({ visible: false, subjectId: b.id, skill: "Guitar", authorLearned: true, stars: 5, text: TEXT_A });
    expect(new Date(mine.visibleAt).getTime()).toBe(t.clock.now().getTime() + 14 * DAY);
    // Nobody can read it on b's profile yet, b included; the author sees it as pending and in the chat.
    for (const token of [a.token, b.token]) expect((await profile(b.id, token)).edges).toEqual([]);
    expect(nodes(await t.gql(ABOUT_ME, {}, b.token), "reviewsAboutMe")).toEqual([]);
    expect(nodes(await t.gql(PENDING, {}, a.token), "myPendingReviews").map((r: any) => r.id)).toEqual([mine.id]);
    expect(nodes(await t.gql(PENDING, {}, b.token), "myPendingReviews")).toEqual([]);
    const aChat = (await t.gql(CHAT_REVIEW, { chatWith: b.id }, a.token)).data.chat.review;
    expect(aChat).toMatchObject({ canWrite: false, reason: null, mine: { id: mine.id, visible: false } });
    const bChat = (await t.gql(CHAT_REVIEW, { chatWith: a.id }, b.token)).data.chat.review;
    expect(bChat).toMatchObject({ canWrite: true, reason: null, mine: null });
    // The REST door keeps it blind too.
    expect((await t.rest("GET", `/user/${b.id}/reviews`, { token: b.token })).body.reviews).toEqual([]);

    t.clock.advance(60_000);
    const second = await write(b.token, a.id, TEXT_B);
    expect(second.data.writeReview).toMatchObject({ visible: true, skill: "React", authorLearned: true, stars: 4 });
    const shown = (await profile(b.id, outsiderToken())).edges.map((e: any) => e.node);
    expect(shown).toEqual([
      expect.objectContaining({
        id: mine.id,
        visible: true,
        text: TEXT_A,
        author: expect.objectContaining({ id: a.id, name: a.user.name }),
      }),
    ]);
    expect(new Date(shown[0].visibleAt).getTime()).toBe(t.clock.now().getTime());
    expect((await profile(a.id, a.token)).edges.map((e: any) => e.node.text)).toEqual([TEXT_B]);
    expect(nodes(await t.gql(PENDING, {}, a.token), "myPendingReviews")).toEqual([]);
  });

  let outsider: { token: string } | null = null;
  const outsiderToken = () => outsider!.token;
  beforeAll(async () => {
    outsider = await student(t);
  });

  it("shows a lone review 14 days after the finish, and no new review after that (moved clock)", async () => {
    const { a, b } = await finishedPair(t);
    const id = (await write(a.token, b.id)).data.writeReview.id;
    await advanceDays(t, 13);
    expect((await profile(b.id, b.token)).edges).toEqual([]);
    expect((await t.gql(CHAT_REVIEW, { chatWith: a.id }, b.token)).data.chat.review.canWrite).toBe(true);
    await advanceDays(t, 1);
    expect((await profile(b.id, b.token)).edges.map((e: any) => e.node.id)).toEqual([id]);
    const late = await write(b.token, a.id, TEXT_B);
    expect(errorCode(late)).toBe("CONFLICT");
    expect(errorMessage(late)).toBe(REVIEW_MESSAGES.windowClosed);
    expect((await t.gql(CHAT_REVIEW, { chatWith: a.id }, b.token)).data.chat.review).toMatchObject({
      canWrite: false,
      reason: REVIEW_MESSAGES.windowClosed,
    });
  });

  it("refuses a review when either student blocked the other", async () => {
    const { a, b } = await finishedPair(t);
    await t.app.services.deps.tx((em) => t.app.services.blocks.block(b.id, a.id, "reported", em));
    const r = await write(a.token, b.id);
    expect(errorCode(r)).toBe("FORBIDDEN");
    expect(errorMessage(r)).toBe(REVIEW_MESSAGES.blocked);
    expect((await t.gql(CHAT_REVIEW, { chatWith: b.id }, a.token)).data.chat.review).toMatchObject({
      canWrite: false,
      reason: REVIEW_MESSAGES.blocked,
    });
  });

  it("lets only the reviewed student answer a shown review, once, publicly", async () => {
    const { a, b } = await finishedPair(t);
    const id = (await write(a.token, b.id)).data.writeReview.id;
    // Not shown yet: nothing to answer.
    expect(errorCode(await t.gql(ANSWER, { id, text: "Thanks!" }, b.token))).toBe("NOT_FOUND");
    await write(b.token, a.id, TEXT_B);
    expect(errorCode(await t.gql(ANSWER, { id, text: "My own review" }, a.token))).toBe("FORBIDDEN");
    expect(errorCode(await t.gql(ANSWER, { id, text: "Not mine" }, outsiderToken()))).toBe("NOT_FOUND");
    expect(errorMessage(await t.gql(ANSWER, { id, text: "   " }, b.token))).toBe(REVIEW_MESSAGES.answerEmpty);
    expect(errorMessage(await t.gql(ANSWER, { id, text: "y".repeat(501) }, b.token))).toBe(REVIEW_MESSAGES.answerTooLong);
    const ok = await t.gql(ANSWER, { id, text: "Thank you, it was fun!" }, b.token);
    expect(ok.data.answerReview).toMatchObject({ answer: "Thank you, it was fun!" });
    const again = await t.gql(ANSWER, { id, text: "Changed my mind" }, b.token);
    expect(errorCode(again)).toBe("CONFLICT");
    expect(errorMessage(again)).toBe(REVIEW_MESSAGES.alreadyAnswered);
    expect((await profile(b.id, outsiderToken())).edges[0].node.answer).toBe("Thank you, it was fun!");
    // REST: the same rule.
    const rest = await t.rest("POST", `/reviews/${id}/answer`, { token: b.token, body: { text: "Again" } });
    expect(rest.status).toBe(409);
  });

  it("pages a profile's reviews newest shown first without gaps, in a fixed number of statements", async () => {
    const subject = await student(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { a } = await finishedPair(t, {}, subject);
      const w = await write(a.token, subject.id, `${TEXT_A} (${i})`);
      expect(w.errors).toBeUndefined();
      expect((await write(subject.token, a.id, TEXT_B)).errors).toBeUndefined();
      ids.unshift(w.data.writeReview.id);
      t.clock.advance(1000);
    }
    const first = await profile(subject.id, outsiderToken(), 2);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await profile(subject.id, outsiderToken(), 2, first.pageInfo.endCursor);
    const third = await profile(subject.id, outsiderToken(), 2, second.pageInfo.endCursor);
    expect(third.pageInfo.hasNextPage).toBe(false);
    expect([...first.edges, ...second.edges, ...third.edges].map((e: any) => e.node.id)).toEqual(ids);

    // GraphQL page: token check, reviews, authors (one batched read) = 3 statements for any page size.
    const token = outsiderToken();
    const g2 = await countStatements(t, () => t.gql(REVIEWS_OF, { userId: subject.id, first: 2 }, token));
    const g5 = await countStatements(t, () => t.gql(REVIEWS_OF, { userId: subject.id, first: 5 }, token));
    expect([g2.count, g5.count]).toEqual([3, 3]);
    const r5 = await countStatements(t, () => t.rest("GET", `/user/${subject.id}/reviews?first=5`, { token }));
    expect(r5.count).toBe(3);
    // The page is an index walk of idx_reviews_subject_visible: no scan, no sort (a second page too).
    const [pageRead] = (
      await captureStatements(t, () => t.gql(REVIEWS_OF, { userId: subject.id, first: 2, after: first.pageInfo.endCursor }, token))
    ).filter((s) => s.sql.includes("FROM reviews"));
    const plan =
      target === "sqlite"
        ? (await t.dataSource.query(`EXPLAIN QUERY PLAN ${pageRead!.sql}`, pageRead!.params))
            .map((r: { detail: string }) => r.detail)
            .join("\n")
        : (await t.dataSource.query(`EXPLAIN ${pageRead!.sql}`, pageRead!.params))
            .map((r: { type: string; key: string; Extra: string | null }) => `${r.type} ${r.key} ${r.Extra ?? ""}`)
            .join("\n");
    expect(plan).toContain("idx_reviews_subject_visible");
    expect(plan).not.toMatch(/TEMP B-TREE|filesort|temporary|^ALL/im);
    const rest = await t.rest("GET", `/user/${subject.id}/reviews?first=3`, { token });
    expect(rest.body.reviews.map((r: { id: string }) => r.id)).toEqual(ids.slice(0, 3));
    const restNext = await t.rest("GET", `/user/${subject.id}/reviews?first=3&after=${rest.body.nextCursor}`, { token });
    expect(restNext.body.reviews.map((r: { id: string }) => r.id)).toEqual(ids.slice(3));
    expect(restNext.body.nextCursor).toBeNull();
    expect(errorMessage(await t.gql(REVIEWS_OF, { userId: subject.id, after: "bogus" }, token))).toBe("Invalid cursor");
  });

  it("serves the same rules over REST", async () => {
    const { a, b } = await finishedPair(t);
    expect((await t.rest("POST", `/user/chat/${b.id}/review`, { token: a.token, body: { text: "short" } })).status).toBe(400);
    const w = await t.rest("POST", `/user/chat/${b.id}/review`, { token: a.token, body: { text: TEXT_A } });
    expect(w.status).toBe(200);
    expect(w.body.review).toMatchObject({ visible: false, author: { id: a.id }, stars: 5, skill: "Guitar", authorLearned: true });
    expect((await t.rest("POST", `/user/chat/${b.id}/review`, { token: a.token, body: { text: TEXT_A } })).status).toBe(409);
    expect((await t.rest("GET", "/reviews/pending", { token: a.token })).body.reviews.map((r: any) => r.id)).toEqual([w.body.review.id]);
    const state = await t.rest("GET", `/user/chat/${a.id}/review`, { token: b.token });
    expect(state.body).toMatchObject({ canWrite: true, mine: null });
    await t.rest("POST", `/user/chat/${a.id}/review`, { token: b.token, body: { text: TEXT_B } });
    const received = await t.rest("GET", "/reviews/received", { token: b.token });
    expect(received.body.reviews).toEqual([expect.objectContaining({ id: w.body.review.id, visible: true, reportedByMe: false })]);
    expect((await t.rest("POST", `/reviews/${w.body.review.id}/report`, { token: a.token, body: { reason: "Spam" } })).status).toBe(403);
    expect((await t.rest("GET", `/user/${b.id}/reviews`)).status).toBe(401);
  });

  (target === "mysql" ? it : onlyOnMysql)("shows both reviews when the two are written at the same moment", async () => {
    const { a, b } = await finishedPair(t);
    const [x, y] = await Promise.all([write(a.token, b.id, TEXT_A), write(b.token, a.id, TEXT_B)]);
    expect(x.errors).toBeUndefined();
    expect(y.errors).toBeUndefined();
    expect((await profile(b.id, b.token)).edges).toHaveLength(1);
    expect((await profile(a.id, a.token)).edges).toHaveLength(1);
  });

  it("lets the reviewed student report a review once; other reasons need their words", async () => {
    const { a, b } = await finishedPair(t);
    const id = (await write(a.token, b.id)).data.writeReview.id;
    await write(b.token, a.id, TEXT_B);
    expect(errorCode(await t.gql(REPORT_REVIEW, { id, reason: "OTHER" }, b.token))).toBe("BAD_USER_INPUT");
    expect(errorCode(await t.gql(REPORT_REVIEW, { id, reason: "SPAM_OR_SCAM" }, a.token))).toBe("FORBIDDEN");
    expect((await t.gql(REPORT_REVIEW, { id, reason: "HARASSMENT" }, b.token)).data.reportReview).toEqual({ id, reportedByMe: true });
    expect(errorMessage(await t.gql(REPORT_REVIEW, { id, reason: "SPAM_OR_SCAM" }, b.token))).toBe(REVIEW_MESSAGES.alreadyReported);
    expect(nodes(await t.gql(ABOUT_ME, {}, b.token), "reviewsAboutMe")).toEqual([expect.objectContaining({ id, reportedByMe: true })]);
  });
});

/** A case that needs MariaDB's concurrency is not declared for SQLite at all (CI refuses skipped tests). */
function onlyOnMysql(_name: string, _fn: () => Promise<void>, _timeout?: number): void {}
