import { notificationsOf } from "../../../test/notifications.js";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { Chat, pairOf } from "../chat/chat.entity.js";
import { ImplementApplicant } from "./implement-applicant.entity.js";
import { CHAT_ENDED } from "./implement-applicants.service.js";
import { MAX_APPLICANTS_PER_POST, MESSAGES } from "./implement.rules.js";
import {
  ACCEPT,
  code,
  DETAILS,
  join,
  listAll,
  message,
  post,
  REJECT,
  REJECT_PERMANENTLY,
  type TestUser,
} from "./implements.test-support.js";

describe.each(dbTargets)("implement applicants on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const chatsBetween = (a: TestUser, b: TestUser) => t.dataSource.getRepository(Chat).count({ where: pairOf(a.user.id, b.user.id) });
  const notesFor = (u: TestUser) => notificationsOf(t, u.user.id);

  async function withApplicant() {
    const [owner, applicant] = [await t.createUser(), await t.createUser()];
    const p = await post(t, owner, "Line follower robot");
    expect((await join(t, applicant, p.id, "I built one last year")).errors).toBeUndefined();
    return { owner, applicant, p, input: { postId: p.id, userId: applicant.user.id } };
  }

  it("joins with a reason: pending, shown to the owner and to the applicant only", async () => {
    const { owner, applicant, p } = await withApplicant();
    const stranger = await t.createUser();
    t.clock.advance(1000); // applicants are listed in the order they asked
    await join(t, stranger, p.id, "Me too");
    const asOwner = (await t.gql(DETAILS, { id: p.id }, owner.token)).data.implementPost;
    expect(asOwner.applicants.edges.map((e: any) => e.node).map((a: { userId: string }) => a.userId)).toEqual([
      applicant.user.id,
      stranger.user.id,
    ]);
    expect(asOwner.applicants.edges.map((e: any) => e.node)[0]).toMatchObject({
      userName: applicant.user.name,
      description: "I built one last year",
      status: "PENDING",
      user: { name: applicant.user.name },
    });
    const asApplicant = (await t.gql(DETAILS, { id: p.id }, applicant.token)).data.implementPost;
    expect(asApplicant.myApplication).toEqual({ status: "PENDING" });
    expect(asApplicant.applicants.edges.map((e: any) => e.node).map((a: { userId: string }) => a.userId)).toEqual([applicant.user.id]);
  });

  it("pages a post's applicants in the order they asked", async () => {
    const { owner, applicant, p } = await withApplicant();
    const others = [await t.createUser(), await t.createUser()];
    for (const o of others) {
      t.clock.advance(1000);
      await join(t, o, p.id, "Count me in");
    }
    const PAGE = `query ($id: ID!, $after: String) { implementPost(id: $id) { applicants(first: 2, after: $after) { pageInfo { hasNextPage endCursor } edges { node { userId } } } } }`;
    const first = (await t.gql(PAGE, { id: p.id }, owner.token)).data.implementPost.applicants;
    expect(first.edges.map((e: any) => e.node.userId)).toEqual([applicant.user.id, others[0].user.id]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = (await t.gql(PAGE, { id: p.id, after: first.pageInfo.endCursor }, owner.token)).data.implementPost.applicants;
    expect(rest.edges).toEqual([{ node: { userId: others[1].user.id } }]);
    expect(rest.pageInfo.hasNextPage).toBe(false);
  });

  it("refuses a blank or too long reason to join, one's own post and joining twice", async () => {
    const { owner, applicant, p } = await withApplicant();
    const other = await t.createUser();
    const blank = await join(t, other, p.id, "   ");
    expect([code(blank), message(blank)]).toEqual(["BAD_USER_INPUT", MESSAGES.joinReasonRequired]);
    expect(message(await join(t, other, p.id, "x".repeat(1001)))).toBe(MESSAGES.joinReasonTooLong);
    expect(code(await join(t, owner, p.id))).toBe("FORBIDDEN");
    expect(code(await join(t, applicant, p.id))).toBe("CONFLICT");
    expect(await t.dataSource.getRepository(ImplementApplicant).count({ where: { postId: p.id } })).toBe(1);
  });

  it("keeps one application when the same student joins concurrently", async () => {
    const [owner, student] = [await t.createUser(), await t.createUser()];
    const p = await post(t, owner);
    const results = await Promise.all(Array.from({ length: 6 }, () => join(t, student, p.id)));
    expect(results.filter((r) => !r.errors)).toHaveLength(1);
    for (const r of results.filter((x) => x.errors)) expect(code(r)).toBe("CONFLICT");
    expect(await t.dataSource.getRepository(ImplementApplicant).count({ where: { postId: p.id } })).toBe(1);
  });

  it(`never takes more than ${MAX_APPLICANTS_PER_POST} applicants, however many students join at once`, async () => {
    const owner = await t.createUser();
    const p = await post(t, owner);
    const students: TestUser[] = [];
    for (let i = 0; i < MAX_APPLICANTS_PER_POST + 10; i++) students.push(await t.createUser());
    // All but the last 5 places taken already (written directly: the joins themselves are tested above).
    const now = new Date();
    await t.dataSource.getRepository(ImplementApplicant).insert(
      students.slice(0, MAX_APPLICANTS_PER_POST - 5).map((s) => ({
        id: randomUUID(),
        postId: p.id,
        userId: s.user.id,
        userName: s.user.name,
        description: "I can help",
        status: "pending" as const,
        reason: null,
        createdAt: now,
        updatedAt: now,
      })),
    );
    // 15 students ask for the last 5 places at once.
    const results = await Promise.all(students.slice(MAX_APPLICANTS_PER_POST - 5).map((s) => join(t, s, p.id)));
    expect(results.filter((r) => !r.errors)).toHaveLength(5);
    for (const r of results.filter((x) => x.errors)) expect(message(r)).toBe(MESSAGES.tooManyApplicants);
    expect(await t.dataSource.getRepository(ImplementApplicant).count({ where: { postId: p.id } })).toBe(MAX_APPLICANTS_PER_POST);
  });

  it("accepts: applicant accepted, told with acceptImplementUser, and one chat about the post opens", async () => {
    const { owner, applicant, p, input } = await withApplicant();
    const r = await t.gql(ACCEPT, { input }, owner.token);
    expect(r.data.acceptImplementApplicant).toEqual({ userId: applicant.user.id, status: "ACCEPTED", reason: null });
    const notes = await notesFor(applicant);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "acceptImplementUser", refId: p.id, notifier: { id: owner.user.id } });
    expect(notes[0].message).toContain("Line follower robot");
    const chat = await t.app.services.chatOpen.findBetween(owner.user.id, applicant.user.id, t.dataSource);
    expect(chat).toMatchObject({
      kind: "implement",
      title: "Line follower robot",
      requesterId: applicant.user.id,
      receiverId: owner.user.id,
      status: "in_progress",
    });
    // accepting again changes nothing
    expect((await t.gql(ACCEPT, { input }, owner.token)).data.acceptImplementApplicant.status).toBe("ACCEPTED");
    expect(await notesFor(applicant)).toHaveLength(1);
    expect(await chatsBetween(owner, applicant)).toBe(1);
    expect((await t.gql(DETAILS, { id: p.id }, applicant.token)).data.implementPost.myApplication).toEqual({ status: "ACCEPTED" });
  });

  it("opens exactly one chat and sends one notification for concurrent accepts, across two posts too", async () => {
    const { owner, applicant, p, input } = await withApplicant();
    const second = await post(t, owner, "Second project");
    await join(t, applicant, second.id);
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.gql(ACCEPT, { input: i % 2 ? input : { postId: second.id, userId: applicant.user.id } }, owner.token),
      ),
    );
    for (const r of results) expect(r.data?.acceptImplementApplicant.status).toBe("ACCEPTED");
    expect(await chatsBetween(owner, applicant)).toBe(1);
    const notes = await notesFor(applicant);
    expect(notes.map((n) => n.refId).sort()).toEqual([p.id, second.id].sort());
  });

  it("still accepts when the pair already has a chat, opening no second one", async () => {
    const { owner, applicant, input } = await withApplicant();
    const existing = await t.app.services.deps.tx((em) =>
      t.app.services.chatOpen.open({ kind: "swap", requesterId: owner.user.id, receiverId: applicant.user.id }, em),
    );
    expect((await t.gql(ACCEPT, { input }, owner.token)).data.acceptImplementApplicant.status).toBe("ACCEPTED");
    expect(await chatsBetween(owner, applicant)).toBe(1);
    expect(await t.app.services.chatOpen.findBetween(owner.user.id, applicant.user.id, t.dataSource)).toMatchObject({
      id: existing.id,
      kind: "swap",
    });
    expect((await notesFor(applicant))[0].type).toBe("acceptImplementUser");
  });

  it("does not promise a chat when the pair's one chat has ended (a swap they finished)", async () => {
    const { owner, applicant, p, input } = await withApplicant();
    const ended = await t.app.services.deps.tx((em) =>
      t.app.services.chatOpen.open({ kind: "swap", requesterId: owner.user.id, receiverId: applicant.user.id }, em),
    );
    await t.dataSource.getRepository(Chat).update({ id: ended.id }, { status: "completed", endedAt: new Date() });
    expect((await t.gql(ACCEPT, { input }, owner.token)).data.acceptImplementApplicant.status).toBe("ACCEPTED");
    const [note] = await notesFor(applicant);
    expect(note.message).toBe(`Your request to join "${p.title}" was accepted. ${CHAT_ENDED}`);
    expect(await chatsBetween(owner, applicant)).toBe(1);
    // An open chat (the test above) is promised.
    const other = await withApplicant();
    await t.gql(ACCEPT, { input: other.input }, other.owner.token);
    expect((await notesFor(other.applicant))[0].message).toMatch(/was accepted\. You can now chat with the owner\.$/);
  });

  it("lets only the owner accept or reject, changing nothing otherwise", async () => {
    const { applicant, p, input } = await withApplicant();
    const other = await t.createUser();
    expect(code(await t.gql(ACCEPT, { input }, other.token))).toBe("FORBIDDEN");
    expect(code(await t.gql(ACCEPT, { input }, applicant.token))).toBe("FORBIDDEN");
    expect(code(await t.gql(REJECT, { input: { ...input, reason: "INCOMPLETE_PROFILE" } }, other.token))).toBe("FORBIDDEN");
    expect(code(await t.gql(REJECT_PERMANENTLY, { input: { ...input, reason: "INCOMPLETE_PROFILE" } }, applicant.token))).toBe("FORBIDDEN");
    expect(code(await t.gql(ACCEPT, { input }))).toBe("UNAUTHENTICATED");
    const row = await t.dataSource.getRepository(ImplementApplicant).findOneByOrFail({ postId: p.id, userId: applicant.user.id });
    expect(row.status).toBe("pending");
    expect(await notesFor(applicant)).toHaveLength(0);
    expect(await t.app.services.chatOpen.existsBetween(other.user.id, applicant.user.id, t.dataSource)).toBe(false);
  });

  it("answers NOT_FOUND for a student who never asked or a missing post", async () => {
    const { owner, p } = await withApplicant();
    const stranger = await t.createUser();
    expect(code(await t.gql(ACCEPT, { input: { postId: p.id, userId: stranger.user.id } }, owner.token))).toBe("NOT_FOUND");
    expect(code(await t.gql(ACCEPT, { input: { postId: "missing", userId: stranger.user.id } }, owner.token))).toBe("NOT_FOUND");
  });

  it("needs a reason to reject: a listed one, or Other with text", async () => {
    const { owner, applicant, input } = await withApplicant();
    // GraphQL takes only the listed reasons (an enum); REST's free text gets the spec's message (implements.rest.test.ts).
    for (const reason of ["", "Because", "Incomplete Profile"]) {
      for (const m of [REJECT, REJECT_PERMANENTLY])
        expect(code(await t.gql(m, { input: { ...input, reason } }, owner.token))).toBe("BAD_USER_INPUT");
    }
    for (const [fields, text] of [
      [{ reason: "OTHER" }, MESSAGES.otherReasonRequired],
      [{ reason: "OTHER", otherReason: "   " }, MESSAGES.otherReasonRequired],
      [{ reason: "OTHER", otherReason: "x".repeat(301) }, MESSAGES.rejectReasonTooLong],
    ] as const) {
      for (const m of [REJECT, REJECT_PERMANENTLY]) {
        const r = await t.gql(m, { input: { ...input, ...fields } }, owner.token);
        expect([code(r), message(r)]).toEqual(["BAD_USER_INPUT", text]);
      }
    }
    expect(await notesFor(applicant)).toHaveLength(0);
    const ok = await t.gql(REJECT, { input: { ...input, reason: "OTHER", otherReason: "Team is full" } }, owner.token);
    expect(ok.data.rejectImplementApplicant).toEqual({ userId: applicant.user.id, status: "REJECTED", reason: "Team is full" });
    const notes = await notesFor(applicant);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "rejectImplementUser", notifier: { id: owner.user.id } });
    expect(notes[0].message).toContain("Team is full");
  });

  it("rejecting once hides the post but the owner may still accept; rejecting permanently is final", async () => {
    const { owner, applicant, p, input } = await withApplicant();
    await t.gql(REJECT, { input: { ...input, reason: "DOES_NOT_MEET_REQUIREMENTS" } }, owner.token);
    expect(await listAll(t, applicant)).not.toContain(p.id);
    expect(code(await join(t, applicant, p.id))).toBe("NOT_FOUND");
    expect((await t.gql(ACCEPT, { input }, owner.token)).data.acceptImplementApplicant).toMatchObject({ status: "ACCEPTED", reason: null });
    expect(await listAll(t, applicant)).toContain(p.id);

    const perm = await t.gql(REJECT_PERMANENTLY, { input: { ...input, reason: "VIOLATION_OF_TERMS_OF_SERVICE" } }, owner.token);
    expect(perm.data.rejectImplementApplicantPermanently).toMatchObject({
      status: "REJECTED_PERMANENTLY",
      reason: "Violation of Terms of Service",
    });
    expect(code(await t.gql(DETAILS, { id: p.id }, applicant.token))).toBe("NOT_FOUND");
    expect(code(await t.gql(ACCEPT, { input }, owner.token))).toBe("CONFLICT");
    expect(code(await t.gql(REJECT, { input: { ...input, reason: "DUPLICATE_ACCOUNT" } }, owner.token))).toBe("CONFLICT");
    const types = (await notesFor(applicant)).map((n) => n.type).sort();
    expect(types).toEqual(["acceptImplementUser", "rejectImplementUser", "rejectImplementUser"]);
  });

  it("resolves owners and applicants of a whole page in batches", async () => {
    const viewer = await t.createUser();
    const owners = [await t.createUser(), await t.createUser(), await t.createUser()];
    for (const o of owners) await join(t, viewer, (await post(t, o, `Batch ${o.user.name}`)).id);
    let selects = 0;
    const logger = t.dataSource.logger;
    const counting = Object.create(logger);
    counting.logQuery = (q: string) => {
      if (/^\s*SELECT/i.test(q)) selects++;
    };
    Object.assign(t.dataSource, { logger: counting });
    try {
      const r = await t.gql(
        `{ implementPosts(first: 20) { edges { node { id owner { name } myApplication { status } applicants { edges { node { user { name } } } } } } } }`,
        {},
        viewer.token,
      );
      expect(r.data.implementPosts.edges.map((e: any) => e.node).length).toBeGreaterThanOrEqual(3);
    } finally {
      Object.assign(t.dataSource, { logger });
    }
    // posts, owners, my applications, applicant users (+ the token's user lookup and the viewer's blocks)
    expect(selects).toBeLessThanOrEqual(6);
  });
});
