/**
 * Reads the mails OutboxMailer writes (DATA_DIR/outbox/*.eml), for server and browser tests.
 * Just enough MIME for our own mails: headers, then a quoted-printable, base64 or 7bit body, or
 * a multipart/alternative of a text/plain and a text/html part.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface OutboxMail {
  file: string;
  headers: Record<string, string>;
  text: string;
  /** The text/html part of a multipart mail. */
  html?: string;
  /** Every leaf part of a multipart mail (nested multiparts flattened), attachments included. */
  parts?: OutboxMail[];
}

export function parseMail(raw: string, file = ""): OutboxMail {
  const normalised = raw.replace(/\r\n/g, "\n");
  const split = normalised.indexOf("\n\n");
  const head = normalised.slice(0, split).replace(/\n[ \t]+/g, " ");
  const body = normalised.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.split("\n")) {
    const i = line.indexOf(":");
    if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
  }
  const boundary = /^multipart\/[^;]+;.*boundary="?([^";]+)"?/i.exec(headers["content-type"] ?? "")?.[1];
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith("--"))
      .map((p) => parseMail(p.replace(/^\n/, "").replace(/\n$/, "")));
    // A mail with attachments is multipart/mixed around a multipart/alternative: read the leaves.
    const leaves = parts.flatMap((m) => m.parts ?? [m]);
    const typeOf = (m: OutboxMail) => (m.headers["content-type"] ?? "text/plain").toLowerCase();
    const inline = (m: OutboxMail) => !(m.headers["content-disposition"] ?? "").toLowerCase().startsWith("attachment");
    const text = leaves.find((m) => typeOf(m).startsWith("text/plain") && inline(m))?.text ?? "";
    const html = leaves.find((m) => typeOf(m).startsWith("text/html") && inline(m))?.text;
    return { file, headers, text, html, parts: leaves };
  }
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  let text = body;
  if (encoding === "quoted-printable") {
    const bytes = Buffer.from(
      body.replace(/=\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    );
    text = bytes.toString("utf8");
  } else if (encoding === "base64") {
    text = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  }
  return { file, headers, text };
}

/** All mails in the outbox, oldest first (file names sort by time). */
export function outboxMails(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, "outbox");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) => parseMail(readFileSync(path.join(dir, f), "utf8"), path.join(dir, f)));
}

/** The mails in the outbox addressed to `address`, oldest first. */
export function outboxMailsTo(dataDir: string, address: string): OutboxMail[] {
  return outboxMails(dataDir).filter((m) => m.headers.to?.includes(address));
}

/** The reset link in a mail (PUBLIC_URL/reset-password/{token}), or null. */
export function resetLinkIn(mail: OutboxMail): string | null {
  return /https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0] ?? null;
}

/** The verification link in a mail (PUBLIC_URL/verify-email/{token}, with `?returnTo=` when the student asked for a page), or null. */
export function verifyLinkIn(mail: OutboxMail): string | null {
  return /https?:\/\/\S+\/verify-email\/[A-Za-z0-9_-]+(?:\?returnTo=\S*)?/.exec(mail.text)?.[0] ?? null;
}

/** The one-click unsubscribe URL of a notification mail (its List-Unsubscribe header), or null. */
export function unsubscribeUrlOf(mail: OutboxMail): string | null {
  return /^<(https?:\/\/[^>]+)>$/.exec(mail.headers["list-unsubscribe"] ?? "")?.[1] ?? null;
}

/** The text/calendar attachments of a mail (a lesson's .ics invitations), decoded. */
export function calendarPartsOf(mail: OutboxMail): OutboxMail[] {
  return (mail.parts ?? []).filter((p) => (p.headers["content-type"] ?? "").toLowerCase().startsWith("text/calendar"));
}

/**
 * Waits until the mails the app has queued are written: the outbox worker has delivered every row
 * due now (a chat message's notice, then the mail it queued).
 */
export async function mailSettled(services: { outbox: { drain(): Promise<void> } }): Promise<void> {
  await services.outbox.drain();
}
