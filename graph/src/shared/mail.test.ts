import { mkdtempSync, readdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomIp, registerStudent } from "../../test/accounts.js";
import { dbTargets, startTestApp } from "../../test/harness.js";
import { outboxMails, parseMail, resetLinkIn, unsubscribeUrlOf, verifyLinkIn } from "../../test/outbox.js";
import { createLogger } from "./logger.js";
import { createMailer, mailFailureOutcome, OutboxMailer, SmtpMailer } from "./mail.js";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives. */
function startSmtp(): Promise<{ url: string; received: Received[]; next(): Promise<Received>; close(): Promise<void> }> {
  const received: Received[] = [];
  const waiters: Array<(m: Received) => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        const w = waiters.shift();
        if (w) w(mail);
        else received.push(mail);
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const port = (server.server.address() as AddressInfo).port;
      resolve({
        url: `smtp://127.0.0.1:${port}`,
        received,
        next: () => new Promise<Received>((r) => (received.length ? r(received.shift()!) : waiters.push(r))),
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

const logger = createLogger("silent");

describe("mailFailureOutcome", () => {
  // As nodemailer reports an SMTP refusal: the reply in `response`, its code, and the command refused.
  const refusal = (command: string, response: string) => ({
    code: "EENVELOPE",
    command,
    response,
    responseCode: Number(response.slice(0, 3)),
  });
  it("drops a mail only for a permanent refusal of its recipient or of the message itself", () => {
    for (const [command, response] of [
      ["RCPT TO", "550 5.1.1 No such user here"],
      ["RCPT TO", "553 5.1.3 Bad recipient address syntax"],
      ["RCPT TO", "552 5.2.2 Mailbox full"],
      ["RCPT TO", "550 Requested action not taken: mailbox unavailable"],
      ["DATA", "552 5.3.4 Message too big"],
      ["DATA", "554 5.6.0 Malformed message"],
    ]) {
      expect(mailFailureOutcome(refusal(command, response)), response).toEqual({
        kind: "drop",
        reason: `refused by the mail server: ${response}`,
      });
    }
  });

  it("retries a refusal of the sender or the session, a temporary refusal and a timeout", () => {
    for (const [command, response] of [
      ["MAIL FROM", "530 5.7.0 Authentication required"],
      ["MAIL FROM", "554 5.7.1 Sender address rejected: Access denied"],
      ["MAIL FROM", "550 5.1.0 Sender rejected"],
      ["RCPT TO", "554 5.7.1 Relay access denied"],
      ["RCPT TO", "550 Relaying denied"],
      ["DATA", "554 5.7.1 Rejected by policy"],
      ["RCPT TO", "450 4.2.1 Mailbox busy"],
      ["AUTH PLAIN", "535 5.7.8 Authentication credentials invalid"],
    ]) {
      expect(mailFailureOutcome(refusal(command, response)), response).toEqual({ kind: "retry", error: response });
    }
    expect(mailFailureOutcome(Object.assign(new Error("Timeout"), { code: "ETIMEDOUT", command: "CONN" }))).toEqual({
      kind: "retry",
      error: "Timeout",
    });
  });
});

describe("Mailer adapters", () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("SmtpMailer delivers the message to a real SMTP server", async () => {
    const mailer = new SmtpMailer(smtp.url, "Skill Exchange <no-reply@skill-exchange.test>");
    await mailer.send({
      to: { name: "Priya", address: "22z212@psgtech.ac.in" },
      replyTo: "help@skill-exchange.test",
      subject: "Hello from the test",
      text: "Line one\nhttps://example.test/reset-password/abc",
    });
    mailer.close();
    const got = await smtp.next();
    expect(got.from).toBe("no-reply@skill-exchange.test");
    expect(got.to).toEqual(["22z212@psgtech.ac.in"]);
    const mail = parseMail(got.raw);
    expect(mail.headers.subject).toBe("Hello from the test");
    expect(mail.headers.to).toBe("Priya <22z212@psgtech.ac.in>");
    expect(mail.headers["reply-to"]).toBe("help@skill-exchange.test");
    expect(mail.text).toContain("https://example.test/reset-password/abc");
  });

  it("OutboxMailer writes one .eml per mail, in time order, and nothing half-written", async () => {
    const dir = path.join(mkdtempSync(path.join(os.tmpdir(), "sx-outbox-")), "outbox");
    const mailer = new OutboxMailer(dir, "Skill Exchange <no-reply@skill-exchange.test>", logger);
    for (const n of [1, 2, 3]) await mailer.send({ to: "a@b.test", subject: `Mail ${n}`, text: `Body ${n} ünïcödé` });
    expect(readdirSync(dir).every((f) => f.endsWith(".eml"))).toBe(true);
    const mails = outboxMails(path.dirname(dir));
    expect(mails.map((m) => m.headers.subject)).toEqual(["Mail 1", "Mail 2", "Mail 3"]);
    expect(mails[2].text.trim()).toBe("Body 3 ünïcödé");
    expect(mails[0].headers.from).toBe("Skill Exchange <no-reply@skill-exchange.test>");
  });

  it("createMailer picks SMTP when SMTP_URL is set and the outbox otherwise", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "sx-mailer-"));
    expect(createMailer({ smtpUrl: smtp.url, mailFrom: "x <x@y.z>", dataDir }, logger)).toBeInstanceOf(SmtpMailer);
    expect(createMailer({ smtpUrl: undefined, mailFrom: "x <x@y.z>", dataDir }, logger)).toBeInstanceOf(OutboxMailer);
  });

  it("the app sends verification, reset and contact mails over SMTP when SMTP_URL is set", async () => {
    const t = await startTestApp("sqlite", { env: { SMTP_URL: smtp.url, CONTACT_TO: "team@skill-exchange.test" } });
    try {
      const s = await registerStudent(t);
      const welcome = await smtp.next();
      expect(welcome.to).toEqual([s.email]);
      const verify = verifyLinkIn(parseMail(welcome.raw))!;
      expect(verify).toMatch(new RegExp(`^${t.config.publicUrl}/verify-email/[A-Za-z0-9_-]{43}$`));
      expect((await t.rest("POST", "/verify-email", { body: { token: verify.split("/").at(-1) } })).body).toEqual({ error: "" });

      const r = await t.rest("POST", "/forgot-password", { body: { email: s.email }, headers: { "x-forwarded-for": randomIp() } });
      expect(r.status).toBe(200);
      const reset = await smtp.next();
      expect(reset.to).toEqual([s.email]);
      const link = resetLinkIn(parseMail(reset.raw));
      expect(link).toMatch(new RegExp(`^${t.config.publicUrl}/reset-password/[A-Za-z0-9_-]{43}$`));
      const token = link!.split("/").at(-1)!;
      expect((await t.rest("POST", "/reset-password", { body: { newtoken: token } })).body).toEqual({ error: "" });

      await t.rest("POST", "/contact-mail", {
        body: { name: "Kavya", email: "kavya@example.com", msg: "Hi there" },
        headers: { "x-forwarded-for": randomIp() },
      });
      const contact = await smtp.next();
      expect(contact.to).toEqual(["team@skill-exchange.test"]);
      expect(parseMail(contact.raw).text).toContain("Hi there");
      // nothing went to the outbox folder
      expect(outboxMails(t.config.dataDir)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});

describe.each(dbTargets)("notification mails over SMTP on %s", (target) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it("delivers an instant notification mail with text and HTML parts and RFC 8058 unsubscribe headers", async () => {
    const t = await startTestApp(target, { env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://skill-exchange.example" } });
    try {
      const a = await t.createUser();
      const b = await t.createUser();
      await t.app.services.deps.tx((em) =>
        t.app.services.notifications.notify(
          {
            recipientId: b.user.id,
            notifierId: a.user.id,
            type: "swap-accept",
            message: `${a.user.name} accepted your swap request`,
          },
          em,
        ),
      );
      const got = await smtp.next();
      expect(got.to).toEqual([b.user.email]);
      const mail = parseMail(got.raw);
      expect(mail.headers["content-type"]).toMatch(/^multipart\/alternative/);
      expect(mail.headers.subject).toBe("Your request was accepted");
      expect(mail.text).toContain(`${a.user.name} accepted your swap request`);
      expect(mail.html).toContain(`${a.user.name} accepted your swap request`);
      expect(unsubscribeUrlOf(mail)).toMatch(/^https:\/\/skill-exchange\.example\/api\/unsubscribe\?token=/);
      expect(mail.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
      expect(outboxMails(t.config.dataDir)).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
