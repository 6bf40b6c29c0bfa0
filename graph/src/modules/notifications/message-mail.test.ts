import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPair, SEND } from "../../../test/chat.js";
import { eventually } from "../../../test/eventually.js";
import { dbTargets, startTestApp, subscribe, type TestApp } from "../../../test/harness.js";
import { mailSettled, outboxMailsTo } from "../../../test/outbox.js";
import { OutboxItem, OutboxStatus } from "../../shared/outbox.entity.js";
import { MESSAGE_NOTICE_CHANNEL, type MessageNotice } from "./message-notice.js";

const UPDATE = `mutation ($settings: [NotificationMailSettingInput!]!) { updateNotificationMailSettings(settings: $settings) { kind mode } }`;

/** A chat message's mail (notification-mail.test.ts covers the notifications' mails and the digest). */
describe.each(dbTargets)("chat message mails on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mailsTo = (address: string) => outboxMailsTo(t.config.dataDir, address);

  it("mails a chat message only while the recipient does not have the app open", async () => {
    const { a, b } = await chatPair(t);
    await t.gql(UPDATE, { settings: [{ kind: "MESSAGE", mode: "INSTANT" }] }, b.token);
    expect((await t.gql(SEND, { chatWith: b.id, body: "Are you there?" }, a.token)).errors).toBeUndefined();
    await mailSettled(t.app.services);
    const [mail] = mailsTo(b.user.email);
    expect(mail.headers.subject).toBe("New message on Skill Exchange");
    expect(mail.text).toContain(`${a.user.name} sent you a message: "Are you there?"`);
    expect(mail.text).toContain(`${t.config.publicUrl}/user/chat/${a.id}`);
    const first = (await t.dataSource.getRepository(OutboxItem).findBy({ channel: MESSAGE_NOTICE_CHANNEL })).filter((n) =>
      n.payload.includes("Are you there?"),
    );
    expect(first).toHaveLength(1);

    // b opens the app: a realtime socket (any subscription).
    const sub = subscribe(t.wsClient(b.token), `subscription { notificationAdded { id } }`);
    await eventually(() => t.app.pubsub.listenerCount(`SESSION_REVOKED:${b.id}`) >= 1, "b's socket is open");
    const seen = await t.gql<{ sendMessage: { id: string } }>(SEND, { chatWith: b.id, body: "I see you" }, a.token);
    await mailSettled(t.app.services);
    expect(mailsTo(b.user.email)).toHaveLength(1);
    // A message to a student with the app open records no notice at all (no outbox item to write and mark).
    const notices = (id: string) => t.dataSource.getRepository(OutboxItem).countBy({ dedupeKey: `message:${id}` });
    expect(await notices(seen.data!.sendMessage.id)).toBe(0);
    sub.dispose();

    // By default messages wait for the digest.
    expect((await t.gql(SEND, { chatWith: a.id, body: "Back later" }, b.token)).errors).toBeUndefined();
    await mailSettled(t.app.services);
    expect(mailsTo(a.user.email)).toHaveLength(0);
    expect((await t.app.services.notificationMail.pendingDigest(a.id)).map((i) => i.line)).toEqual([
      `${b.user.name} sent you a message: "Back later"`,
    ]);
  });

  it("records a chat message's notice in the message's transaction: an instance stopping right after the commit loses no mail", async () => {
    const { a, b } = await chatPair(t);
    await t.gql(UPDATE, { settings: [{ kind: "MESSAGE", mode: "INSTANT" }] }, b.token);
    // Another instance stores the message and stops before its worker delivers anything.
    const second = await startTestApp(target, { shareDatabaseWith: t, clock: t.clock });
    let messageId = "";
    try {
      await second.app.services.outbox.stop();
      const r = await second.gql<{ sendMessage: { id: string } }>(SEND, { chatWith: b.id, body: "Still there?" }, a.token);
      expect(r.errors).toBeUndefined();
      messageId = r.data!.sendMessage.id;
    } finally {
      await second.close();
    }
    const notice = await t.dataSource
      .getRepository(OutboxItem)
      .findOneByOrFail({ channel: MESSAGE_NOTICE_CHANNEL, dedupeKey: `message:${messageId}` });
    expect(notice.status).toBe(OutboxStatus.PENDING);
    // This instance delivers what the stopped one left: one mail, even when the notice is delivered again.
    await mailSettled(t.app.services);
    const mine = () => mailsTo(b.user.email).filter((m) => m.text.includes('sent you a message: "Still there?"'));
    expect(mine()).toHaveLength(1);
    await t.app.services.notifications
      .messageNoticeChannel()
      .deliver(JSON.parse(notice.payload) as MessageNotice, { id: notice.id, attempts: 1 });
    await mailSettled(t.app.services);
    expect(mine()).toHaveLength(1);
  });
});
