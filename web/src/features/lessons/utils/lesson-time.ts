/**
 * Lesson times in the browser: the student types a local date and time, the server stores UTC
 * instants, and every time is shown in the viewer's own time zone. Limits and texts come from
 * common/lessons.ts; the server checks everything again.
 */
import { LESSON_MESSAGES, MAX_LESSON_DAYS_AHEAD, MAX_LESSON_MINUTES, MIN_LESSON_MINUTES } from "../../../../../common/lessons";

/** The browser's IANA time zone (what the proposal is planned in). */
export function localTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}

/** A local `yyyy-mm-dd` and `hh:mm` as a UTC ISO instant, or null when they do not name a time. */
export function toInstant(date: string, time: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const at = new Date(y, mo - 1, d, h, mi);
  // new Date rolls 31 February over to March: such a date is not one the student meant.
  if (at.getFullYear() !== y || at.getMonth() !== mo - 1 || at.getDate() !== d) return null;
  return at.toISOString();
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The local date and time fields for an instant (a form's initial values). */
export function toLocalFields(at: Date): { date: string; time: string } {
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}

/** Tomorrow at the next whole hour from now: a sensible first suggestion. */
export function defaultSlotFields(now: Date): { date: string; time: string } {
  const at = new Date(now.getTime() + 24 * 3_600_000);
  at.setMinutes(0, 0, 0);
  at.setHours(at.getHours() + 1);
  return toLocalFields(at);
}

export interface SlotFields {
  date: string;
  time: string;
  duration: string;
}

export interface SlotErrors {
  when?: string;
  duration?: string;
}

/** The same checks as the server, per row, so each message shows at its field. */
export function checkSlot(
  slot: SlotFields,
  now: Date,
  others: ReadonlyArray<string | null> = [],
): { errors: SlotErrors; startsAt: string | null } {
  const errors: SlotErrors = {};
  const startsAt = toInstant(slot.date, slot.time);
  if (!startsAt) errors.when = LESSON_MESSAGES.slotInvalid;
  else if (new Date(startsAt).getTime() <= now.getTime()) errors.when = LESSON_MESSAGES.slotPast;
  else if (new Date(startsAt).getTime() > now.getTime() + MAX_LESSON_DAYS_AHEAD * 86_400_000) errors.when = LESSON_MESSAGES.slotTooFar;
  else if (others.includes(startsAt)) errors.when = LESSON_MESSAGES.slotDuplicate;
  const minutes = Number(slot.duration);
  if (!Number.isInteger(minutes) || minutes < MIN_LESSON_MINUTES || minutes > MAX_LESSON_MINUTES)
    errors.duration = LESSON_MESSAGES.duration;
  return { errors, startsAt };
}

/** "Tue 6 Jan, 10:00–11:30" in the viewer's locale and time zone. */
export function formatSlot(startsAt: string, minutes: number, locale?: string): string {
  const start = new Date(startsAt);
  const end = new Date(start.getTime() + minutes * 60_000);
  const day = new Intl.DateTimeFormat(locale, { weekday: "short", day: "numeric", month: "short" }).format(start);
  const time = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" });
  return `${day}, ${time.format(start)}–${time.format(end)}`;
}

export function formatDuration(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min` : `${h} h`;
}
