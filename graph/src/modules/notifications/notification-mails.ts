import { MAIL_KIND_LABELS, type MailKind } from "../../../../common/notifications.js";
import { escapeHtml } from "../../shared/html.js";
import type { MailMessage } from "../../shared/mail.js";
import type { UnsubscribeScope } from "./unsubscribe-token.js";

/** Everything one mail needs; the same facts give the plain-text and the HTML part. */
export interface MailLine {
  kind: MailKind;
  line: string;
  link: string;
  /** What this mail's unsubscribe link turns off, when narrower than its kind (one saved search's alerts). */
  scope?: UnsubscribeScope;
}

/** RFC 8058: the URL in List-Unsubscribe answers a POST of `List-Unsubscribe=One-Click` without signing in. */
function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

function footer(settingsUrl: string, unsubscribeUrl: string, what: string) {
  return {
    text: `\n--\nYou get this mail because of your Skill Exchange mail settings: ${settingsUrl}\nStop ${what}: ${unsubscribeUrl}\n`,
    html:
      `<hr><p style="color:#666;font-size:12px">You get this mail because of your ` +
      `<a href="${escapeHtml(settingsUrl)}">Skill Exchange mail settings</a>. ` +
      `<a href="${escapeHtml(unsubscribeUrl)}">Stop ${escapeHtml(what)}</a>.</p>`,
  };
}

export const SUBJECTS: Record<MailKind, string> = {
  request: "New request on Skill Exchange",
  accepted: "Your request was accepted",
  rejected: "Your request was rejected",
  implementAccepted: "You were accepted on an implement",
  implementRejected: "Your implement application was answered",
  message: "New message on Skill Exchange",
  finish: "A swap was finished",
  expired: "A request expired unanswered",
  savedSearch: "New students match your saved search",
};

/** One notification, mailed at once. */
export function instantMail(
  to: { name: string; address: string },
  item: MailLine,
  urls: { settings: string; unsubscribe: string },
): MailMessage {
  const f = footer(urls.settings, urls.unsubscribe, `mails about: ${MAIL_KIND_LABELS[item.kind].toLowerCase()}`);
  return {
    to,
    subject: SUBJECTS[item.kind],
    text: `Hi ${to.name},\n\n${item.line}\n\nOpen it: ${item.link}\n${f.text}`,
    html:
      `<p>Hi ${escapeHtml(to.name)},</p><p>${escapeHtml(item.line)}</p>` +
      `<p><a href="${escapeHtml(item.link)}">Open Skill Exchange</a></p>${f.html}`,
    headers: unsubscribeHeaders(urls.unsubscribe),
  };
}

/** Lines listed in one digest; the rest are counted. */
export const DIGEST_MAX_LINES = 100;

/** Everything new since the last digest, in one mail. */
export function digestMail(
  to: { name: string; address: string },
  items: MailLine[],
  more: number,
  urls: { settings: string; unsubscribe: string; app: string },
): MailMessage {
  const f = footer(urls.settings, urls.unsubscribe, "the daily digest");
  const n = items.length + more;
  const tail = more > 0 ? `...and ${more} more.` : "";
  return {
    to,
    subject: `Your Skill Exchange digest: ${n} new ${n === 1 ? "update" : "updates"}`,
    text:
      `Hi ${to.name},\n\nWhat happened since your last digest:\n\n` +
      items.map((i) => `- ${i.line}\n  ${i.link}`).join("\n") +
      (tail ? `\n${tail}` : "") +
      `\n\nOpen Skill Exchange: ${urls.app}\n${f.text}`,
    html:
      `<p>Hi ${escapeHtml(to.name)},</p><p>What happened since your last digest:</p><ul>` +
      items.map((i) => `<li><a href="${escapeHtml(i.link)}">${escapeHtml(i.line)}</a></li>`).join("") +
      `</ul>${tail ? `<p>${escapeHtml(tail)}</p>` : ""}<p><a href="${escapeHtml(urls.app)}">Open Skill Exchange</a></p>${f.html}`,
    headers: unsubscribeHeaders(urls.unsubscribe),
  };
}
