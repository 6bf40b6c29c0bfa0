import { brandMarkSvg, escapeHtml } from "../shared/html.js";
import { cspHash } from "./csp.js";
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  EMBED_LAYOUT as L,
  EMBED_PATH,
  EMBED_PROVIDER,
  type EmbedView,
  EMBED_DEFAULT_VIEW,
  embedSearch,
  embedTitle,
  embedUrl,
  OEMBED_PATH,
  parseEmbedView,
} from "../../../common/embed.js";
import { LEADERBOARD_PERIOD_LABELS } from "../../../common/leaderboard.js";
import { isBusyError } from "../db/transaction.js";
import { contentTag, isFresh } from "../kit/rest-kit.js";
import { AppError } from "../shared/errors.js";
import type { DoorServices } from "./door-services.js";

/**
 * The embeddable leaderboard (issue 50): `/embed/leaderboard?category=&period=&limit=&theme=`, a
 * small page made to sit in an iframe on a college site. Rendered here from the leaderboard
 * service's view, as plain HTML and CSS: public data only, so it reads no cookie or token and
 * sets none, and any site (or those EMBED_FRAME_ANCESTORS names) may frame it. Its only script
 * (a few hundred bytes, allowed by its hash) reads the board again every minute while visible.
 */

/** How long a browser or shared cache may reuse the page before revalidating (ETag). */
export const EMBED_MAX_AGE_SECONDS = 60;
/** How often an open board reads itself again (while the tab is visible). */
export const EMBED_REFRESH_MS = 60_000;

/** The two themes' colours; each keeps 4.5:1 for its text on its backgrounds (WCAG AA). */
const PALETTE = {
  light: {
    bg: "#ffffff",
    text: "#13151c",
    muted: "#555c6d",
    border: "#e3e6ec",
    head: "#f6f7f9",
    hover: "#fbfbfd",
    link: "#4b36cc",
    star: "#b76e00",
    gold: "#7a4f00",
    "gold-bg": "#fdf1c7",
    silver: "#3b4150",
    "silver-bg": "#eef0f4",
    bronze: "#87410f",
    "bronze-bg": "#f8e3d3",
  },
  dark: {
    bg: "#15171e",
    text: "#eef0f4",
    muted: "#a8afbd",
    border: "#2b303b",
    head: "#1c1f28",
    hover: "#1a1d25",
    link: "#b4abff",
    star: "#f2b544",
    gold: "#f7d97c",
    "gold-bg": "#3b3016",
    silver: "#dde1e8",
    "silver-bg": "#2c313c",
    bronze: "#f3b990",
    "bronze-bg": "#3e2718",
  },
} as const;

const vars = (scheme: keyof typeof PALETTE) =>
  `color-scheme:${scheme};` +
  Object.entries(PALETTE[scheme])
    .map(([name, value]) => `--${name}:${value}`)
    .join(";");

/**
 * The page's styles: fixed heights from EMBED_LAYOUT (so the snippet's iframe fits `limit` rows
 * exactly), light by default, dark when asked (`theme=dark`) or, without a theme, when the
 * visitor's system is dark. Row lines are inset shadows, which take no height.
 */
