import fastifyStatic from "@fastify/static";
import { escapeHtml } from "../shared/html.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { PAGE_STATE_ID } from "../../../common/pages.js";
import { PROJECT_ROOT } from "../shared/paths.js";
import { type SignedInPage, signedInPages, WEB_RENDER_DIR } from "./page-render.js";

export const WEB_DIST = path.join(PROJECT_ROOT, "dist/web");

/** What the client-side routes are: every GET outside the server's own paths (and the hashed assets, whose misses are 404s). */
const SPA_PATH = /^\/(?!api\/|graphql|healthz|readyz|uploads\/|assets\/|__e2e)/i;

/** Files of dist/web a browser revalidates on every use: the pages, the service worker, the manifest. */
const REVALIDATED_FILE = /(?:\.html|[/\\]sw\.js|\.webmanifest)$/;

/** dist/web/.route-preloads.json (scripts/route-preloads.mjs): a page's path -> the hashed files its route loads. */
const PRELOADS_FILE = ".route-preloads.json";

/** A route pattern of the preloads file ("/dashboard/:userId") as a matcher of one path: each `:param` is one segment. */
function routeMatcher(route: string): (pathname: string) => boolean {
  if (!route.includes(":")) return (pathname) => pathname === route;
  const escape = (segment: string) => segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = new RegExp(
    `^${route
      .split("/")
      .map((s) => (s.startsWith(":") ? "[^/]+" : escape(s)))
      .join("/")}$`,
  );
  return (pathname) => pattern.test(pathname);
}

/**
 * dist/web/.prerendered.json (scripts/prerender.mjs): a static page's path -> its title and its
 * markup inside #root; "*" -> the loading screen every other page shows until its JavaScript ran.
 */
const PRERENDERED_FILE = ".prerendered.json";
const LOADING_SHELL = "*";
const EMPTY_ROOT = '<div id="root"></div>';

const readJson = (file: string): Record<string, unknown> =>
  existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>) : {};

/** The markup of a prerendered entry, when it has some. */
function markupOf(entry: unknown): { title?: string; html: string } | undefined {
  const { title, html } = (entry ?? {}) as { title?: unknown; html?: unknown };
  if (typeof html !== "string") return undefined;
  return { html, title: typeof title === "string" ? title : undefined };
}

/**
 * A built page: its HTML rendered in the browser (preloads, loading screen), its HTML for markup the
 * server renders with a student's data (blocking stylesheets, scripts after the paint), and for a
 * static page the markup prerendered at build time.
 */
type BuiltPage = { matches: (pathname: string) => boolean; rendered: string; serverRendered: string; prerendered?: string };

/**
 * A JSON data block (never executed, so the CSP allows it): `<` is escaped, so no string in it can
 * close the element or open a comment.
 */
const stateScript = (state: unknown) =>
  `<script type="application/json" id="${PAGE_STATE_ID}">${JSON.stringify(state).replace(/</g, "\\u003c")}</script>`;

/** The script that loads a server-rendered page's JavaScript once the page has painted (web/public/after-paint.js). */
export const AFTER_PAINT_SCRIPT = "/after-paint.js";

/**
 * A page the server rendered with a student's data shows them before any of its JavaScript has
 * run, which is needed only to make it interactive (hydration). Its scripts are fetched once it
 * has painted (./after-paint.js loads the entry), not beside its stylesheets: on a phone network
 * 200 KB of scripts would share the bandwidth with what the first paint waits for. So the page's
 * module preloads go, and the entry and the chunks they named (with the route's own, `routeScripts`)
 * are named to the loader instead: it appends their preloads one per task before it imports the
 * entry. Vite's preload helper, which appends a preload for every chunk a lazy route needs unless
 * the page has one, then finds them all; appended by it, they cost one long task (docs/performance.md).
 */
function scriptsAfterPaint(html: string, routeScripts: string[] = []): string {
  const preloads: string[] = [];
  return html
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, (link) => {
      const href = /href="(\/assets\/[\w.-]+\.js)"/.exec(link)?.[1];
      if (href) preloads.push(href);
      return "";
    })
    .replace(/<script type="module"(?: crossorigin)? src="(\/assets\/[\w.-]+\.js)"><\/script>/, (_tag, entry: string) => {
      const named = [...new Set([entry, ...preloads, ...routeScripts])].join(" ");
      return `<script defer src="${AFTER_PAINT_SCRIPT}" data-entry="${entry}" data-preload="${named}"></script>`;
    });
}

