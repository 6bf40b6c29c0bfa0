/**
 * The one date formatter of the app: Intl in the student's own locale (the browser's language)
 * and time zone. Every date and time a page shows goes through it, so a student sees the same
 * shape on every page ("5 Mar 2026", "5 Mar 2026, 14:05" for en-IN; "Mar 5, 2026" for en-US).
 */
const STYLES = {
  /** 5 Mar 2026 */
  date: { day: "numeric", month: "short", year: "numeric" },
  /** 5 Mar 2026, 14:05 */
  dateTime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" },
  /** 5 Mar, 14:05 (recent things: notifications) */
  recent: { day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" },
  /** Thu, 5 Mar (a day heading within this year) */
  weekday: { weekday: "short", day: "numeric", month: "short" },
  /** Thu, 5 Mar 2026 */
  weekdayYear: { weekday: "short", day: "numeric", month: "short", year: "numeric" },
  /** 14:05 */
  time: { hour: "2-digit", minute: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateStyle = keyof typeof STYLES;

/** The student's locale: the browser's language; undefined (Intl's default) where there is none. */
export function userLocale(): string | undefined {
  return (typeof navigator !== "undefined" && navigator.language) || undefined;
}

const cache = new Map<string, Intl.DateTimeFormat>();

function formatter(style: DateStyle): Intl.DateTimeFormat {
  const locale = userLocale();
  const key = `${locale ?? ""}|${style}`;
  let format = cache.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, STYLES[style]);
    } catch {
      format = new Intl.DateTimeFormat(undefined, STYLES[style]); // a language tag Intl does not know
    }
    cache.set(key, format);
  }
  return format;
}

/** `value` (an ISO string from the server, or a Date) in the student's locale. */
export function formatDate(value: string | Date, style: DateStyle = "date"): string {
  return formatter(style).format(typeof value === "string" ? new Date(value) : value);
}
