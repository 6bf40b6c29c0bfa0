import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorCode, gqlFrom, randomIp } from "../../../test/accounts.js";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { outboxMails, mailSettled } from "../../../test/outbox.js";
import { ContactMessage } from "./contact-message.entity.js";

const SEND = `mutation Send($input: ContactMessageInput!) { sendContactMessage(input: $input) }`;

describe.each(dbTargets)("contact form on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { env: { CONTACT_TO: "team@example.org" } });
  });
  afterAll(async () => {
    await t?.close();
  });

  const rows = () => t.dataSource.getRepository(ContactMessage);

  it("stores the message and mails it to CONTACT_TO with the sender as Reply-To (REST)", async () => {
    const ip = randomIp();
    const r = await t.rest("POST", "/contact-mail", {
      body: { name: "Asha Raman", email: "asha@example.com", msg: "Can I teach Carnatic music here?\nThanks!" },
      headers: { "x-forwarded-for": ip },
    });
    expect(r).toMatchObject({ status: 200, body: { error: "The mail has been sent successfully " } });
    const row = await rows().findOneByOrFail({ email: "asha@example.com" });
    expect(row).toMatchObject({ name: "Asha Raman", message: "Can I teach Carnatic music here?\nThanks!", ip });
    expect(row.createdAt.getTime()).toBe(t.clock.now().getTime());

    await mailSettled(t.app.services);
    const mail = outboxMails(t.config.dataDir).find((m) => m.text.includes("Carnatic"))!;
    expect(mail.headers.to).toBe("team@example.org");
    expect(mail.headers["reply-to"]).toBe("Asha Raman <asha@example.com>");
    expect(mail.headers.subject).toBe("Contact form: Asha Raman");
    expect(mail.text).toContain(row.id);
  });

  it("works over GraphQL too", async () => {
    const r = await gqlFrom(t, randomIp(), SEND, { input: { name: "Ravi", email: "ravi@example.com", message: "Hello team" } });
    expect(r.data).toEqual({ sendContactMessage: true });
    expect(await rows().countBy({ email: "ravi@example.com" })).toBe(1);
  });

  it("requires all fields and a plausible email, storing nothing otherwise", async () => {
    const before = await rows().count();
    for (const body of [
      { name: "", email: "a@b.co", msg: "hi" },
      { name: "A", email: " ", msg: "hi" },
      { name: "A", email: "a@b.co", msg: "   " },
      {},
    ]) {
      const r = await t.rest("POST", "/contact-mail", { body, headers: { "x-forwarded-for": randomIp() } });
      expect(r).toMatchObject({ status: 400, body: { error: "All fields are required." } });
    }
    const bad = await t.rest("POST", "/contact-mail", {
      body: { name: "A", email: "not-an-email", msg: "hi" },
      headers: { "x-forwarded-for": randomIp() },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: "Please enter a valid email address." } });
    const header = await gqlFrom(t, randomIp(), SEND, { input: { name: "A", email: "a@b.co\r\nBcc: x@evil.com", message: "hi" } });
    expect(errorCode(header)).toBe("BAD_USER_INPUT");
    const long = await gqlFrom(t, randomIp(), SEND, { input: { name: "A", email: "a@b.co", message: "x".repeat(5001) } });
    expect(errorCode(long)).toBe("BAD_USER_INPUT");
    expect(await rows().count()).toBe(before);
  });
});
