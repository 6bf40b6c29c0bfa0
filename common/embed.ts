/**
 * The embeddable leaderboard (issue 50): its address and parameters, its size and the iframe
 * snippet, shared by the page the server renders (graph/src/server/embed.ts), the oEmbed answer
 * (graph/src/modules/coins/oembed.rest.ts) and the web app's "Embed this" dialog. Plain
 * TypeScript: no Node or DOM APIs.
 */
import { CATEGORIES } from "./profiles.js";
import { LEADERBOARD_PERIOD_LABELS, type LeaderboardPeriod } from "./leaderboard.js";

export const EMBED_PATH = "/embed/leaderboard";
export const OEMBED_PATH = "/api/oembed";
export const EMBED_PROVIDER = "Skill Exchange";

export const EMBED_LIMIT_DEFAULT = 10;
export const EMBED_LIMIT_MAX = 50;

/** An embed address names a period as `week`, `month` or `all` (the service's `all_time`, the default). */
export const EMBED_PERIODS = ["all", "week", "month"] as const;
export type EmbedPeriod = (typeof EMBED_PERIODS)[number];
const SERVICE_PERIOD: Record<EmbedPeriod, LeaderboardPeriod> = { all: "all_time", week: "week", month: "month" };

/** A forced colour theme; none follows the visitor's `prefers-color-scheme`. */
export const EMBED_THEMES = ["light", "dark"] as const;
export type EmbedTheme = (typeof EMBED_THEMES)[number];

/** One embedded board: which view, how many rows, which colours. */
export interface EmbedView {
  /** One of CATEGORIES, or null for every student. */
  category: string | null;
  period: LeaderboardPeriod;
  limit: number;
  theme: EmbedTheme | null;
}

export const EMBED_DEFAULT_VIEW: EmbedView = { category: null, period: "all_time", limit: EMBED_LIMIT_DEFAULT, theme: null };

export const EMBED_PARAMS = ["category", "period", "limit", "theme"] as const;
export type EmbedParam = (typeof EMBED_PARAMS)[number];

export const EMBED_MESSAGES = {
  category: `category must be one of: ${CATEGORIES.join(", ")}`,
  period: `period must be one of: ${EMBED_PERIODS.join(", ")}`,
  limit: `limit must be a whole number from 1 to ${EMBED_LIMIT_MAX}`,
  theme: `theme must be one of: ${EMBED_THEMES.join(", ")}`,
} as const satisfies Record<EmbedParam, string>;

/**
 * Reads an embed address's query (a parsed query object, or URLSearchParams): an absent or empty
 * parameter takes its default; a category matches the catalog case-insensitively and comes back as
 * the catalog spells it; the service's `all_time` is taken for `all`. Other parameters are ignored
 * (a host may add its own). Returns the view or the first problem.
 */
export function parseEmbedView(
  query: Record<string, unknown> | URLSearchParams,
): { ok: true; view: EmbedView } | { ok: false; field: EmbedParam; message: string } {
  const fail = (field: EmbedParam) => ({ ok: false as const, field, message: EMBED_MESSAGES[field] });
  const view: EmbedView = { ...EMBED_DEFAULT_VIEW };
  for (const field of EMBED_PARAMS) {
    const values = query instanceof URLSearchParams ? query.getAll(field) : [query[field]].flat().filter((v) => v !== undefined);
    if (values.length === 0 || (values.length === 1 && values[0] === "")) continue;
    // A parameter given twice (or not as text) is not one answer: say so rather than pick one.
    if (values.length > 1 || typeof values[0] !== "string") return fail(field);
    const value = values[0].trim();
    if (field === "category") {
      const c = CATEGORIES.find((x) => x.toLowerCase() === value.toLowerCase());
      if (!c) return fail(field);
      view.category = c;
    } else if (field === "period") {
      const p = value.toLowerCase();
      if (p === "all_time") continue;
      if (!(EMBED_PERIODS as readonly string[]).includes(p)) return fail(field);
      view.period = SERVICE_PERIOD[p as EmbedPeriod];
    } else if (field === "limit") {
      const n = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
      if (!(n >= 1 && n <= EMBED_LIMIT_MAX)) return fail(field);
      view.limit = n;
    } else {
      const t = value.toLowerCase();
      if (!(EMBED_THEMES as readonly string[]).includes(t)) return fail(field);
      view.theme = t as EmbedTheme;
    }
  }
  return { ok: true, view };
}

const embedPeriod = (period: LeaderboardPeriod): EmbedPeriod => (period === "all_time" ? "all" : period);

/** The query string of a view (with its `?`; empty for the default view): defaults are left out, so one view has one address. */
export function embedSearch(view: Partial<EmbedView>): string {
  const q = new URLSearchParams();
  if (view.category) q.set("category", view.category);
  if (view.period && view.period !== "all_time") q.set("period", embedPeriod(view.period));
  if (view.limit !== undefined && view.limit !== EMBED_LIMIT_DEFAULT) q.set("limit", String(view.limit));
  if (view.theme) q.set("theme", view.theme);
  const s = q.toString();
  return s ? `?${s}` : "";
}