const STYLE = [
  `:root{${vars("light")}}`,
  `:root[data-theme=dark]{${vars("dark")}}`,
  `@media (prefers-color-scheme:dark){:root:not([data-theme]){${vars("dark")}}}`,
  "*{box-sizing:border-box;margin:0;padding:0}",
  "html{-webkit-text-size-adjust:100%;text-size-adjust:100%}",
  "body{font:14px/20px system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;font-variant-numeric:tabular-nums}",
  // The card is <main>, not <body>: a body's background would fill the whole frame, square corners included.
  `main{display:flex;flex-direction:column;min-height:100vh;overflow-x:hidden;border:${L.border / 2}px solid var(--border);border-radius:12px;` +
    "background:var(--bg);color:var(--text)}",
  `header{display:flex;flex-direction:column;justify-content:center;height:${L.header}px;padding:0 14px}`,
  ".eyebrow{color:var(--muted);font-size:11px;line-height:16px;font-weight:600;letter-spacing:.06em;text-transform:uppercase}",
  "h1{font-size:16px;line-height:22px;font-weight:700;letter-spacing:-.01em;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}",
  "table{width:100%;border-collapse:collapse;table-layout:fixed}",
  `th{height:${L.head}px;padding:0 8px;background:var(--head);color:var(--muted);font-size:11px;line-height:13px;font-weight:600;` +
    "letter-spacing:.04em;text-transform:uppercase;text-align:left;box-shadow:inset 0 1px var(--border),inset 0 -1px var(--border)}",
  `td{height:${L.row}px;padding:0 8px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}`,
  "tbody tr+tr td{box-shadow:inset 0 1px var(--border)}",
  "tbody tr:hover{background:var(--hover)}",
  "th:first-child,td:first-child{width:52px;padding-left:14px}",
  "th:last-child,td:last-child{width:108px;padding-right:14px}",
  ".num{width:92px;text-align:right}",
  ".name{font-weight:600}",
  ".r{display:inline-block;min-width:26px;height:26px;padding:0 4px;border-radius:13px;color:var(--muted);font-weight:600;line-height:26px;text-align:center}",
  ".r1{background:var(--gold-bg);color:var(--gold)}",
  ".r2{background:var(--silver-bg);color:var(--silver)}",
  ".r3{background:var(--bronze-bg);color:var(--bronze)}",
  ".star{color:var(--star);margin-right:3px}",
  ".sub{color:var(--muted);font-size:12px;margin-left:3px}",
  ".sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}",
  `.empty{display:flex;flex:1;align-items:center;justify-content:center;min-height:${L.head + 3 * L.row}px;padding:16px;color:var(--muted);text-align:center;` +
    "box-shadow:inset 0 1px var(--border)}",
  `footer{display:flex;align-items:center;height:${L.footer}px;margin-top:auto;padding:0 14px;box-shadow:inset 0 1px var(--border);font-size:13px}`,
  "footer a{display:inline-flex;align-items:center;gap:6px;min-height:24px;color:var(--link);font-weight:600;text-decoration:none}",
  "footer a:hover{text-decoration:underline}",
  "a:focus-visible{outline:2px solid var(--link);outline-offset:2px;border-radius:4px}",
  "footer svg{flex:none}",
  "td:first-child{text-overflow:clip}",
  // A narrow frame (under 360 px): tighter columns, no rating counts, the link's second half for screen readers only.
  "@media (max-width:359px){th:first-child,td:first-child{width:48px;padding:0 6px 0 10px}.num,th:last-child,td:last-child{width:76px}.sub{display:none}" +
    "footer .more{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap}}",
].join("");

/**
 * Reads the board again (revalidating with its ETag: mostly a 304) and swaps the new one in when it
 * changed. Without cookies; a failure leaves the board as it is until the next turn.
 */
const SCRIPT =
  `setInterval(function(){if(document.hidden)return;` +
  `fetch(location.href,{cache:"no-cache",credentials:"omit"}).then(function(r){return r.ok?r.text():""}).then(function(t){` +
  `var n=t&&new DOMParser().parseFromString(t,"text/html").querySelector("main"),o=document.querySelector("main");` +
  `if(n&&o&&n.innerHTML!==o.innerHTML)o.replaceWith(n)}).catch(function(){})},${EMBED_REFRESH_MS})`;

/** The page's own policy: nothing but its inline style and script (by hash) and reads of itself. */
function contentSecurityPolicy(frameAncestors: string[]) {
  return {
    useDefaults: false as const,
    directives: {
      "default-src": ["'none'"],
      "style-src": [cspHash(STYLE)],
      "script-src": [cspHash(SCRIPT)],
      "connect-src": ["'self'"],
      "img-src": ["'self'"],
      "base-uri": ["'none'"],
      "form-action": ["'none'"],
      "frame-ancestors": frameAncestors,
    },
  };
}

/** The brand mark, drawn inline: the page loads no other file. */
const LOGO = brandMarkSvg(18);

const whole = new Intl.NumberFormat("en-IN");

