import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DELETED_STUDENT_NAME, PRIVACY_MESSAGES } from "../../../../common/accounts.js";
import { errorCode, errorMessage, registerStudent, studentEmail } from "../../../test/accounts.js";
import { balance, chatPair, CHAT, escrowBalance, giveCoins, SEND } from "../../../test/chat.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";
import { hashPassword } from "../accounts/passwords.js";
import { SYSTEM_ACCOUNTS } from "../coins/ledger.entity.js";
import { checkLedgerInvariants } from "../coins/ledger.invariants.js";
import { CREATE, JOIN, post } from "../implements/implements.test-support.js";
import { Q } from "../swaps/swaps.test-support.js";

const EXPORT = `{ myDataExport }`;
const DELETE = `mutation ($password: String!) { deleteAccount(password: $password) }`;
const PASSWORD = "my own password";
const BOARD = `{ leaderboard(first: 100) { edges { node { userId name } } } }`;

describe.each(dbTargets)("export and deletion on %s", (target) => {
  let t: TestApp;
  let passwordHash: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    passwordHash = await hashPassword(PASSWORD);
  });
  afterEach(async () => {
    if (t) expect(await checkLedgerInvariants(t.dataSource)).toEqual([]);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A pay chat: `a` paid `b` 7 coins (held), both with filled profiles and known passwords. */
  async function paidLesson() {
    const { a, b, chat } = await chatPair(t, { kind: "pay", coins: 7 });
    // Real college addresses (the harness's carry a suffix) and a password each can type.
    for (const s of [a, b]) {
      s.user.email = studentEmail();
      await t.dataSource.query("UPDATE users SET passwordHash = ?, email = ? WHERE id = ?", [passwordHash, s.user.email, s.id]);
    }
    return { a, b, chat };
  }

  it("exports everything held about the caller as JSON over GraphQL and REST, and nothing of anyone's secrets", async () => {
    const { a, b } = await paidLesson();
    await t.gql(SEND, { chatWith: b.id, body: "Hello from A" }, a.token);
    await t.gql(SEND, { chatWith: a.id, body: "Hi A, B here" }, b.token);
    const p = await post(t, { token: a.token, user: a.user }, "A's problem", "Needs help");
    const other = await filledStudent(t);
    const theirs = await post(t, { token: other.token, user: other.user }, "Other's problem", "Needs help too");
    expect((await t.gql(JOIN, { input: { postId: theirs.id, description: "I can help" } }, a.token)).errors).toBeUndefined();
    await t.gql(`mutation { submitSnakeScore(score: 42) { highScore } }`, {}, a.token);

    const g = await t.gql(EXPORT, {}, a.token);
    expect(g.errors).toBeUndefined();
    const data = JSON.parse(g.data.myDataExport);
    expect(data).toMatchObject({
      format: "skill-exchange-export/1",
      account: { id: a.id, name: a.user.name, email: a.user.email },
      profile: { gender: "Male", skillsKnown: [{ skill: "React" }], skillsRequired: [{ skill: "Guitar" }], languages: ["English"] },
      ledger: { balance: 2 },
      implements: { posts: [{ id: p.id, title: "A's problem" }], applications: [{ postId: theirs.id, description: "I can help" }] },
    });
    expect(data.chats).toHaveLength(1);
    expect(data.chats[0]).toMatchObject({ kind: "pay", status: "in_progress", partner: { id: b.id, name: b.user.name }, coins: 7 });
    expect(data.chats[0].messages.map((m: { body: string; fromMe: boolean }) => [m.body, m.fromMe])).toEqual([
      ["Hello from A", true],
      ["Hi A, B here", false],
    ]);
    expect(data.ledger.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ["purchase", 9],
      ["hold", -7],
    ]);
    const text = g.data.myDataExport as string;
    for (const secret of ["passwordHash", "tokenVersion", "tokenHash", b.user.email]) expect(text).not.toContain(secret);

    const r = await t.rest("GET", "/me/export", { token: a.token });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-disposition")).toBe(`attachment; filename="skill-exchange-${a.id}.json"`);
    expect(r.body).toMatchObject({ account: { id: a.id }, chats: [{ id: data.chats[0].id }] });
    expect((await t.rest("GET", "/me/export")).status).toBe(401);
    expect(errorCode(await t.gql(EXPORT))).toBe("UNAUTHENTICATED");
  });

  it("refuses a missing or wrong password with a clear message and changes nothing", async () => {
    const { a, b, chat } = await paidLesson();
    const empty = await t.gql(DELETE, { password: "" }, b.token);
    expect(errorMessage(empty)).toBe(PRIVACY_MESSAGES.passwordRequired);
    const wrong = await t.gql(DELETE, { password: "not my password" }, b.token);
    expect(errorCode(wrong)).toBe("BAD_USER_INPUT");
    expect(errorMessage(wrong)).toBe(PRIVACY_MESSAGES.wrongPassword);
    expect(await t.rest("POST", "/me/delete", { token: b.token, body: { password: 42 } })).toMatchObject({
      status: 400,
      body: { error: PRIVACY_MESSAGES.passwordRequired },
    });
    expect((await t.rest("POST", "/me/delete", { body: { password: PASSWORD } })).status).toBe(401);
    expect((await t.gql(CHAT, { chatWith: a.id }, b.token)).data.chat).toMatchObject({
      status: "IN_PROGRESS",
      partner: { name: a.user.name },
    });
    expect(await escrowBalance(t)).toBeGreaterThanOrEqual(7);
    expect((await t.gql(`{ me { id } }`, {}, b.token)).data.me.id).toBe(b.id);
    void chat;
  });

  it("deletes the account: held coins back to the payer, the rest to the sink, messages from 'Deleted student', sessions and sockets revoked, the address free", async () => {
    const { a, b, chat } = await paidLesson();
    await t.gql(SEND, { chatWith: a.id, body: "Teaching you guitar" }, b.token);
    await giveCoins(t, b.id, 5);
    const bystander = await filledStudent(t, { known: ["Chess"], required: ["Guitar"] });
    const request = await t.gql(
      Q.requestSwap,
      {
        i: {
          receiverId: bystander.id,
          preachSkill: { category: "Programming & Technology", skill: "Guitar" },
          learnSkill: { category: "Programming & Technology", skill: "Chess" },
        },
      },
      b.token,
    );
    expect(request.errors?.[0]?.message).toBeUndefined();
    const sinkBefore = await balance(t, SYSTEM_ACCOUNTS.closed);
    const aBefore = await balance(t, a.id);
    const socket = t.wsClient(b.token);
    const sub = subscribe(socket, `subscription { notificationAdded { id } }`);
    await t.gql(`{ me { id } }`, {}, b.token);

    const r = await t.rest("POST", "/me/delete", { token: b.token, body: { password: PASSWORD } });
    expect(r).toMatchObject({ status: 200, body: { error: "" } });

    // Money: a's 7 held coins came back to a; b's own 5 left circulation into the documented sink.
    expect(await balance(t, a.id)).toBe(aBefore + 7);
    expect(await balance(t, b.id)).toBe(0);
    expect(await balance(t, SYSTEM_ACCOUNTS.closed)).toBe(sinkBefore + 5);
    // The chat is closed for good; b's messages stay, from "Deleted student".
    const seen = (await t.gql(CHAT, { chatWith: b.id }, a.token)).data.chat;
    expect(seen).toMatchObject({
      id: chat.id,
      status: "CLOSED",
      partner: { id: b.id, name: DELETED_STUDENT_NAME, image: null, gender: null },
    });
    expect(seen.messages.edges.map((e: any) => e.node).map((m: { body: string; fromUserId: string }) => [m.body, m.fromUserId])).toEqual([
      ["Teaching you guitar", b.id],
    ]);
    const send = await t.gql(SEND, { chatWith: b.id, body: "Are you there?" }, a.token);
    expect(errorMessage(send)).toBe("This chat is closed: the other student's account is no longer active");
    // The open request was cancelled with its notification.
    expect((await t.gql(Q.notifications, {}, bystander.token)).data.notifications.edges.map((e: any) => e.node)).toEqual([]);
    // Sessions and sockets: refused.
    expect(errorCode(await t.gql(`{ viewerId }`, {}, b.token))).toBe("UNAUTHENTICATED");
    await expect(sub.next()).rejects.toBeDefined();
    // Erased: profile, listing; the account row is anonymised.
    expect(
      (await t.gql(`query ($id: ID!) { user(id: $id) { name gender image skillsKnown { skill } languages } }`, { id: b.id })).data.user,
    ).toEqual({
      name: DELETED_STUDENT_NAME,
      gender: null,
      image: null,
      skillsKnown: [],
      languages: [],
    });
    expect((await t.gql(BOARD)).data.leaderboard.edges.map((e: any) => e.node).map((x: { userId: string }) => x.userId)).not.toContain(
      b.id,
    );
    const row = await t.dataSource.query("SELECT email, nameKey, emailVerifiedAt, deletedAt FROM users WHERE id = ?", [b.id]);
    expect(row[0].email).toBe(`deleted.${b.id}@invalid`);
    expect(row[0].deletedAt).not.toBeNull();
    // Nobody can sign in as them; the address and the name register again.
    expect(
      errorCode(
        await t.gql(`mutation ($i: LoginInput!) { login(input: $i) { token } }`, { i: { email: b.user.email, password: PASSWORD } }),
      ),
    ).toBe("UNAUTHENTICATED");
    const again = await registerStudent(t, { email: b.user.email, name: b.user.name });
    expect(again.userId).not.toBe(b.id);
    // Deleting twice is not possible: the token is gone.
    expect(errorCode(await t.gql(DELETE, { password: PASSWORD }, b.token))).toBe("UNAUTHENTICATED");
  });

  it("a deleted learner's held coins come back to them first and then go to the sink; their posts and applications go", async () => {
    const { a, b } = await paidLesson();
    const p = await post(t, { token: a.token, user: a.user });
    const other = await filledStudent(t);
    expect((await t.gql(JOIN, { input: { postId: p.id, description: "Count me in" } }, other.token)).errors).toBeUndefined();
    const sinkBefore = await balance(t, SYSTEM_ACCOUNTS.closed);
    const bBefore = await balance(t, b.id);
    expect((await t.gql(DELETE, { password: PASSWORD }, a.token)).data).toEqual({ deleteAccount: true });
    // a had 2 spendable + 7 held: all 9 leave circulation; b (the teacher) is not paid for an unfinished lesson.
    expect(await balance(t, SYSTEM_ACCOUNTS.closed)).toBe(sinkBefore + 9);
    expect(await balance(t, b.id)).toBe(bBefore);
    expect(errorCode(await t.gql(`query ($id: ID!) { implementPost(id: $id) { id } }`, { id: p.id }, other.token))).toBe("NOT_FOUND");
    expect((await t.gql(CREATE, { input: { title: "x", description: "y" } }, a.token)).errors?.[0]?.extensions?.code).toBe(
      "UNAUTHENTICATED",
    );
  });
});
