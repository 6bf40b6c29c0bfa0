import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceDays, chatPair, chatRow } from "../../../test/chat.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { filledStudent } from "../../../test/profiles.js";
import { ChatMessage } from "./message.entity.js";

describe.each(dbTargets)("chat REST paths on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("GET /user/chat lists partners as userNameIdList", async () => {
    const { a, b } = await chatPair(t);
    const r = await t.rest("GET", "/user/chat", { token: a.token });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ error: "", userNameIdList: [{ _id: b.id, name: b.user.name, image: expect.any(String) }] });
    expect((await t.rest("GET", "/user/chat")).status).toBe(401);
    const { token } = await t.createUser();
    expect((await t.rest("GET", "/user/chat", { token })).body).toEqual({ error: "not filled details", userNameIdList: [] });
  });

  it("sends with from_user_token and reads the chat in the documented shape", async () => {
    const { a, b, chat } = await chatPair(t);
    t.clock.set(new Date("2026-03-04T05:06:07.890Z"));
    await advanceDays(t, 0); // fresh tokens at the new time
    const sent = await t.rest("POST", `/user/${b.id}/send-message`, { body: { newMessage: "Hi <b>there</b>", from_user_token: a.token } });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({
      error: "",
      message: { from_user: a.id, to_user: b.id, message: "Hi <b>there</b>", timestamp: "2026-03-04 05:06:07" },
    });
    await t.rest("POST", `/user/${a.id}/send-message`, { token: b.token, body: { newMessage: "Hello" } });
    await t.rest("POST", "/user/meeting-link/alter", {
      token: a.token,
      body: { userId1: a.id, userId2: b.id, meetingLink: "meet.google.com/abc" },
    });
    const r = await t.rest("GET", `/user/chat/${a.id}`, { token: b.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      error: "",
      user_id: b.id,
      otherUser: { _id: a.id, name: a.user.name, profilePhotoUrl: expect.any(String) },
      chat: {
        meetingLink: "http://meet.google.com/abc",
        ratingGiven: false,
        status: "in_progress",
        messages: [
          { from_user: a.id, to_user: b.id, message: "Hi <b>there</b>", timestamp: "2026-03-04 05:06:07" },
          { from_user: b.id, to_user: a.id, message: "Hello" },
        ],
      },
    });
    expect(new Date(r.body.chat.startDate).toISOString()).toBe(chat.startDate.toISOString());
    const stranger = await filledStudent(t);
    expect((await t.rest("GET", `/user/chat/${stranger.id}`, { token: a.token })).body).toMatchObject({
      error: "Chat not found",
      chat: null,
      user_id: a.id,
    });
  });

  it("verifies the body token: a bad one is 401, someone else's next to a bearer is 403", async () => {
    const { a, b, chat } = await chatPair(t);
    const c = await filledStudent(t);
    expect((await t.rest("POST", `/user/${b.id}/send-message`, { body: { newMessage: "x", from_user_token: "not-a-token" } })).status).toBe(
      401,
    );
    expect((await t.rest("POST", `/user/${b.id}/send-message`, { body: { newMessage: "x" } })).status).toBe(401);
    expect(
      (await t.rest("POST", `/user/${b.id}/send-message`, { token: c.token, body: { newMessage: "x", from_user_token: a.token } })).status,
    ).toBe(403);
    const empty = await t.rest("POST", `/user/${b.id}/send-message`, { body: { newMessage: "  ", from_user_token: a.token } });
    expect(empty).toMatchObject({ status: 400, body: { error: "Please type a message" } });
    expect(await t.dataSource.getRepository(ChatMessage).count({ where: { chatId: chat.id } })).toBe(0);
  });

  it('rates, refuses an early finish with the message, then ends with ended "true"', async () => {
    const { a, b, chat } = await chatPair(t);
    expect(
      (await t.rest("POST", "/user/rating", { token: a.token, body: { currentUserID: a.id, rating: "4", receiverID: b.id } })).body,
    ).toMatchObject({ error: "" });
    expect(
      (await t.rest("POST", "/user/rating", { token: b.token, body: { currentUserID: b.id, rating: 9, receiverID: a.id } })).status,
    ).toBe(400);
    await t.rest("POST", "/user/rating", { token: b.token, body: { currentUserID: b.id, rating: 5, receiverID: a.id } });
    await advanceDays(t, 3);
    const early = await t.rest("POST", `/user/chat/finish/${b.id}`, { token: a.token, body: { currentUserID: a.id } });
    expect(early.status).toBe(200);
    expect(early.body.ended).toBe("false");
    expect(early.body.error).toMatch(
      /^You should have learned for atleast 10 days to finish the course\. You have just completed 3 days\./,
    );
    await advanceDays(t, 7);
    expect((await t.rest("POST", `/user/chat/finish/${b.id}`, { token: a.token, body: { currentUserID: a.id } })).body).toMatchObject({
      error: "",
      ended: "false",
    });
    expect((await t.rest("POST", `/user/chat/finish/${a.id}`, { token: b.token, body: { currentUserID: b.id } })).body).toMatchObject({
      error: "",
      ended: "true",
    });
    expect((await chatRow(t, chat.id)).status).toBe("completed");
  });

  it("reports with a reason (required) and suspends the chat", async () => {
    const { a, b, chat } = await chatPair(t);
    const none = await t.rest("POST", `/user/chat/report/${b.id}`, { token: a.token, body: { currentUserID: a.id } });
    expect(none).toMatchObject({ status: 400, body: { error: "Please select a reason for reporting" } });
    const ok = await t.rest("POST", `/user/chat/report/${b.id}`, {
      token: a.token,
      body: { currentUserID: a.id, reason: "He keeps sending ads" },
    });
    expect(ok.body).toMatchObject({ error: "", status: "suspended" });
    expect((await chatRow(t, chat.id)).status).toBe("suspended");
  });

  it("refuses a third user with 403 wherever ids name the chat's participants, and changes nothing", async () => {
    const { a, b, chat } = await chatPair(t);
    const c = await filledStudent(t);
    await t.rest("POST", "/user/meeting-link/alter", {
      token: a.token,
      body: { userId1: a.id, userId2: b.id, meetingLink: "https://meet.example.com/a" },
    });
    const calls: Array<[string, string, unknown]> = [
      ["GET", `/user/meeting-link?userId1=${a.id}&userId2=${b.id}`, undefined],
      ["POST", "/user/meeting-link/alter", { userId1: a.id, userId2: b.id, meetingLink: "https://evil.example/" }],
      ["POST", `/user/chat/finish/${b.id}`, { currentUserID: a.id }],
      ["POST", "/user/rating", { currentUserID: a.id, rating: 1, receiverID: b.id }],
      ["POST", `/user/chat/report/${b.id}`, { currentUserID: a.id, reason: "Harassment" }],
      ["POST", `/user/${b.id}/send-message`, { newMessage: "hi", from_user_token: a.token }],
    ];
    for (const [method, path, body] of calls) {
      const r = await t.rest(method, path, { token: c.token, body });
      expect(r.status, `${method} ${path}`).toBe(403);
    }
    // Naming only the partner: there is no chat between the third user and them.
    expect((await t.rest("POST", `/user/${b.id}/send-message`, { token: c.token, body: { newMessage: "hi" } })).status).toBe(404);
    expect((await t.rest("GET", `/user/chat/${a.id}`, { token: c.token })).body.error).toBe("Chat not found");
    const row = await chatRow(t, chat.id);
    expect(row).toMatchObject({ meetingLink: "https://meet.example.com/a", status: "in_progress", requesterRated: false, messageCount: 0 });
    expect((await t.rest("GET", `/user/meeting-link?userId1=${b.id}&userId2=${a.id}`, { token: a.token })).body).toEqual({
      meetingLink: "https://meet.example.com/a",
    });
  });
});