/** The embed's address on a site (`origin`: the site's public URL, without a trailing slash). */
export const embedUrl = (origin: string, view: Partial<EmbedView> = {}): string => `${origin}${EMBED_PATH}${embedSearch(view)}`;

/** "Programming & Technology · This week", "Top students · All time". */
export function embedViewName(view: Pick<EmbedView, "category" | "period">): string {
  return `${view.category ?? "Top students"} · ${LEADERBOARD_PERIOD_LABELS[view.period]}`;
}

/** The document's and the iframe's title. */
export const embedTitle = (view: Pick<EmbedView, "category" | "period">): string => `Skill Exchange leaderboard: ${embedViewName(view)}`;

/**
 * The page's fixed heights in CSS pixels (graph/src/server/embed.ts lays it out with them), so an
 * iframe can be sized to show `limit` rows without a scroll bar.
 */
export const EMBED_LAYOUT = {
  /** The title bar. */
  header: 56,
  /** The table's column headings. */
  head: 32,
  /** One student. */
  row: 40,
  /** The attribution line. */
  footer: 40,
  /** The frame's top and bottom border. */
  border: 2,
} as const;

export const EMBED_WIDTH_DEFAULT = 400;
/** Below this the four columns no longer fit: the snippet never asks for less (oEmbed's maxwidth may). */
export const EMBED_WIDTH_MIN = 280;

/** The height that shows `rows` students (or the empty state, which is as tall as 3). */
export function embedHeight(rows: number): number {
  const L = EMBED_LAYOUT;
  return L.header + L.head + L.row * Math.max(3, rows) + L.footer + L.border;
}

/** The most rows that fit in `height` pixels (at least 1). */
export function rowsThatFit(height: number): number {
  const L = EMBED_LAYOUT;
  return Math.max(1, Math.floor((height - (L.header + L.head + L.footer + L.border)) / L.row));
}

const attr = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The iframe to paste into a page: lazy, no referrer beyond the origin, as wide as its container
 * up to `width`, its corners rounded like the board's (so no frame background shows past them
 * whatever the host's colour scheme). No `sandbox`: the board's link opens the full leaderboard
 * in a new tab, and its refresh reads the page from its own origin.
 */
export function embedSnippet(origin: string, view: Partial<EmbedView> = {}, size?: { width?: number; height?: number }): string {
  const full = { ...EMBED_DEFAULT_VIEW, ...view };
  const width = size?.width ?? EMBED_WIDTH_DEFAULT;
  const height = size?.height ?? embedHeight(full.limit);
  return (
    `<iframe src="${attr(embedUrl(origin, full))}" title="${attr(embedTitle(full))}" width="${width}" height="${height}"` +
    ` style="border:0;border-radius:12px;max-width:100%" loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`
  );
}

export const OEMBED_MESSAGES = {
  url: "url must be an absolute http(s) address",
  notOurs: "Only this site's leaderboard (/leaderboard/... or /embed/leaderboard) can be embedded",
  format: "Only format=json is offered",
} as const;

/**
 * The view a page address names, for oEmbed: the embed's own address (all its parameters), or the
 * web app's leaderboard (`/leaderboard` or `/leaderboard/{currentID}`, with `category` and `period`
 * when its query has them), on this site (`origin`: the public URL) only.
 */
export function embedViewOf(
  origin: string,
  address: string,
): { ok: true; view: EmbedView } | { ok: false; notOurs: boolean; message: string } {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return { ok: false, notOurs: false, message: OEMBED_MESSAGES.url };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return { ok: false, notOurs: false, message: OEMBED_MESSAGES.url };
  const site = new URL(origin);
  const base = site.pathname.replace(/\/$/, "");
  const notOurs = { ok: false as const, notOurs: true, message: OEMBED_MESSAGES.notOurs };
  // Paths match as the server routes them: regardless of case, with or without a trailing slash.
  const path = url.pathname.toLowerCase();
  if (url.origin !== site.origin || !path.startsWith(`${base.toLowerCase()}/`)) return notOurs;
  const rest = path.slice(base.length).replace(/\/$/, "");
  let query: URLSearchParams;
  if (rest === EMBED_PATH) query = url.searchParams;
  else if (/^\/leaderboard(?:\/[^/]+)?$/.test(rest)) {
    query = new URLSearchParams();
    for (const key of ["category", "period"]) for (const v of url.searchParams.getAll(key)) query.append(key, v);
  } else return notOurs;
  const parsed = parseEmbedView(query);
  return parsed.ok ? parsed : { ok: false, notOurs: true, message: parsed.message };
}
