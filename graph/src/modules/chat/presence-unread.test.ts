import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPair, nodesOf, SEND } from "../../../test/chat.js";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { captureStatements, filledStudent } from "../../../test/profiles.js";
import { ManualClock } from "../../shared/clock.js";
import { hashPassword } from "../accounts/passwords.js";
import { PresenceSetting } from "./presence-setting.entity.js";
import { PRESENCE_GRACE_MS } from "./chat-presence.service.js";

const LIST = `query { chats(first: 20) { edges { node { id unreadCount partner { id online } } } } }`;
const CHAT_PARTNER = `query C($chatWith: ID!) { chat(chatWith: $chatWith) { id me { id online } partner { id online } } }`;
const MARK_READ = `mutation M($chatWith: ID!) { markChatRead(chatWith: $chatWith) { id unreadCount } }`;
const TOTAL = `query { unreadMessageCount }`;
const TOTAL_LIVE = `subscription { unreadMessageCountChanged }`;
const VISIBLE = `mutation V($visible: Boolean!) { setOnlineStatusVisible(visible: $visible) { onlineStatusVisible } }`;
const SETTINGS = `query { presenceSettings { onlineStatusVisible } }`;

async function listItem(t: TestApp, token: string, chatId: string) {
  const res = await t.gql(LIST, {}, token);
  expect(res.errors).toBeUndefined();
  return nodesOf<{ id: string; unreadCount: number; partner: { id: string; online: boolean } }>(res.data.chats).find(
    (n) => n.id === chatId,
  )!;
}

