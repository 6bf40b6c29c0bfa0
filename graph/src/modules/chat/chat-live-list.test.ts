import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CHAT_LIST_CHANGED,
  CHATS,
  chatPair,
  type ListChange,
  nextListChange,
  REPORT,
  SEND,
  student,
  subscriptionErrors,
} from "../../../test/chat.js";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { GUITAR, Q, REACT } from "../swaps/swaps.test-support.js";
import { PRESENCE_GRACE_MS } from "./chat-presence.service.js";

const PRESENCE_OFF = `mutation Hide($v: Boolean!) { setOnlineStatusVisible(visible: $v) { onlineStatusVisible } }`;

describe.each(dbTargets)("the live chat list on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A chat list subscription of `token`'s student, live once its listener is registered. */
  async function listOf(s: { id: string; token: string }) {
    const client = t.wsClient(s.token);
    const sub = subscribe(client, CHAT_LIST_CHANGED);
    await eventually(() => t.app.pubsub.listenerCount(`CHAT_LIST_CHANGED:${s.id}`) > 0, "list subscription");
    return { sub, client };
  }
  const isItem = (chatId: string) => (c: { item: { id: string } | null }) => c.item?.id === chatId;
  const isPresence = (userId: string) => (c: { partner: { id: string } | null }) => c.partner?.id === userId;

  it("moves a chat for both members on a message, unread for the recipient only, and tells no third student", async () => {
    const { a, b, chat } = await chatPair(t);
    const c = await student(t);
    const d = await student(t);
    const other = await t.app.services.deps.tx((em) =>
      t.app.services.chatOpen.open({ kind: "swap", requesterId: c.id, receiverId: d.id }, em),
    );
    const [la, lb, lc] = [await listOf(a), await listOf(b), await listOf(c)];

    expect((await t.gql(SEND, { chatWith: b.id, body: "see you at six" }, a.token)).errors).toBeUndefined();
    const forA = await nextListChange(la.sub, isItem(chat.id));
    expect(forA.item).toMatchObject({
      status: "IN_PROGRESS",
      lastMessagePreview: "see you at six",
      lastMessageFromMe: true,
      unreadCount: 0,
      partner: { id: b.id, name: b.user.name },
    });
    const forB = await nextListChange(lb.sub, isItem(chat.id));
    expect(forB.item).toMatchObject({
      lastMessagePreview: "see you at six",
      lastMessageFromMe: false,
      unreadCount: 1,
      partner: { id: a.id },
    });
    // The event's cursor and time are the list's own: the client puts it where a reload would.
    const listed = (await t.gql(CHATS, { first: 5 }, b.token)).data.chats;
    expect(listed.edges[0].node).toMatchObject({ id: chat.id, lastMessageAt: forB.item.lastMessageAt });
    expect(forB.cursor).toEqual(expect.any(String));

    await t.gql(SEND, { chatWith: a.id, body: "and again" }, b.token);
    expect((await nextListChange(la.sub, isItem(chat.id))).item).toMatchObject({ lastMessagePreview: "and again", unreadCount: 1 });

    // The third student's first chat event is their own chat's; nothing of a and b reached them.
    await t.gql(SEND, { chatWith: c.id, body: "c and d" }, d.token);
    const skipped: ListChange[] = [];
    expect((await nextListChange(lc.sub, isItem(other.id), skipped)).item).toMatchObject({ lastMessagePreview: "c and d", unreadCount: 1 });
    expect(skipped.filter((s) => s.item || s.partner?.id !== d.id)).toEqual([]);
    expect(lc.sub.received()).toEqual([]);
    for (const l of [la, lb, lc]) l.sub.dispose();
  });

  it("shows a chat opened by an accepted swap in both lists, and a read on another device", async () => {
    const a = await student(t, { known: [REACT], required: [GUITAR] });
    const b = await student(t, { gender: "Female", known: [GUITAR], required: [REACT] });
    const [la, lb] = [await listOf(a), await listOf(b)];
    const r = await t.gql(Q.requestSwap, { i: { receiverId: b.id, preachSkill: REACT, learnSkill: GUITAR } }, a.token);
    expect(r.errors).toBeUndefined();
    const accepted = await t.gql(Q.accept, { id: r.data.requestSwap.id }, b.token);
    const chatId = accepted.data.acceptRequest.chatId as string;
    expect((await nextListChange(la.sub, isItem(chatId))).item).toMatchObject({
      status: "IN_PROGRESS",
      lastMessagePreview: null,
      unreadCount: 0,
      partner: { id: b.id, name: b.user.name, online: true },
    });
    expect((await nextListChange(lb.sub, isItem(chatId))).item).toMatchObject({ partner: { id: a.id, online: true } });

    // b reads the chat elsewhere: only b's lists hear it.
    await t.gql(SEND, { chatWith: b.id, body: "hi" }, a.token);
    expect((await nextListChange(lb.sub, isItem(chatId))).item.unreadCount).toBe(1);
    await t.gql(`mutation($c: ID!) { markChatRead(chatWith: $c) { id unreadCount } }`, { c: a.id }, b.token);
    expect((await nextListChange(lb.sub, isItem(chatId))).item).toMatchObject({ unreadCount: 0, lastMessagePreview: "hi" });
    la.sub.dispose();
    lb.sub.dispose();
  });

  it("pushes a partner's presence, after the grace period for offline, never while hidden or to someone blocked", async () => {
    const { a, b } = await chatPair(t);
    const la = await listOf(a);
    // b connects: a hears b online.
    const bClient = t.wsClient(b.token);
    const bSub = subscribe(bClient, CHAT_LIST_CHANGED);
    expect((await nextListChange(la.sub, isPresence(b.id))).partner).toMatchObject({ id: b.id, name: b.user.name, online: true });
    // b leaves: still online during the grace period, offline after it.
    bSub.dispose();
    await bClient.dispose();
    await eventually(() => t.app.pubsub.listenerCount(`SESSION_REVOKED:${b.id}`) === 0, "b's socket closed");
    t.clock.advance(PRESENCE_GRACE_MS + 1000);
    await t.app.services.chat.presence.sweep();
    expect((await nextListChange(la.sub, isPresence(b.id))).partner).toMatchObject({ id: b.id, online: false });

    // Hidden, b's coming back is not told; showing it again while connected is.
    expect((await t.gql(PRESENCE_OFF, { v: false }, b.token)).errors).toBeUndefined();
    const bAgain = subscribe(t.wsClient(b.token), CHAT_LIST_CHANGED);
    await eventually(() => t.app.pubsub.listenerCount(`CHAT_LIST_CHANGED:${b.id}`) > 0, "b's list again");
    await t.gql(SEND, { chatWith: a.id, body: "hidden but here" }, b.token);
    const skipped: ListChange[] = [];
    expect((await nextListChange(la.sub, (c) => Boolean(c.item), skipped)).item).toMatchObject({
      lastMessagePreview: "hidden but here",
      partner: { id: b.id, online: false },
    });
    expect(skipped.filter((s) => s.partner?.id === b.id && s.partner.online)).toEqual([]);
    await t.gql(PRESENCE_OFF, { v: true }, b.token);
    expect((await nextListChange(la.sub, isPresence(b.id))).partner?.online).toBe(true);
    await t.gql(PRESENCE_OFF, { v: false }, b.token);
    expect((await nextListChange(la.sub, isPresence(b.id))).partner?.online).toBe(false);

    // c reports their chat with a: both block each other, so a hears the chat end (offline) and never c's presence.
    const c = await student(t);
    const withC = await t.app.services.deps.tx((em) =>
      t.app.services.chatOpen.open({ kind: "swap", requesterId: c.id, receiverId: a.id }, em),
    );
    await nextListChange(la.sub, isItem(withC.id));
    await t.gql(REPORT, { chatWith: a.id, reason: "SPAM_OR_SCAM" }, c.token);
    expect((await nextListChange(la.sub, isItem(withC.id))).item).toMatchObject({
      status: "SUSPENDED",
      partner: { id: c.id, online: false },
    });
    await t.app.services.chat.listEvents.presenceChanged(c.id, true);
    await t.gql(PRESENCE_OFF, { v: true }, b.token);
    const before: ListChange[] = [];
    expect((await nextListChange(la.sub, isPresence(b.id), before)).partner?.online).toBe(true);
    expect(before.filter((s) => s.partner?.id === c.id)).toEqual([]);
    la.sub.dispose();
    bAgain.dispose();
  });

  it("refuses a list subscription without a token", async () => {
    expect(await subscriptionErrors(subscribe(t.wsClient(), CHAT_LIST_CHANGED))).toMatchObject([
      { extensions: { code: "UNAUTHENTICATED" } },
    ]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)("the live chat list across two instances on Redis", { retry: 1 }, () => {
  it("a message sent on one instance moves both lists, subscribed on either, and a partner's socket on the other shows them online", async () => {
    const one = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! } });
    const two = await startTestApp("sqlite", { env: { REDIS_URL: redisUrl! }, shareDatabaseWith: one });
    try {
      const { a, b, chat } = await chatPair(one);
      const c = await student(one);
      const subA = subscribe(one.wsClient(a.token), CHAT_LIST_CHANGED);
      const subC = subscribe(one.wsClient(c.token), CHAT_LIST_CHANGED);
      await eventually(() => one.app.pubsub.listenerCount("CHAT_LIST_CHANGED") >= 2, "subscriptions on one");
      const { Redis } = await import("ioredis");
      const probe = new Redis(redisUrl!);
      const numsub = async (channel: string) => Number(((await probe.pubsub("NUMSUB", channel)) as [string, number])[1]);
      await eventually(async () => (await numsub(`CHAT_LIST_CHANGED:${a.id}`)) >= 1, "a's list on Redis", 60_000);
      // b connects to the other instance: a, on the first, hears it.
      const subB = subscribe(two.wsClient(b.token), CHAT_LIST_CHANGED);
      expect((await nextListChange(subA, (x) => x.partner?.id === b.id)).partner?.online).toBe(true);
      await eventually(async () => (await numsub(`CHAT_LIST_CHANGED:${b.id}`)) >= 1, "b's list on Redis", 60_000);
      await probe.quit();
      expect((await two.gql(SEND, { chatWith: a.id, body: "via two" }, b.token)).errors).toBeUndefined();
      expect((await nextListChange(subA, (x) => x.item?.id === chat.id)).item).toMatchObject({
        lastMessagePreview: "via two",
        unreadCount: 1,
      });
      expect((await nextListChange(subB, (x) => x.item?.id === chat.id)).item).toMatchObject({ lastMessageFromMe: true, unreadCount: 0 });
      expect(subC.received()).toEqual([]);
      subA.dispose();
      subB.dispose();
      subC.dispose();
    } finally {
      await two.close();
      await one.close();
    }
  });
});
