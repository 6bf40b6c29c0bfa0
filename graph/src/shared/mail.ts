import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { EntityManager } from "typeorm";
import type { Config } from "../config.js";
import { lazyRequire } from "./lazy-require.js";
import type { Logger } from "./logger.js";
import type { DeliveryOutcome, Outbox, OutboxChannel } from "./outbox.js";

const nodemailer = () => lazyRequire("nodemailer") as typeof import("nodemailer");

export interface MailAddress {
  name: string;
  address: string;
}

export interface MailMessage {
  to: string | MailAddress;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string | MailAddress;
  /** Extra headers (List-Unsubscribe, ...). */
  headers?: Record<string, string>;
  /** Files sent with the mail (a lesson's .ics invitation: `text/calendar; method=REQUEST`). */
  attachments?: MailAttachment[];
  /** The Message-ID header (`<id@host>`); the outbox sets it from its row, so a resent mail keeps its id. */
  messageId?: string;
}

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** Sends one mail. Services depend on this, never on nodemailer. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Development and tests: every mail becomes an .eml file in DATA_DIR/outbox/ (open it
 * with any mail client), and the links in it are logged so a reset link is one click away.
 * File names sort by time, so the newest mail is the last name.
 */
export class OutboxMailer implements Mailer {
  private builder?: Transporter;
  private seq = 0;
  constructor(
    readonly dir: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  async send(message: MailMessage): Promise<void> {
    this.builder ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    const info = await this.builder.sendMail({ from: this.from, ...message });
    const seq = String(this.seq++ % 1_000_000).padStart(6, "0");
    const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${seq}-${randomBytes(3).toString("hex")}.eml`;
    const file = path.join(this.dir, name);
    // Written under a temporary name first, so nobody reads half a mail.
    await writeFile(`${file}.tmp`, info.message as Buffer);
    await rename(`${file}.tmp`, file);
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    this.logger.info({ to: message.to, subject: message.subject, file, links }, `mail written to the outbox: ${message.subject}`);
  }
}

/** Production: nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer().createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transport.close();
  }
}

export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir">, logger: Logger): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom)
    : new OutboxMailer(path.join(config.dataDir, "outbox"), config.mailFrom, logger);
}

/** The outbox channel every mail goes through. */
export const MAIL_CHANNEL = "mail";

/**
 * What a failed send means: a permanent (5xx) refusal of the recipient or of the message drops
 * the mail (sending it again would be refused again); anything else (4xx, a connection or timeout,
 * a 5xx about our credentials, which an operator can fix) is retried.
 */
export function mailFailureOutcome(err: unknown): DeliveryOutcome {
  const e = err as { responseCode?: number; code?: string; message?: string; response?: string };
  const text = String(e?.response ?? e?.message ?? err).slice(0, 500);
  const permanent = typeof e?.responseCode === "number" && e.responseCode >= 500 && e.responseCode < 600;
  if (permanent && (e.code === "EENVELOPE" || e.code === "EMESSAGE"))
    return { kind: "drop", reason: `refused by the mail server: ${text}` };
  return { kind: "retry", error: text };
}

/** The "mail" channel: sends the queued message through the Mailer, its Message-ID made from the outbox row. */
export function mailChannel(mailer: Mailer, messageIdHost = "skill-exchange"): OutboxChannel<MailMessage> {
  return {
    name: MAIL_CHANNEL,
    async deliver(message, item) {
      try {
        await mailer.send({ ...message, messageId: message.messageId ?? `<${item.id}@${messageIdHost}>` });
        return { kind: "sent" };
      } catch (err) {
        return mailFailureOutcome(err);
      }
    },
  };
}

/** How services send mail: queued in the caller's transaction, sent by the outbox worker after it commits. */
export class MailQueue {
  constructor(private readonly outbox: Outbox) {}

  /** `key` makes a repeat of the same mail (a retried unit of work, a job run twice) a no-op. */
  queue(em: EntityManager, message: MailMessage, opts: { key?: string } = {}): Promise<void> {
    return this.outbox.enqueue(em, MAIL_CHANNEL, message, opts);
  }
}
