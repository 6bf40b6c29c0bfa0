import type { EventAttributes } from "ics";
import { escapeHtml } from "../../shared/html.js";
import { lazyRequire } from "../../shared/lazy-require.js";
import type { MailMessage } from "../../shared/mail.js";
import type * as Ics from "ics";

/** `ics` loads with the first lesson mail, not at start-up. */
const ics = () => lazyRequire("ics") as typeof Ics;

export type LessonMailKind = "scheduled" | "rescheduled" | "cancelled" | "reminder";

/** Everything one lesson mail needs; the same facts give the text part, the HTML part and the invitation. */
export interface LessonMailFacts {
  kind: LessonMailKind;
  to: { name: string; address: string };
  partnerName: string;
  /** The calendar entry's title: what is taught and by whom (lessonSummary). */
  summary: string;
  /** The calendar UID: the lesson's id, the same for every invitation about it. */
  uid: string;
  sequence: number;
  startsAt: Date;
  durationMinutes: number;
  /** The proposer's IANA zone, used (with UTC) to word the time. */
  timezone: string;
  meetingLink: string | null;
  chatUrl: string;
  /** The app's From address, the invitation's organizer. */
  organizer: { name: string; address: string };
  now: Date;
}

/** `Skill Exchange <no-reply@x>` -> its parts. */
export function parseAddress(from: string): { name: string; address: string } {
  const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  return m ? { name: m[1]!.trim() || "Skill Exchange", address: m[2]!.trim() } : { name: "Skill Exchange", address: from.trim() };
}

/** "Monday, 5 January 2026 at 10:00 (Europe/Berlin)", and the UTC time when the zone is another. */
export function describeTime(at: Date, timezone: string): string {
  const fmt = (tz: string) => new Intl.DateTimeFormat("en-GB", { timeZone: tz, dateStyle: "full", timeStyle: "short" }).format(at);
  const local = `${fmt(timezone)} (${timezone})`;
  return timezone === "UTC" ? local : `${local}, ${fmt("UTC")} UTC`;
}

/** What lessonSummary needs of the lesson's chat: who asked, and what each side learns. */
export interface LessonChatFacts {
  kind: "swap" | "pay" | "implement";
  requesterId: string;
  receiverId: string;
  requesterLearnsSkill: string | null;
  receiverLearnsSkill: string | null;
  title: string | null;
}

/**
 * A calendar entry is read among others, without the mail around it: its title says what is taught
 * and who teaches it, the same for both students. The requester learns from the receiver; in a swap
 * the receiver learns from the requester too. An implement chat is a project, led by its owner (the
 * receiver). No commas: RFC 5545 escapes them in TEXT, and some calendars show the backslash.
 */
export function lessonSummary(chat: LessonChatFacts | undefined, nameOf: (id: string) => string, fallbackPartner: string): string {
  if (!chat) return `Skill Exchange lesson with ${fallbackPartner}`;
  if (chat.kind === "implement") return `${chat.title ?? "Project"}: project session with ${nameOf(chat.receiverId)}`;
  const taught = [
    chat.requesterLearnsSkill ? `${chat.requesterLearnsSkill} taught by ${nameOf(chat.receiverId)}` : null,
    chat.receiverLearnsSkill ? `${chat.receiverLearnsSkill} taught by ${nameOf(chat.requesterId)}` : null,
  ].filter((x): x is string => x !== null);
  if (taught.length === 2) return `Skill swap: ${taught[0]} and ${taught[1]}`;
  if (taught.length === 1) return taught[0]!.replace(" taught by ", " lesson taught by ");
  return `Skill Exchange lesson with ${fallbackPartner}`;
}

const SUBJECTS: Record<LessonMailKind, (partner: string) => string> = {
  scheduled: (p) => `Lesson with ${p} scheduled`,
  rescheduled: (p) => `Lesson with ${p} moved`,
  cancelled: (p) => `Lesson with ${p} cancelled`,
  reminder: (p) => `Reminder: lesson with ${p} soon`,
};

const LEADS: Record<LessonMailKind, (partner: string) => string> = {
  scheduled: (p) => `Your lesson with ${p} is scheduled.`,
  rescheduled: (p) => `Your lesson with ${p} has a new time.`,
  cancelled: (p) => `Your lesson with ${p} was cancelled.`,
  reminder: (p) => `Your lesson with ${p} starts soon.`,
};

/**
 * The RFC 5545 invitation for one recipient (METHOD:REQUEST, or CANCEL for a cancellation), made by
 * the `ics` library. The organizer is the app and the only attendee is the recipient, so no student's
 * address reaches the other.
 */
export function lessonInvitation(f: LessonMailFacts): string {
  const cancel = f.kind === "cancelled";
  const attributes: EventAttributes & { timestamp: number } = {
    productId: "skill-exchange/lessons",
    method: cancel ? "CANCEL" : "REQUEST",
    uid: f.uid,
    sequence: f.sequence,
    timestamp: f.now.getTime(),
    start: f.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: f.durationMinutes },
    title: f.summary,
    description: `Lesson with ${f.partnerName}. Chat: ${f.chatUrl}`,
    // The chat's address goes in the description only: `ics` refuses URL values such as a port-less dev host.
    location: f.meetingLink ?? f.chatUrl,
    status: cancel ? "CANCELLED" : "CONFIRMED",
    organizer: { name: f.organizer.name, email: f.organizer.address },
    attendees: [{ name: f.to.name, email: f.to.address, rsvp: false, partstat: "ACCEPTED", role: "REQ-PARTICIPANT" }],
  };
  const { error, value } = ics().createEvent(attributes);
  if (error || !value) throw error ?? new Error("the calendar invitation could not be made");
  return value;
}

/** One lesson mail: text and HTML, and (except the reminder) the invitation as a text/calendar attachment. */
export function lessonMail(f: LessonMailFacts): MailMessage {
  const when = describeTime(f.startsAt, f.timezone);
  const where = f.meetingLink ? `Meeting link: ${f.meetingLink}` : "No meeting link yet: share one in the chat.";
  const lead = LEADS[f.kind](f.partnerName);
  const text =
    `Hi ${f.to.name},\n\n${lead}\n\n${f.kind === "cancelled" ? "It was planned for" : "When"}: ${when}\n` +
    `Duration: ${f.durationMinutes} minutes\n${f.kind === "cancelled" ? "" : `${where}\n`}\nOpen the chat: ${f.chatUrl}\n`;
  const html =
    `<p>Hi ${escapeHtml(f.to.name)},</p><p>${escapeHtml(lead)}</p>` +
    `<p><strong>${f.kind === "cancelled" ? "It was planned for" : "When"}:</strong> ${escapeHtml(when)}<br>` +
    `<strong>Duration:</strong> ${f.durationMinutes} minutes` +
    (f.kind === "cancelled"
      ? ""
      : `<br>${f.meetingLink ? `<strong>Meeting link:</strong> <a href="${escapeHtml(f.meetingLink)}">${escapeHtml(f.meetingLink)}</a>` : escapeHtml(where)}`) +
    `</p><p><a href="${escapeHtml(f.chatUrl)}">Open the chat</a></p>`;
  const message: MailMessage = { to: f.to, subject: SUBJECTS[f.kind](f.partnerName), text, html };
  if (f.kind !== "reminder") {
    const method = f.kind === "cancelled" ? "CANCEL" : "REQUEST";
    message.attachments = [
      {
        filename: f.kind === "cancelled" ? "cancel.ics" : "invite.ics",
        content: lessonInvitation(f),
        contentType: `text/calendar; charset=utf-8; method=${method}`,
      },
    ];
  }
  return message;
}
