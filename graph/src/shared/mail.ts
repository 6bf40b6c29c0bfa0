import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Transporter } from "nodemailer";
import type { EntityManager } from "typeorm";
import type { Config } from "../config.js";
import { lazyRequire } from "./lazy-require.js";
import type { Logger } from "./logger.js";
import type { Outbox } from "./outbox.js";
import type { DeliveryOutcome, OutboxChannel } from "./outbox-types.js";
import type * as Nodemailer from "nodemailer";

const nodemailer = () => lazyRequire("nodemailer") as typeof Nodemailer;

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

/** How long an SMTP conversation may wait: to connect, for the greeting, and for any answer (inactivity). */
export interface SmtpTimeouts {
  connectMs: number;
  greetingMs: number;
  socketMs: number;
}

/**
 * Production: nodemailer over SMTP_URL (smtp:// or smtps://, credentials in the URL), each send bounded by
 * the timeouts: nodemailer's connectionTimeout, greetingTimeout and socketTimeout, given as the URL's
 * query options (nodemailer's createTransport takes either a URL or an options object, not both), so
 * one already in SMTP_URL's query wins.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;
  constructor(
    url: string,
    private readonly from: string,
    timeouts?: SmtpTimeouts,
  ) {
    const bounded = new URL(url);
    const options: Array<[string, number | undefined]> = [
      ["connectionTimeout", timeouts?.connectMs],
      ["greetingTimeout", timeouts?.greetingMs],
      ["socketTimeout", timeouts?.socketMs],
    ];
    for (const [name, ms] of options) if (ms !== undefined && !bounded.searchParams.has(name)) bounded.searchParams.set(name, String(ms));
    this.transport = nodemailer().createTransport(bounded.toString());
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transport.close();
  }
}

export function createMailer(
  config: Pick<Config, "smtpUrl" | "mailFrom" | "dataDir"> & Partial<Pick<Config, "smtpTimeouts">>,
  logger: Logger,
): Mailer {
  return config.smtpUrl
    ? new SmtpMailer(config.smtpUrl, config.mailFrom, config.smtpTimeouts)
    : new OutboxMailer(path.join(config.dataDir, "outbox"), config.mailFrom, logger);
}

/** The outbox channel every mail goes through. */
export const MAIL_CHANNEL = "mail";

/**
 * What a failed send means. A permanent (5xx) refusal of this mail drops it (sending it again would be
 * refused again): at RCPT, one that names the recipient (its address or mailbox: 5.1.x, 5.2.x, or a bare
 * 550/551/553); at DATA, one about the message itself (too big, 5.3.4; its content, 5.6.x). Anything
 * else is retried with backoff until OUTBOX_GIVE_UP_HOURS: a 4xx, a connection, greeting or inactivity
 * timeout, and every refusal of the sender or the session (5xx at MAIL FROM, 530 authentication
 * required, relay denied, a policy refusal 5.7.x), which refuse every mail alike: our server's or its
 * configuration's fault, fixed by an operator.
 */
export function mailFailureOutcome(err: unknown): DeliveryOutcome {
  const e = err as { responseCode?: number; command?: string; message?: string; response?: string };
  const text = String(e?.response ?? e?.message ?? err).slice(0, 500);
  if (refusesThisMail(e)) return { kind: "drop", reason: `refused by the mail server: ${text}` };
  return { kind: "retry", error: text };
}

function refusesThisMail(e: { responseCode?: number; command?: string; response?: string } | null | undefined): boolean {
  const code = e?.responseCode;
  if (typeof code !== "number" || code < 500 || code >= 600) return false;
  const response = String(e?.response ?? "");
  if (/relay|auth/i.test(response)) return false;
  // The enhanced status code (RFC 3463) after the reply code: class.subject.detail.
  const enhanced = /^\d{3}[ -]5\.(\d{1,3})\.(\d{1,3})\b/.exec(response);
  const command = String(e?.command ?? "").toUpperCase();
  if (command === "RCPT TO") return enhanced ? enhanced[1] === "1" || enhanced[1] === "2" : [550, 551, 553].includes(code);
  if (command === "DATA") return enhanced ? enhanced[1] === "6" || (enhanced[1] === "3" && enhanced[2] === "4") : code === 552;
  return false;
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