describe.each(dbTargets)("unread counts and presence on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("counts the partner's messages after the read marker; opening the chat marks it read", async () => {
    const { a, b, chat } = await chatPair(t);
    for (const body of ["one", "two", "three"]) expect((await t.gql(SEND, { chatWith: b.id, body }, a.token)).errors).toBeUndefined();
    expect((await listItem(t, b.token, chat.id)).unreadCount).toBe(3);
    // The sender's own messages are never unread for them.
    expect((await listItem(t, a.token, chat.id)).unreadCount).toBe(0);
    expect((await t.gql(TOTAL, {}, b.token)).data.unreadMessageCount).toBe(3);

    const marked = await t.gql(MARK_READ, { chatWith: a.id }, b.token);
    expect(marked.data.markChatRead).toEqual({ id: chat.id, unreadCount: 0 });
    expect((await t.gql(TOTAL, {}, b.token)).data.unreadMessageCount).toBe(0);

    await t.gql(SEND, { chatWith: b.id, body: "four" }, a.token);
    expect((await listItem(t, b.token, chat.id)).unreadCount).toBe(1);
    // Replying marks everything before the reply read, and the reply is unread for the partner.
    await t.gql(SEND, { chatWith: a.id, body: "reply" }, b.token);
    expect((await listItem(t, b.token, chat.id)).unreadCount).toBe(0);
    expect((await listItem(t, a.token, chat.id)).unreadCount).toBe(1);
  });

  it("adds up over chats, and only participants can mark a chat read (GraphQL and REST)", async () => {
    const { a, b } = await chatPair(t);
    const c = await filledStudent(t);
    await t.app.services.deps.tx((em) => t.app.services.chatOpen.open({ kind: "swap", requesterId: c.id, receiverId: b.id }, em));
    await t.gql(SEND, { chatWith: b.id, body: "from a" }, a.token);
    await t.gql(SEND, { chatWith: b.id, body: "from c" }, c.token);
    await t.gql(SEND, { chatWith: b.id, body: "from c again" }, c.token);
    expect((await t.rest("GET", "/user/chat-unread", { token: b.token })).body).toEqual({ count: 3 });

    const stranger = await t.gql(MARK_READ, { chatWith: a.id }, c.token);
    expect(stranger.errors?.[0]).toMatchObject({ message: "Chat not found", extensions: { code: "NOT_FOUND" } });
    expect((await t.rest("POST", `/user/chat/${a.id}/read`, { token: c.token })).status).toBe(404);
    expect((await t.gql(MARK_READ, { chatWith: a.id })).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");

    const rest = await t.rest("POST", `/user/chat/${c.id}/read`, { token: b.token });
    expect(rest).toMatchObject({ status: 200, body: { unreadCount: 0, totalUnread: 1 } });
  });

  it("tells the student's open pages their new total live", async () => {
    const { a, b } = await chatPair(t);
    const ws = t.wsClient(b.token);
    const live = subscribe(ws, TOTAL_LIVE);
    // The count as the subscription starts, then each change.
    expect((await live.next()).data.unreadMessageCountChanged).toBe(0);
    await t.gql(SEND, { chatWith: b.id, body: "hello" }, a.token);
    expect((await live.next()).data.unreadMessageCountChanged).toBe(1);
    await t.gql(SEND, { chatWith: b.id, body: "again" }, a.token);
    expect((await live.next()).data.unreadMessageCountChanged).toBe(2);
    await t.gql(MARK_READ, { chatWith: a.id }, b.token);
    expect((await live.next()).data.unreadMessageCountChanged).toBe(0);
    await ws.dispose();
  });

  it("reads a student's total after a message only while a page of theirs listens for it", async () => {
    const { a, b } = await chatPair(t);
    const statements = await captureStatements(t, async () => {
      await t.gql(SEND, { chatWith: b.id, body: "nobody listens" }, a.token);
      const ws = t.wsClient(b.token);
      const live = subscribe(ws, TOTAL_LIVE);
      // A message sent before b's page listened is in the count the subscription starts with.
      expect((await live.next()).data.unreadMessageCountChanged).toBe(1);
      await t.gql(SEND, { chatWith: b.id, body: "b listens" }, a.token);
      expect((await live.next()).data.unreadMessageCountChanged).toBe(2);
      await ws.dispose();
    });
    // Read once as b's subscription starts and once after the message b listens for: never for "nobody listens".
    expect(statements.filter((s) => s.sql.includes("SUM(")).map((s) => s.params)).toEqual([
      [b.id, b.id, b.id],
      [b.id, b.id, b.id],
    ]);
  });

  it("shows a partner online while a socket of theirs is open, for the grace period after the last closes", async () => {
    const { a, b, chat } = await chatPair(t);
    expect((await listItem(t, a.token, chat.id)).partner.online).toBe(false);
    const one = t.wsClient(b.token);
    const two = t.wsClient(b.token);
    subscribe(one, TOTAL_LIVE);
    subscribe(two, TOTAL_LIVE);
    await eventually(() => t.app.pubsub.listenerCount(`SESSION_REVOKED:${b.id}`) === 2, "two sockets");
    expect((await listItem(t, a.token, chat.id)).partner.online).toBe(true);
    const seen = (await t.gql(CHAT_PARTNER, { chatWith: b.id }, a.token)).data.chat;
    expect(seen).toMatchObject({ me: { id: a.id, online: false }, partner: { id: b.id, online: true } });

    await one.dispose();
    await eventually(() => t.app.pubsub.listenerCount(`SESSION_REVOKED:${b.id}`) === 1, "one socket left");
    t.clock.advance(PRESENCE_GRACE_MS * 10);
    expect((await listItem(t, a.token, chat.id)).partner.online).toBe(true);

    await two.dispose();
    await eventually(() => t.app.pubsub.listenerCount(`SESSION_REVOKED:${b.id}`) === 0, "no socket left");
    // A reload reconnects within the grace period: still online.
    t.clock.advance(PRESENCE_GRACE_MS - 1000);
    expect((await listItem(t, a.token, chat.id)).partner.online).toBe(true);
    t.clock.advance(2000);
    expect((await listItem(t, a.token, chat.id)).partner.online).toBe(false);
  });

  it("hides a student's status when they ask, and shows it again", async () => {
    const { a, b, chat } = await chatPair(t);
    const ws = t.wsClient(b.token);
    subscribe(ws, TOTAL_LIVE);
    await eventually(() => t.app.pubsub.listenerCount(`SESSION_REVOKED:${b.id}`) === 1, "socket");
    expect((await t.gql(SETTINGS, {}, b.token)).data.presenceSettings).toEqual({ onlineStatusVisible: true });
    expect((await t.gql(VISIBLE, { visible: false }, b.token)).data.setOnlineStatusVisible).toEqual({ onlineStatusVisible: false });
    expect((await t.gql(SETTINGS, {}, b.token)).data.presenceSettings).toEqual({ onlineStatusVisible: false });
    expect((await listItem(t, a.token, chat.id)).partner.online).toBe(false);
    const exported = await t.app.services.privacy.exportData(b.id);
    expect(exported.presence).toEqual({ onlineStatusVisible: false });
    expect((await t.rest("PUT", "/user/presence", { token: b.token, body: { visible: true } })).body).toEqual({
      onlineStatusVisible: true,
    });
    expect((await listItem(t, a.token, chat.id)).partner.online).toBe(true);
    await ws.dispose();
  });

  it("erases the choice with the account", async () => {
    const { b } = await chatPair(t);
    await t.gql(VISIBLE, { visible: false }, b.token);
    await t.dataSource.query("UPDATE users SET passwordHash = ? WHERE id = ?", [await hashPassword("pw for deletion"), b.id]);
    await t.app.services.privacy.deleteAccount(b.id, "pw for deletion");
    expect(await t.dataSource.getRepository(PresenceSetting).count({ where: { userId: b.id } })).toBe(0);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)("presence across two instances on Redis", { retry: 1 }, () => {
  it("a partner connected to one instance shows online on the other, with the grace period after they leave", async () => {
    const clock = new ManualClock(new Date("2026-01-05T09:00:00Z"));
    const one = await startTestApp("sqlite", { clock, env: { REDIS_URL: redisUrl! } });
    const two = await startTestApp("sqlite", { clock, env: { REDIS_URL: redisUrl! }, shareDatabaseWith: one });
    try {
      const { a, b, chat } = await chatPair(one);
      const online = async () => (await listItem(one, a.token, chat.id)).partner.online;
      expect(await online()).toBe(false);
      const ws = two.wsClient(b.token);
      subscribe(ws, TOTAL_LIVE);
      await eventually(() => two.app.pubsub.listenerCount(`SESSION_REVOKED:${b.id}`) === 1, "socket on two");
      await eventually(online, "online as seen from instance one");
      await ws.dispose();
      await eventually(() => two.app.pubsub.listenerCount(`SESSION_REVOKED:${b.id}`) === 0, "socket closed");
      clock.advance(PRESENCE_GRACE_MS - 1000);
      expect(await online()).toBe(true);
      clock.advance(2000);
      await eventually(async () => !(await online()), "offline after the grace period");
    } finally {
      await two.close();
      await one.close();
    }
  });
});
