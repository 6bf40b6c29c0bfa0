import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MAIL_MODES, MAIL_KINDS, MAIL_SETTINGS_MESSAGES } from "../../../../common/notifications.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { outboxMails, unsubscribeUrlOf, mailSettled, outboxMailsTo } from "../../../test/outbox.js";
import { DAY, HOUR } from "../../shared/clock.js";
import { hashPassword } from "../accounts/passwords.js";
import { DIGEST_JOB } from "./notification-mail.service.js";
import type { NotificationType } from "./notification.entity.js";

const SETTINGS = `{ notificationMailSettings { id kind mode label } }`;
const UPDATE = `mutation ($settings: [NotificationMailSettingInput!]!) { updateNotificationMailSettings(settings: $settings) { kind mode } }`;

describe.each(dbTargets)("notification mails on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A link from a mail (PUBLIC_URL) on the test server's real address. */
  const local = (url: string) => t.url + url.slice(t.config.publicUrl.length);
  const mailsTo = (address: string) => outboxMailsTo(t.config.dataDir, address);

  async function notify(recipientId: string, notifierId: string, type: NotificationType, message: string) {
    await t.app.services.deps.tx((em) => t.app.services.notifications.notify({ recipientId, notifierId, type, message }, em));
    await mailSettled(t.app.services);
  }

  /** Moves the clock to the next digest hour and runs what is due. */
  async function nextDigest() {
    const now = t.clock.now().getTime();
    const at = Math.floor((now - t.config.mailDigestHour * HOUR) / DAY) * DAY + t.config.mailDigestHour * HOUR + DAY;
    t.clock.set(new Date(at + 1000));
    const ran = await t.app.services.jobs.runDue(t.clock.now());
    await mailSettled(t.app.services);
    return ran;
  }

  it("has sensible defaults, and the settings can be read and changed through GraphQL and REST", async () => {
    const a = await t.createUser();
    const g = await t.gql(SETTINGS, {}, a.token);
    expect(g.data.notificationMailSettings.map((s: { kind: string; mode: string }) => [s.kind, s.mode])).toEqual(
      // GraphQL names the spec's values in UPPER_CASE (implementAccepted: IMPLEMENT_ACCEPTED).
      MAIL_KINDS.map((k) => [k.replace(/([A-Z])/g, "_$1").toUpperCase(), DEFAULT_MAIL_MODES[k].toUpperCase()]),
    );
    expect(DEFAULT_MAIL_MODES).toMatchObject({ request: "instant", accepted: "instant", message: "digest" });

    const u = await t.gql(
      UPDATE,
      {
        settings: [
          { kind: "MESSAGE", mode: "INSTANT" },
          { kind: "REQUEST", mode: "OFF" },
        ],
      },
      a.token,
    );
    expect(u.errors).toBeUndefined();
    expect(u.data.updateNotificationMailSettings).toContainEqual({ kind: "MESSAGE", mode: "INSTANT" });
    expect(u.data.updateNotificationMailSettings).toContainEqual({ kind: "REQUEST", mode: "OFF" });

    const r = await t.rest("GET", "/notification-settings", { token: a.token });
    expect(r.status).toBe(200);
    expect(r.body.settings).toContainEqual({ kind: "request", label: "Swap and pay requests", mode: "off" });
    const put = await t.rest("PUT", "/notification-settings", { token: a.token, body: { settings: { request: "digest", finish: "off" } } });
    expect(put.status).toBe(200);
    expect(put.body.settings).toContainEqual(expect.objectContaining({ kind: "request", mode: "digest" }));
    expect(put.body.settings).toContainEqual(expect.objectContaining({ kind: "finish", mode: "off" }));

    // Bad input changes nothing.
    const bad = await t.rest("PUT", "/notification-settings", {
      token: a.token,
      body: { settings: { request: "instant", finish: "weekly" } },
    });
    expect(bad.status).toBe(400);
    expect((await t.app.services.notificationMail.modeOf(a.user.id, "request")).toString()).toBe("digest");
    expect((await t.gql(UPDATE, { settings: [{ kind: "REQUEST", mode: "weekly" }] }, a.token)).errors?.[0].extensions?.code).toBe(
      "BAD_USER_INPUT",
    );
    expect((await t.rest("GET", "/notification-settings")).status).toBe(401);
    expect((await t.gql(SETTINGS)).errors?.[0].extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("mails a request at once, in text and HTML, with a one-click unsubscribe link that cannot be forged", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await notify(b.user.id, a.user.id, "swap-request", `${a.user.name} wants to learn Guitar from you and teach you React`);
    const [mail] = mailsTo(b.user.email);
    expect(mail.headers.subject).toBe("New request on Skill Exchange");
    expect(mail.text).toContain(`${a.user.name} wants to learn Guitar from you`);
    expect(mail.text).toContain(`${t.config.publicUrl}/${b.user.id}/notifications`);
    expect(mail.html).toContain(`${a.user.name} wants to learn Guitar from you`);
    expect(mail.html).toContain("<a href=");
    expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    const url = unsubscribeUrlOf(mail)!;
    expect(url.startsWith(`${t.config.publicUrl}/api/unsubscribe?token=`)).toBe(true);
    expect(mail.text).toContain(url);
    const path = url.slice(`${t.config.publicUrl}/api`.length);

    // GET (a mail scanner, or the student's browser) only asks.
    const page = await t.rest("GET", path);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post"');
    expect(await t.app.services.notificationMail.modeOf(b.user.id, "request")).toBe("instant");

    // Forged: another student's id with b's MAC, another kind, a changed MAC.
    const token = decodeURIComponent(path.split("token=")[1]);
    const [, kind, mac] = token.split(".");
    for (const forged of [
      `${a.user.id}.${kind}.${mac}`,
      `${b.user.id}.accepted.${mac}`,
      `${b.user.id}.${kind}.${mac.slice(0, -2)}AA`,
      "nonsense",
    ]) {
      const r = await t.rest("POST", `/unsubscribe?token=${encodeURIComponent(forged)}`, { body: "List-Unsubscribe=One-Click" });
      expect(r.status).toBe(400);
    }
    expect(await t.app.services.notificationMail.modeOf(a.user.id, "request")).toBe("instant");

    // The mail client's one-click POST, without signing in.
    const res = await fetch(local(url), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    const done = await res.text();
    expect(done).toContain("You will no longer get these mails.");
    // And leads back: to the mail settings it speaks of, and to the app.
    expect(done).toContain('<a href="/settings/notifications">Mail settings</a>');
    expect(await t.app.services.notificationMail.modeOf(b.user.id, "request")).toBe("off");
    expect(await t.app.services.notificationMail.modeOf(b.user.id, "accepted")).toBe("instant");
    // The link again (the browser's Back): it says the mails are off already, and asks nothing.
    const again = await t.rest("GET", path);
    expect(again.status).toBe(200);
    expect(again.body).toContain(MAIL_SETTINGS_MESSAGES.alreadyOff);
    expect(again.body).not.toContain("<form");

    await notify(b.user.id, a.user.id, "pay-request", `${a.user.name} wants to learn Guitar from you for 5 skill coins`);
    expect(mailsTo(b.user.email)).toHaveLength(1);
    // Still in the app.
    expect(await t.app.services.notifications.countFor(b.user.id)).toBe(2);
  });

  it("does not mail a notification whose transaction rolled back", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await expect(
      t.app.services.deps.tx(async (em) => {
        await t.app.services.notifications.notify(
          { recipientId: b.user.id, notifierId: a.user.id, type: "swap-accept", message: "accepted" },
          em,
        );
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    await mailSettled(t.app.services);
    expect(mailsTo(b.user.email)).toHaveLength(0);
  });

  it("sends the digest once a day with everything new since the last one, once across two instances", async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    await nextDigest(); // whatever earlier tests queued goes out first
    await notify(b.user.id, a.user.id, "swap-reject", "Your swap request has been rejected");
    await notify(b.user.id, a.user.id, "success-Finish", `${a.user.name} finished the swap with you`);
    expect(mailsTo(b.user.email)).toHaveLength(0);

    const second = await startTestApp(target, { shareDatabaseWith: t, clock: t.clock });
    try {
      t.clock.advance(HOUR);
      // Today's digest already went out (nextDigest above): nothing is due until the next digest hour.
      expect(await t.app.services.jobs.runDue(t.clock.now())).not.toContain(DIGEST_JOB);
      const now = t.clock.now().getTime();
      const at = Math.floor((now - t.config.mailDigestHour * HOUR) / DAY) * DAY + t.config.mailDigestHour * HOUR + DAY;
      t.clock.set(new Date(at + 1000));
      const settleBoth = () => Promise.all([mailSettled(t.app.services), mailSettled(second.app.services)]);
      // Two SQLite connections in one process: a write waiting for the other's lock blocks the thread
      // (better-sqlite3's busy wait), so on SQLite the instances take turns; MariaDB runs them at once.
      let ran: string[][];
      if (target === "sqlite") {
        const first = await second.app.services.jobs.runDue(t.clock.now());
        await settleBoth();
        ran = [first, await t.app.services.jobs.runDue(t.clock.now())];
      } else {
        ran = await Promise.all([second.app.services.jobs.runDue(t.clock.now()), t.app.services.jobs.runDue(t.clock.now())]);
      }
      await settleBoth();
      // Other jobs (lesson reminders) may run too; the digest runs on exactly one instance.
      expect(ran.flat().filter((name) => name === DIGEST_JOB)).toEqual([DIGEST_JOB]);
      const digests = [...outboxMails(t.config.dataDir), ...outboxMails(second.config.dataDir)].filter((m) =>
        m.headers.to?.includes(b.user.email),
      );
      expect(digests).toHaveLength(1);
      const [d] = digests;
      expect(d.headers.subject).toBe("Your Skill Exchange digest: 2 new updates");
      expect(d.text).toContain(`${a.user.name}: Your swap request has been rejected`);
      expect(d.text).toContain(`${a.user.name} finished the swap with you`);
      expect(d.html).toContain("finished the swap with you");
      expect(d.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(await t.app.services.notificationMail.pendingDigest(b.user.id)).toEqual([]);

      // Nothing new: no mail the next day.
      await nextDigest();
      expect(
        [...outboxMails(t.config.dataDir), ...outboxMails(second.config.dataDir)].filter((m) => m.headers.to?.includes(b.user.email)),
      ).toHaveLength(1);

      // The digest's unsubscribe link turns off every kind that was in the digest.
      const r = await fetch(local(unsubscribeUrlOf(d)!), {
        method: "POST",
        body: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(r.status).toBe(200);
      const modes = Object.fromEntries((await t.app.services.notificationMail.settingsOf(b.user.id)).map((s) => [s.kind, s.mode]));
      expect(modes).toMatchObject({ rejected: "off", finish: "off", message: "off", request: "instant" });
    } finally {
      await second.close();
    }
  });

  it("mails nobody unverified, suspended or deleted", async () => {
    const a = await t.createUser();
    const unverified = await t.createUser({ emailVerifiedAt: null, visible: false });
    const suspended = await t.createUser({ suspendedUntil: new Date(t.clock.now().getTime() + 30 * DAY) });
    const deleted = await t.createUser({ deletedAt: t.clock.now() });
    for (const s of [unverified, suspended, deleted]) {
      await notify(s.user.id, a.user.id, "swap-accept", "accepted");
      await notify(s.user.id, a.user.id, "swap-reject", "rejected");
      expect(mailsTo(s.user.email)).toHaveLength(0);
    }
    await nextDigest();
    for (const s of [unverified, suspended, deleted]) expect(mailsTo(s.user.email)).toHaveLength(0);
  });

  it("exports the settings and queued digest lines, and deletion removes them", async () => {
    const password = "my own password";
    const a = await t.createUser({ passwordHash: await hashPassword(password) });
    const b = await t.createUser();
    await t.gql(UPDATE, { settings: [{ kind: "FINISH", mode: "INSTANT" }] }, a.token);
    await notify(a.user.id, b.user.id, "swap-reject", "Your swap request has been rejected");
    await notify(b.user.id, a.user.id, "swap-reject", `${a.user.name} rejected your request`);
    const data = JSON.parse((await t.gql(`{ myDataExport }`, {}, a.token)).data.myDataExport);
    expect(data.notificationMail.settings).toContainEqual({ kind: "finish", mode: "instant" });
    expect(data.notificationMail.pendingDigest).toMatchObject([
      { kind: "rejected", line: `${b.user.name}: Your swap request has been rejected` },
    ]);

    expect((await t.gql(`mutation ($p: String!) { deleteAccount(password: $p) }`, { p: password }, a.token)).data).toEqual({
      deleteAccount: true,
    });
    const s = t.app.services.notificationMail;
    expect(await s.pendingDigest(a.user.id)).toEqual([]);
    // b's digest line about a (a's name is in it) went too.
    expect(await s.pendingDigest(b.user.id)).toEqual([]);
    expect((await s.settingsOf(a.user.id)).find((x) => x.kind === "finish")?.mode).toBe("digest");
  });
});