interface BoardRow {
  rank: number;
  name: string;
  rating: number;
  ratingCount: number;
  skillCoins: number;
  periodRating: number | null;
  periodRatingCount: number | null;
  periodLessons: number | null;
}

const ratingCell = (value: number, count: number) =>
  count > 0
    ? `<span class="star" aria-hidden="true">★</span>${value.toFixed(1)}<span class="sub" aria-hidden="true">(${whole.format(count)})</span>` +
      `<span class="sr"> from ${whole.format(count)} ${count === 1 ? "rating" : "ratings"}</span>`
    : `<span class="sub">Not rated</span>`;

function table(view: EmbedView, rows: BoardRow[]): string {
  const period = view.period !== "all_time";
  const when = LEADERBOARD_PERIOD_LABELS[view.period].toLowerCase();
  const who = view.category ? ` who teach ${escapeHtml(view.category)}` : "";
  if (rows.length === 0) {
    const text = period
      ? `No ratings or lessons ${when} yet${view.category ? ` in ${escapeHtml(view.category)}` : ""}.`
      : view.category
        ? `No students teach ${escapeHtml(view.category)} yet.`
        : "No students on the leaderboard yet.";
    return `<p class="empty">${text}</p>`;
  }
  const caption = period
    ? `Students${who} ranked by the average of the ratings they received ${when}, then the number of those ratings, then lessons held ${when}. Equal scores share a rank.`
    : `Students${who} ranked by rating, then the number of ratings, then skill coins. Equal scores share a rank.`;
  const body = rows
    .map((r) => {
      const name = escapeHtml(r.name);
      const medal = r.rank <= 3 ? ` r${r.rank}` : "";
      const numbers = period
        ? `<td class="num">${ratingCell(r.periodRating ?? 0, r.periodRatingCount ?? 0)}</td><td class="num">${whole.format(r.periodLessons ?? 0)}</td>`
        : `<td class="num">${ratingCell(r.rating, r.ratingCount)}</td><td class="num">${whole.format(r.skillCoins)}</td>`;
      return `<tr><td><span class="r${medal}">${r.rank}</span></td><td class="name" dir="auto" title="${name}">${name}</td>${numbers}</tr>`;
    })
    .join("");
  const last = period ? "Lessons" : "Skill Coins";
  return (
    `<table><caption class="sr">${caption}</caption><thead><tr><th scope="col">Rank</th><th scope="col">Name</th>` +
    `<th scope="col" class="num">Rating</th><th scope="col" class="num">${last}</th></tr></thead><tbody>${body}</tbody></table>`
  );
}

/** The page of one view, or of a refusal (`problem`: a 400 or 503 page, framed like the board). */
function page(origin: string, view: EmbedView, content: { rows: BoardRow[] } | { problem: string }): { html: string; title: string } {
  const title = "problem" in content ? "Skill Exchange leaderboard" : embedTitle(view);
  // The spec's public address of the board (no viewer: "undefined"), in the same view.
  const board = `${origin}/leaderboard/undefined${embedSearch({ category: view.category, period: view.period })}`;
  const oembed = `${origin}${OEMBED_PATH}?url=${encodeURIComponent(embedUrl(origin, view))}&format=json`;
  const heading =
    "problem" in content
      ? `<p class="eyebrow">Leaderboard</p><h1>Not available</h1>`
      : `<p class="eyebrow">Leaderboard · ${LEADERBOARD_PERIOD_LABELS[view.period]}</p><h1 dir="auto">${escapeHtml(view.category ?? "Top students")}</h1>`;
  const main = "problem" in content ? `<p class="empty" role="alert">${escapeHtml(content.problem)}</p>` : table(view, content.rows);
  const theme = view.theme ? ` data-theme="${view.theme}"` : "";
  const html =
    `<!doctype html><html lang="en"${theme}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml">` +
    `<meta name="description" content="${escapeHtml(`${title}: students of the college ranked on ${EMBED_PROVIDER}.`)}">` +
    ("problem" in content
      ? ""
      : `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(oembed)}" title="${escapeHtml(title)}">`) +
    `<style>${STYLE}</style></head><body><main><header>${heading}</header>${main}` +
    `<footer><a href="${escapeHtml(board)}" target="_blank" rel="noopener">${LOGO}<span>${EMBED_PROVIDER}<span class="more">: full leaderboard</span></span>` +
    `<span class="sr"> (opens in a new tab)</span><span aria-hidden="true">↗</span></a></footer></main>` +
    ("problem" in content ? "" : `<script>${SCRIPT}</script>`) +
    `</body></html>`;
  return { html, title };
}

