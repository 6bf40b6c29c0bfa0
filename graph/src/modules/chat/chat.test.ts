import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT, CHATS, chatPair, chatRow, MESSAGE_ADDED, nodesOf, SEND, SET_LINK } from "../../../test/chat.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { eventually } from "../../../test/eventually.js";
import { countStatements, filledStudent } from "../../../test/profiles.js";
import { ChatMessage } from "./message.entity.js";

describe.each(dbTargets)("chat messages and meeting link on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const messagesIn = (chatId: string) => t.dataSource.getRepository(ChatMessage).count({ where: { chatId } });

  it("shows each participant the chat from their side", async () => {
    const { a, b, chat } = await chatPair(t);
    const forA = (await t.gql(CHAT, { chatWith: b.id }, a.token)).data.chat;
    expect(forA).toMatchObject({
      id: chat.id,
      kind: "SWAP",
      status: "IN_PROGRESS",
      meetingLink: null,
      ratingGiven: false,
      finishedByMe: false,
      daysCompleted: 0,
      daysRequired: 10,
      iLearn: { skill: "Guitar" },
      iTeach: { skill: "React" },
      me: { id: a.id },
      partner: { id: b.id, name: b.user.name, gender: "FEMALE" },
      messages: { pageInfo: { hasPreviousPage: false, hasNextPage: false, startCursor: null, endCursor: null }, edges: [] },
    });
    expect(forA.partner.image).toMatch(/^(https?:\/\/|\/)/);
    expect(forA.startDate).toBe(t.clock.now().toISOString());
    const forB = (await t.gql(CHAT, { chatWith: a.id }, b.token)).data.chat;
    expect(forB).toMatchObject({ id: chat.id, iLearn: { skill: "React" }, iTeach: { skill: "Guitar" }, partner: { id: a.id } });
  });

  it("answers 'Chat not found' for a partner without a chat, and needs a token and a filled profile", async () => {
    const { a } = await chatPair(t);
    const stranger = await filledStudent(t);
    const r = await t.gql(CHAT, { chatWith: stranger.id }, a.token);
    expect(r.errors?.[0]).toMatchObject({ message: "Chat not found", extensions: { code: "NOT_FOUND" } });
    expect((await t.gql(CHAT, { chatWith: a.id }, a.token)).errors?.[0].message).toBe("Chat not found");
    expect((await t.gql(CHAT, { chatWith: stranger.id })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
    const { token: unfilled } = await t.createUser();
    expect((await t.gql(CHATS, {}, unfilled)).errors?.[0]).toMatchObject({
      message: "not filled details",
      extensions: { code: "DETAILS_NOT_FILLED" },
    });
    expect((await t.gql(CHAT, { chatWith: a.id }, unfilled)).errors?.[0].extensions?.code).toBe("DETAILS_NOT_FILLED");
  });

  it("sends a message in a fixed number of statements", async () => {
    const { a, b, chat } = await chatPair(t);
    // The partner has the chat open (no mail or push to record): the path of a message in a live chat.
    const partner = subscribe(t.wsClient(b.token), MESSAGE_ADDED, { chatWith: a.id });
    await eventually(() => t.app.pubsub.listenerCount(`MESSAGE_ADDED:${chat.id}`) > 0, "live subscription");
    await t.gql(SEND, { chatWith: b.id, body: "warm" }, a.token);
    await partner.next();
    const { statements } = await countStatements(t, async () => {
      expect((await t.gql(SEND, { chatWith: b.id, body: "counted" }, a.token)).errors).toBeUndefined();
      await partner.next();
    });
    partner.dispose();
    // The session check (token version and verified address at once), the chat, then the transaction: UPDATE
    // (numbering, preview, read marker) and INSERT. SQLite's BEGIN and COMMIT are logged too.
    const kinds = statements.filter((s) => !s.startsWith("SET SESSION")).map((s) => s.split(/\s/)[0]); // SET: once per new pooled connection
    expect(kinds).toEqual(["SELECT", "SELECT", target === "mysql" ? "START" : "BEGIN", "UPDATE", "INSERT", "COMMIT"]);
  });

  it("sends messages both ways, numbered in order, and pages older ones when scrolling up", async () => {
    const { a, b, chat } = await chatPair(t);
    for (let i = 1; i <= 7; i++) {
      const [from, to] = i % 2 ? [a, b] : [b, a];
      const r = await t.gql(SEND, { chatWith: to.id, body: `message ${i}` }, from.token);
      expect(r.data.sendMessage).toMatchObject({ chatId: chat.id, seq: i, fromUserId: from.id, toUserId: to.id, body: `message ${i}` });
      t.clock.advance(1000);
    }
    const newest = (await t.gql(CHAT, { chatWith: b.id, last: 3 }, a.token)).data.chat.messages;
    expect(newest.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: false });
    expect(nodesOf(newest).map((m: { body: string }) => m.body)).toEqual(["message 5", "message 6", "message 7"]);
    expect(newest.pageInfo.startCursor).toBe(newest.edges[0].cursor);
    const older = (await t.gql(CHAT, { chatWith: b.id, last: 3, before: newest.pageInfo.startCursor }, a.token)).data.chat.messages;
    expect(nodesOf(older).map((m: { seq: number }) => m.seq)).toEqual([2, 3, 4]);
    expect(older.pageInfo).toMatchObject({ hasPreviousPage: true, hasNextPage: true });
    // The other participant's cursor names the same position.
    const oldestR = await t.gql(CHAT, { chatWith: a.id, last: 3, before: older.pageInfo.startCursor }, b.token);
    expect(oldestR.errors).toBeUndefined();
    const oldest = oldestR.data.chat.messages;
    expect(oldest).toMatchObject({
      pageInfo: { hasPreviousPage: false },
      edges: [{ node: { seq: 1, body: "message 1", fromUserId: a.id } }],
    });
    // Forwards from a cursor (catching up): the messages after it, oldest first.
    const after = (await t.gql(CHAT, { chatWith: b.id, first: 2, after: older.pageInfo.endCursor }, a.token)).data.chat.messages;
    expect(nodesOf(after).map((m: { seq: number }) => m.seq)).toEqual([5, 6]);
    expect(after.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
    const mixed = await t.gql(CHAT, { chatWith: b.id, first: 2, last: 2 }, a.token);
    expect(mixed.errors?.[0]).toMatchObject({
      message: "Page with first/after or with last/before, not both",
      extensions: { code: "BAD_USER_INPUT" },
    });
    const tooMany = await t.gql(CHAT, { chatWith: b.id, last: 101 }, a.token);
    expect(tooMany.errors?.[0]).toMatchObject({ message: "last must be between 1 and 100", extensions: { code: "BAD_USER_INPUT" } });
    expect((await t.gql(CHAT, { chatWith: b.id, before: "bm90IGEgY3Vyc29y" }, a.token)).errors?.[0].message).toBe("Invalid cursor");
    // The row carries sender, receiver and the clock's time.
    const row = await t.dataSource.getRepository(ChatMessage).findOneOrFail({ where: { chatId: chat.id, seq: 2 } });
    expect(row).toMatchObject({ senderId: b.id, receiverId: a.id, body: "message 2" });
    expect(row.createdAt.getTime()).toBeLessThan(t.clock.now().getTime());
  });

  it("keeps concurrent messages of one chat in one gap-free order", async () => {
    const { a, b, chat } = await chatPair(t);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.gql(SEND, { chatWith: i % 2 ? a.id : b.id, body: `m${i}` }, i % 2 ? b.token : a.token)),
    );
    for (const r of results) expect(r.errors).toBeUndefined();
    const seqs = results.map((r) => r.data.sendMessage.seq).sort((x: number, y: number) => x - y);
    expect(seqs).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    const row = await chatRow(t, chat.id);
    expect(row.messageCount).toBe(12);
    // Numbering, preview and the sender's read marker move in one statement: they always agree.
    const sent = results.map((r, i) => ({ seq: r.data.sendMessage.seq as number, by: i % 2 ? b.id : a.id, body: `m${i}` }));
    expect(row.lastMessagePreview).toBe(sent.find((m) => m.seq === 12)!.body);
    const lastBy = (id: string) => Math.max(...sent.filter((m) => m.by === id).map((m) => m.seq));
    expect(row.requesterReadSeq).toBe(lastBy(row.requesterId));
    expect(row.receiverReadSeq).toBe(lastBy(row.receiverId));
  });

  it("lists chats with the partner's name and image, latest message first", async () => {
    const me = await filledStudent(t);
    const partners = [await filledStudent(t), await filledStudent(t), await filledStudent(t)];
    for (const p of partners) {
      await t.app.services.deps.tx((em) =>
        t.app.services.chatOpen.open(
          {
            kind: "swap",
            requesterId: me.id,
            receiverId: p.id,
            requesterLearns: { skill: "Chess", category: "Other" },
          },
          em,
        ),
      );
      t.clock.advance(1000);
    }
    // Opened 0, 1, 2; then a message in chat 0 makes it the latest.
    await t.gql(SEND, { chatWith: me.id, body: "hello from the first" }, partners[0].token);
    const list = nodesOf((await t.gql(CHATS, {}, me.token)).data.chats);
    expect(list.map((c: { partner: { id: string } }) => c.partner.id)).toEqual([partners[0].id, partners[2].id, partners[1].id]);
    expect(list[0]).toMatchObject({
      lastMessagePreview: "hello from the first",
      lastMessageFromMe: false,
      partner: { name: partners[0].user.name },
    });
    expect(list[0].partner.image).toBeTruthy();
    expect((await t.gql(CHATS, {}, partners[1].token)).data.chats.edges).toHaveLength(1);
    const loner = await filledStudent(t);
    expect((await t.gql(CHATS, {}, loner.token)).data.chats).toEqual({ pageInfo: { hasNextPage: false, endCursor: null }, edges: [] });
  });

  it("pages the chat list on the latest activity: a chat that becomes active meanwhile is not served twice", async () => {
    const me = await filledStudent(t);
    const partners = [];
    for (let i = 0; i < 5; i++) {
      const partner = await filledStudent(t);
      partners.push(partner);
      await t.app.services.deps.tx((em) => t.app.services.chatOpen.open({ kind: "swap", requesterId: me.id, receiverId: partner.id }, em));
      t.clock.advance(1000);
    }
    // Newest first: 4, 3 | 2, 1 | 0.
    const p1 = (await t.gql(CHATS, { first: 2 }, me.token)).data.chats;
    expect(nodesOf(p1).map((c: { partner: { id: string } }) => c.partner.id)).toEqual([partners[4].id, partners[3].id]);
    expect(p1.pageInfo.hasNextPage).toBe(true);
    // Partner 4 (already shown) writes; partner 1 (not yet shown) too: both move to the top.
    await t.gql(SEND, { chatWith: me.id, body: "again" }, partners[4].token);
    t.clock.advance(1000);
    await t.gql(SEND, { chatWith: me.id, body: "hi" }, partners[1].token);
    const p2 = (await t.gql(CHATS, { first: 2, after: p1.pageInfo.endCursor }, me.token)).data.chats;
    const p3 = (await t.gql(CHATS, { first: 2, after: p2.pageInfo.endCursor }, me.token)).data.chats;
    const later = [...nodesOf(p2), ...nodesOf(p3)].map((c: { partner: { id: string } }) => c.partner.id);
    expect(later).toEqual([partners[2].id, partners[0].id]);
    expect(p3.pageInfo.hasNextPage).toBe(false);
    // A cursor names a position in its own list only.
    const foreign = await t.gql(CHAT, { chatWith: partners[0].id, before: p1.pageInfo.endCursor }, me.token);
    expect(foreign.errors?.[0]).toMatchObject({ message: "Invalid cursor", extensions: { code: "BAD_USER_INPUT" } });
  });

  it("resolves the list's partners with a per-request loader (statements do not grow with rows)", async () => {
    const one = await filledStudent(t);
    const many = await filledStudent(t);
    const openWith = async (requesterId: string) => {
      const receiverId = (await filledStudent(t)).id;
      await t.app.services.deps.tx((em) => t.app.services.chatOpen.open({ kind: "swap", requesterId, receiverId }, em));
    };
    await openWith(one.id);
    for (let i = 0; i < 6; i++) await openWith(many.id);
    const small = await countStatements(t, () => t.gql(CHATS, {}, one.token));
    const big = await countStatements(t, () => t.gql(CHATS, {}, many.token));
    expect((await t.gql(CHATS, {}, many.token)).data.chats.edges).toHaveLength(6);
    expect(big.count).toBe(small.count);
  });

  it("answers the list's partners and cursors when asked, and markChatRead its item's partner", async () => {
    const me = await filledStudent(t);
    const others = [await filledStudent(t), await filledStudent(t)];
    for (const p of others) {
      await t.app.services.deps.tx((em) => t.app.services.chatOpen.open({ kind: "swap", requesterId: p.id, receiverId: me.id }, em));
      t.clock.advance(1000);
    }
    const res = await t.gql(
      `query { chats(first: 5) { edges { cursor node { partner { id name } } } pageInfo { startCursor endCursor } } }`,
      {},
      me.token,
    );
    expect(res.errors).toBeUndefined();
    const { edges, pageInfo } = res.data.chats;
    expect(edges.map((e: { node: { partner: { name: string } } }) => e.node.partner.name)).toEqual([
      others[1].user.name,
      others[0].user.name,
    ]);
    expect(pageInfo).toEqual({ startCursor: edges[0].cursor, endCursor: edges[1].cursor });
    expect(edges[0].cursor).not.toBe(edges[1].cursor);
    // The first edge's cursor pages to the second chat.
    const next = await t.gql(CHATS, { first: 1, after: edges[0].cursor }, me.token);
    expect(nodesOf(next.data.chats).map((c: { partner: { id: string } }) => c.partner.id)).toEqual([others[0].id]);

    const marked = await t.gql(
      `mutation M($chatWith: ID!) { markChatRead(chatWith: $chatWith) { unreadCount partner { id name } } }`,
      { chatWith: others[0].id },
      me.token,
    );
    expect(marked.data.markChatRead).toEqual({ unreadCount: 0, partner: { id: others[0].id, name: others[0].user.name } });
  });

  it("refuses empty, blank and over-long messages, stores HTML as plain text", async () => {
    const { a, b, chat } = await chatPair(t);
    for (const body of ["", "   ", "\n\t ", "x".repeat(2001), "😀".repeat(2001)]) {
      const r = await t.gql(SEND, { chatWith: b.id, body }, a.token);
      expect(r.errors?.[0].extensions?.code).toBe("BAD_USER_INPUT");
    }
    expect(await messagesIn(chat.id)).toBe(0);
    // 2000 characters are fine, an emoji counting as one.
    expect((await t.gql(SEND, { chatWith: b.id, body: "😀".repeat(2000) }, a.token)).errors).toBeUndefined();
    const html = `<img src=x onerror="alert(1)"> & <b>bold</b>`;
    expect((await t.gql(SEND, { chatWith: b.id, body: html }, a.token)).data.sendMessage.body).toBe(html);
    expect(await messagesIn(chat.id)).toBe(2);
    expect((await t.gql(SEND, { chatWith: b.id, body: "  padded  " }, a.token)).data.sendMessage.body).toBe("padded");
  });

  it("normalises meeting links to http(s), refuses other schemes, and both participants see the link", async () => {
    const { a, b, chat } = await chatPair(t);
    const set = (link: string, token = a.token, chatWith = b.id) => t.gql(SET_LINK, { chatWith, link }, token);
    expect((await set("meet.google.com/x")).data.setMeetingLink.meetingLink).toBe("http://meet.google.com/x");
    expect((await t.gql(CHAT, { chatWith: a.id }, b.token)).data.chat.meetingLink).toBe("http://meet.google.com/x");
    expect((await set("https://zoom.us/j/123?pwd=abc", b.token, a.id)).data.setMeetingLink.meetingLink).toBe(
      "https://zoom.us/j/123?pwd=abc",
    );
    expect((await set("HTTPS://Meet.Google.com/abc-defg-hij")).data.setMeetingLink.meetingLink).toBe(
      "https://meet.google.com/abc-defg-hij",
    );
    for (const bad of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(document.cookie)",
      " javascript:alert(1)",
      "java\nscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "file:///etc/passwd",
      "ftp://example.com/x",
      "mailto:someone@example.com",
      "http://user:pass@evil.example/",
      "http://",
      "https:/meet.google.com",
      "meet google com",
      `https://x.example/${"a".repeat(600)}`,
    ]) {
      const r = await set(bad);
      expect(r.errors?.[0].extensions?.code, bad).toBe("BAD_USER_INPUT");
    }
    expect((await chatRow(t, chat.id)).meetingLink).toBe("https://meet.google.com/abc-defg-hij");
    expect((await set("localhost:3000/room")).data.setMeetingLink.meetingLink).toBe("http://localhost:3000/room");
    expect((await set("")).data.setMeetingLink.meetingLink).toBeNull();
    expect((await chatRow(t, chat.id)).meetingLink).toBeNull();
  });

  it("gives a message's point back when our side fails to store it", async () => {
    const limited = await startTestApp(target, { env: { RATE_LIMITS: "chat_message=1/60" } });
    try {
      const { a, b, chat } = await chatPair(limited);
      const notifications = limited.app.services.notifications;
      const messageSent = notifications.messageSent.bind(notifications);
      notifications.messageSent = () => Promise.reject(new Error("the database went away"));
      const failed = await limited.gql(SEND, { chatWith: b.id, body: "lost to our outage" }, a.token);
      expect(failed.errors?.[0]?.extensions?.code).not.toBe("RATE_LIMITED");
      notifications.messageSent = messageSent;
      expect((await limited.gql(SEND, { chatWith: b.id, body: "sent after recovery" }, a.token)).errors).toBeUndefined();
      const over = await limited.gql(SEND, { chatWith: b.id, body: "one too many" }, a.token);
      expect(over.errors?.[0]?.extensions?.code).toBe("RATE_LIMITED");
      expect(await limited.dataSource.getRepository(ChatMessage).count({ where: { chatId: chat.id } })).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it("rate-limits messages per sender", async () => {
    const limited = await startTestApp(target, { env: { RATE_LIMITS: "chat_message=3/60" } });
    try {
      const { a, b, chat } = await chatPair(limited);
      for (let i = 0; i < 3; i++) expect((await limited.gql(SEND, { chatWith: b.id, body: `ok ${i}` }, a.token)).errors).toBeUndefined();
      const over = await limited.gql(SEND, { chatWith: b.id, body: "one too many" }, a.token);
      // The wait is said in words from the window's real time left: "in a minute", or "in 59 seconds" on a slow run.
      const WAIT = /^Too many attempts\. Please try again in (a minute|[1-5]?\d seconds)\.$/;
      expect(over.errors?.[0]).toMatchObject({ message: expect.stringMatching(WAIT), extensions: { code: "RATE_LIMITED" } });
      const rest = await limited.rest("POST", `/user/${b.id}/send-message`, {
        token: a.token,
        body: { newMessage: "via REST", from_user_token: a.token },
      });
      expect(rest.status).toBe(429);
      expect(rest.body.error).toMatch(WAIT);
      expect(Number(rest.headers.get("retry-after"))).toBeGreaterThan(0);
      // The partner's own bucket is untouched.
      expect((await limited.gql(SEND, { chatWith: a.id, body: "my turn" }, b.token)).errors).toBeUndefined();
      expect(await limited.dataSource.getRepository(ChatMessage).count({ where: { chatId: chat.id } })).toBe(4);
    } finally {
      await limited.close();
    }
  });
});
