/** What a valid lesson proposal is: input checks shared by GraphQL and REST (limits and texts in common/lessons.ts). */
import {
  LESSON_MESSAGES as M,
  MAX_LESSON_DAYS_AHEAD,
  MAX_LESSON_MINUTES,
  MAX_LESSON_SLOTS,
  MIN_LESSON_MINUTES,
} from "../../../../common/lessons.js";
import { DAY } from "../../shared/clock.js";
import { badInput } from "../../shared/errors.js";

/** Page sizes of both lesson lists (a chat's lessons, the upcoming ones). */
export const DEFAULT_LESSONS_PAGE = 20;
export const MAX_LESSONS_PAGE = 50;

export interface SlotInput {
  startsAt: Date;
  durationMinutes: number;
}

/** An IANA zone name the runtime knows (`Europe/Berlin`, `Asia/Kolkata`, `UTC`). */
export function cleanTimezone(raw: unknown): string {
  if (typeof raw !== "string" || !raw || raw.length > 64) throw badInput(M.timezone, { field: "timezone" });
  try {
    // Kept as the browser named it (resolvedOptions() would turn Asia/Kolkata into Asia/Calcutta).
    new Intl.DateTimeFormat("en", { timeZone: raw });
    return raw;
  } catch {
    throw badInput(M.timezone, { field: "timezone" });
  }
}

function cleanStart(raw: unknown, now: Date, index: number): Date {
  const d = raw instanceof Date ? raw : typeof raw === "string" || typeof raw === "number" ? new Date(raw) : null;
  if (!d || Number.isNaN(d.getTime())) throw badInput(M.slotInvalid, { field: "startsAt", slot: index });
  if (d.getTime() <= now.getTime()) throw badInput(M.slotPast, { field: "startsAt", slot: index });
  if (d.getTime() > now.getTime() + MAX_LESSON_DAYS_AHEAD * DAY) throw badInput(M.slotTooFar, { field: "startsAt", slot: index });
  // Whole minutes: a calendar entry at 10:00:17 helps nobody.
  return new Date(Math.floor(d.getTime() / 60_000) * 60_000);
}

export function cleanDuration(raw: unknown, index = 0): number {
  const n = typeof raw === "string" && /^\s*\d+\s*$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== "number" || !Number.isInteger(n) || n < MIN_LESSON_MINUTES || n > MAX_LESSON_MINUTES) {
    throw badInput(M.duration, { field: "durationMinutes", slot: index });
  }
  return n;
}

export function cleanSlot(raw: unknown, now: Date, index = 0): SlotInput {
  const r = (raw ?? {}) as { startsAt?: unknown; durationMinutes?: unknown };
  return { startsAt: cleanStart(r.startsAt, now, index), durationMinutes: cleanDuration(r.durationMinutes, index) };
}

/** 1..MAX_LESSON_SLOTS future slots, no two starting at the same minute; sorted by start. */
export function cleanSlots(raw: unknown, now: Date): SlotInput[] {
  if (!Array.isArray(raw) || raw.length === 0) throw badInput(M.noSlots, { field: "slots" });
  if (raw.length > MAX_LESSON_SLOTS) throw badInput(M.tooManySlots, { field: "slots" });
  const slots = raw.map((s, i) => cleanSlot(s, now, i));
  const seen = new Set<number>();
  slots.forEach((s, i) => {
    if (seen.has(s.startsAt.getTime())) throw badInput(M.slotDuplicate, { field: "startsAt", slot: i });
    seen.add(s.startsAt.getTime());
  });
  return slots.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