const HTML = "text/html; charset=utf-8";

/**
 * The `Link` header that makes the web app's leaderboard (`/leaderboard/{currentID}`, its query
 * kept) discoverable by oEmbed consumers; null for any other page.
 */
export function oembedLink(origin: string, pathname: string, search: string): string | null {
  if (!/^\/leaderboard(?:\/[^/]+)?\/?$/i.test(pathname)) return null;
  const page = `${origin}${pathname}${search ? `?${search}` : ""}`;
  return `<${origin}${OEMBED_PATH}?url=${encodeURIComponent(page)}&format=json>; rel="alternate"; type="application/json+oembed"; title="${EMBED_PROVIDER} leaderboard"`;
}

/** The page and its headers (helmet's, with this route's own options: `securityHeaders` in its config). */
export function mountEmbed(app: FastifyInstance, services: DoorServices): void {
  const { publicUrl, embedFrameAncestors: listed } = services.deps.config;
  // This site itself may always frame it ("Embed this" previews it), unless framing is off altogether.
  const embedFrameAncestors = listed.some((s) => s === "*" || s === "'none'" || s === "'self'") ? listed : ["'self'", ...listed];
  const leaderboard = services.coins.leaderboard;
  const refuse = (reply: FastifyReply, status: number, view: EmbedView, problem: string) =>
    reply
      .code(status)
      .header("Cache-Control", "no-store")
      .type(HTML)
      .send(page(publicUrl, view, { problem }).html);

  app.get(
    EMBED_PATH,
    {
      config: {
        securityHeaders: {
          contentSecurityPolicy: contentSecurityPolicy(embedFrameAncestors),
          // Framing is what the page is for; CSP frame-ancestors decides who may (X-Frame-Options cannot list sites).
          frameguard: false,
          // The board's link to the full leaderboard says where the visitor came from, to this site only.
          referrerPolicy: { policy: "strict-origin-when-cross-origin" },
          // A host page that isolates itself (COEP) may still frame it.
          crossOriginResourcePolicy: { policy: "cross-origin" },
        },
      },
    },
    async (request, reply) => {
      const parsed = parseEmbedView(request.query as Record<string, unknown>);
      if (!parsed.ok) {
        // The refusal still in the colours asked for, when those were right.
        const themed = parseEmbedView({ theme: (request.query as Record<string, unknown>).theme });
        return refuse(reply, 400, themed.ok ? themed.view : EMBED_DEFAULT_VIEW, parsed.message);
      }
      const { view } = parsed;
      let rows: BoardRow[];
      try {
        rows = (await leaderboard.view({ category: view.category, period: view.period, first: view.limit })).rows;
      } catch (e) {
        const err = isBusyError(e) ? null : e;
        if (err instanceof AppError && err.code === "BAD_USER_INPUT") return refuse(reply, 400, view, err.message);
        if (err && !(err instanceof AppError && err.code === "SERVICE_BUSY")) throw err;
        reply.header("Retry-After", "5");
        return refuse(reply, 503, view, "The leaderboard is busy right now. It will be back in a moment.");
      }
      const { html } = page(publicUrl, view, { rows });
      // The page is a function of the view's rows and names only (no time, no nonce): its hash is its version.
      const etag = contentTag(html);
      reply.header("Cache-Control", `public, max-age=${EMBED_MAX_AGE_SECONDS}`).header("ETag", etag);
      // No Last-Modified: a renamed student changes the page but not the ranking's date; the ETag alone validates.
      if (isFresh(request.headers, etag, "")) return reply.code(304).send();
      return reply.type(HTML).send(html);
    },
  );
}