/** Markup put in a page's root (hydrated by the browser), its title and, for a page rendered with data, its state. */
function fillRoot(template: string, markup: { title?: string | null; html: string; state?: unknown }): string {
  const state = markup.state === undefined ? "" : stateScript(markup.state);
  let html = template.replace(EMPTY_ROOT, () => `<div id="root" data-prerendered>${markup.html}</div>${state}`);
  if (markup.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(markup.title!)}</title>`);
  return html;
}

/**
 * index.html as the build tailored it for a page:
 * - preloads: the route's chunks as modulepreload links and its stylesheets, before </head>, so a
 *   first visit fetches them beside the app shell instead of after it has run. Only hashed /assets/
 *   paths are taken from the file. A route may have parameters (`/dashboard/:userId`).
 * - prerendered (the static pages, without a query string, which can change what they show): the
 *   page's markup inside <div id="root" data-prerendered> (the browser hydrates it) and its title;
 *   the route's stylesheets block rendering, as the markup needs them.
 * - every other page: the loading screen inside #root (replaced when the app renders), so a phone
 *   shows it while the JavaScript downloads instead of a blank page; the route's stylesheets are
 *   fetched early without holding that screen back.
 * - a page the server rendered with a student's data (./page-render.ts): that markup, as for a
 *   static page, and the state the browser hydrates it with.
 * Returns the HTML for a path and its query string.
 */
export function builtPages(dist: string): (pathname: string, search: string, rendered?: SignedInPage) => string {
  const index = readFileSync(path.join(dist, "index.html"), "utf8");
  const preloads = readJson(path.join(dist, PRELOADS_FILE));
  const prerendered = readJson(path.join(dist, PRERENDERED_FILE));
  const shell = markupOf(prerendered[LOADING_SHELL]);
  const withShell = (html: string) => (shell ? html.replace(EMPTY_ROOT, () => `<div id="root">${shell.html}</div>`) : html);
  const withLinks = (html: string, links: string[]) =>
    links.length ? html.replace("</head>", `    ${links.join("\n    ")}\n  </head>`) : html;
  const pages: BuiltPage[] = [];
  for (const route of new Set([...Object.keys(preloads), ...Object.keys(prerendered)])) {
    if (route === LOADING_SHELL) continue;
    const listed = preloads[route];
    const files = (Array.isArray(listed) ? listed : []).filter(
      (f): f is string => typeof f === "string" && /^\/assets\/[\w.-]+\.(?:js|css)$/.test(f),
    );
    const chunks = files.filter((f) => f.endsWith(".js"));
    const scripts = chunks.map((f) => `<link rel="modulepreload" crossorigin href="${f}">`);
    const styles = files.filter((f) => f.endsWith(".css"));
    const blocking = styles.map((f) => `<link rel="stylesheet" crossorigin href="${f}">`);
    const page: BuiltPage = {
      matches: routeMatcher(route),
      rendered: withShell(withLinks(index, [...scripts, ...styles.map((f) => `<link rel="preload" as="style" crossorigin href="${f}">`)])),
      serverRendered: scriptsAfterPaint(withLinks(index, blocking), chunks),
    };
    const markup = markupOf(prerendered[route]);
    if (markup && index.includes(EMPTY_ROOT)) page.prerendered = fillRoot(withLinks(index, [...scripts, ...blocking]), markup);
    pages.push(page);
  }
  const plain = withShell(index);
  return (pathname, search, rendered) => {
    const page = pages.find((p) => p.matches(pathname));
    if (rendered && index.includes(EMPTY_ROOT)) return fillRoot(page?.serverRendered ?? scriptsAfterPaint(index), rendered);
    return (!search && page?.prerendered) || page?.rendered || plain;
  };
}

/** Serves index.html for a client-side route; false when the request is not one (then the 404). */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Whether an Accept header takes HTML (what Express's `req.accepts("html")` answered): no header
 * takes anything; otherwise text/html, text/* or * / * with a non-zero quality.
 */
export function acceptsHtml(accept: string | undefined): boolean {
  if (!accept) return true;
  return accept.split(",").some((range) => {
    const [type, ...params] = range.split(";").map((p) => p.trim().toLowerCase());
    if (type !== "text/html" && type !== "text/*" && type !== "*/*") return false;
    const q = params.find((p) => p.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * The built web app and the GraphQL sandbox. Hashed assets are cached for a year;
 * HTML never, so a deploy is picked up at once. `linkFor` gives a client-side route's `Link` header. Client-side routes fall back to index.html
 * (through the app's 404 handler, which calls the returned fallback).
 */
export async function mountStatic(
  app: FastifyInstance,
  dist = WEB_DIST,
  opts: { linkFor?: (pathname: string, search: string) => string | null } = {},
): Promise<SpaFallback | null> {
  if (!existsSync(path.join(dist, "index.html"))) {
    app.get("/", async (_request, reply) =>
      reply
        .code(503)
        .type("text/plain; charset=utf-8")
        .send("The web app is not built yet: run `npm run build` (npm start does it for you)."),
    );
    return null;
  }
  // A missing asset is a 404 (never index.html): SPA_PATH leaves /assets/ out.
  await app.register(fastifyStatic, {
    root: path.join(dist, "assets"),
    prefix: "/assets/",
    decorateReply: false,
    index: false,
    immutable: true,
    maxAge: "365d",
  });
  const noCache = (reply: FastifyReply) => void reply.header("Cache-Control", "no-cache");
  await app.register(fastifyStatic, {
    root: dist,
    prefix: "/",
    index: false,
    redirect: false,
    // A folder (/sandbox/ is a route) is not a file: a client-side route or a 404.
    allowedPath: (pathName) => !pathName.endsWith("/"),
    maxAge: "1h",
    // /index.html or /sandbox/index.html asked for by name: no-cache like the routes below. The
    // service worker and the web app manifest too: a browser must see a deployment's new ones at once
    // (the worker then brings the new shell; its hashed assets stay immutable).
    setHeaders: (reply, file) => void (REVALIDATED_FILE.test(file) && noCache(reply)),
  });
  const sendHtml = (reply: FastifyReply, file: string) => {
    noCache(reply);
    return reply.sendFile(file, { cacheControl: false });
  };
  app.get("/sandbox", async (_request, reply) => sendHtml(reply, "sandbox/index.html"));
  const pageFor = builtPages(dist);
  const fallback: SpaFallback = (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    if (!SPA_PATH.test(request.url) || !acceptsHtml(request.headers.accept)) return false;
    const [pathname, search = ""] = request.url.split("?", 2);
    noCache(reply);
    // A page's own discovery links (the leaderboard's oEmbed), which the one index.html cannot carry.
    const link = opts.linkFor?.(pathname, search);
    if (link) void reply.header("Link", link);
    void reply.type("text/html; charset=utf-8").send(pageFor(pathname, search));
    return true;
  };
  // The root is a folder to the static files (which list none): the app's first page.
  app.get("/", async (request, reply) => (fallback(request, reply) ? reply : reply.callNotFound()));
  // The signed-in dashboard, rendered with the student's data when its page cookie names one
  // (./page-render.ts); private to that student, so never stored by a cache.
  const renderSignedIn = await signedInPages(app, path.join(dist, "..", WEB_RENDER_DIR));
  if (renderSignedIn) {
    app.get("/dashboard/:userId", async (request, reply) => {
      if (!acceptsHtml(request.headers.accept)) return reply.callNotFound();
      const rendered = request.method === "GET" ? await renderSignedIn(request) : null;
      void reply.header("Vary", "Cookie");
      if (!rendered) return fallback(request, reply) ? reply : reply.callNotFound();
      const [pathname, search = ""] = request.url.split("?", 2);
      return reply
        .header("Cache-Control", "private, no-store")
        .type("text/html; charset=utf-8")
        .send(pageFor(pathname, search, rendered));
    });
  }
  return fallback;
}
