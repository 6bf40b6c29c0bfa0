import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { Config } from "../config.js";
import { lazyRequire } from "./lazy-require.js";
import type { Logger } from "./logger.js";

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
