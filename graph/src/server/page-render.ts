import fastifyCookie from "@fastify/cookie";
import { PAGE_TOKEN_COOKIE } from "../../../common/pages.js";
import type { FastifyInstance, FastifyRequest, InjectOptions } from "fastify";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The signed-in dashboard rendered on the server (issue #37): a phone paints the student's page as
 * soon as its HTML and stylesheets arrive, instead of a spinner until about 200 KB of JavaScript
 * has downloaded, run and asked for the data. The browser then hydrates it (web/src/app/main.tsx).
 *
 * Who the student is comes from the `page_token` cookie, a copy of the session token the web app
 * keeps (web/src/lib/auth.ts), sent only with page requests under /dashboard. It is read here and
 * nowhere else: the page's queries go through the GraphQL endpoint with it as their Authorization
 * header (Fastify's `inject`, from the visitor's address), so the server checks the token, the
 * rules and the rate limits exactly as for the browser's own requests. The API never reads
 * cookies, so the cookie cannot act for the student.
 *
 * The renderer is the Node build of web/src/app/prerender.tsx (dist/web-render, made by
 * `npm run build`), loaded with the first dashboard request. Without it, or when it renders
 * nothing (no cookie, a refused token, an unfinished profile, another student's id, a slow
 * answer), the page is the usual HTML the browser renders itself.
 */

/** dist/web-render beside dist/web, and its entry (scripts/prerender.mjs, WEB_RENDER_DIR and RENDERER_FILE). */
export const WEB_RENDER_DIR = "web-render";
const RENDERER_FILE = "prerender.cjs";
/** A render that takes longer than this is given up: the browser renders the page itself. */
export const RENDER_TIMEOUT_MS = 3000;
/**
 * Renders at once, at most: each costs 65-80 ms of this process's CPU. Past it (a burst of first
 * visits), the page is the one the browser renders, so the API's answers are not held up.
 */
export const MAX_RENDERS_IN_FLIGHT = 4;

/** The markup of a page rendered with a student's data, its title and the state the browser hydrates it with. */
export interface SignedInPage {
  title: string | null;
  html: string;
  state: unknown;
}

type RenderSignedIn = (options: {
  url: string;
  token: string;
  fetch: typeof globalThis.fetch;
  signal?: AbortSignal;
}) => Promise<SignedInPage | null>;

/**
 * The renderer, or null when the build made none. A CommonJS module, loaded with require(): synchronous,
 * the same from the compiled server (itself CommonJS) and from tsx.
 */
function loadRenderer(entry: string): RenderSignedIn | null {
  const module = createRequire(entry)(entry) as { renderSignedIn?: unknown };
  return typeof module.renderSignedIn === "function" ? (module.renderSignedIn as RenderSignedIn) : null;
}

/** A fetch whose requests are answered by this server itself (`inject`), as if `request`'s visitor made them. */
function injectFetch(app: FastifyInstance, request: FastifyRequest): typeof globalThis.fetch {
  return async (input, init) => {
    const target = new URL(input instanceof Request ? input.url : input.toString());
    const answer = await app.inject({
      method: (init?.method ?? "GET") as InjectOptions["method"],
      url: target.pathname + target.search,
      headers: Object.fromEntries(new Headers(init?.headers)),
      payload: typeof init?.body === "string" ? init.body : undefined,
      remoteAddress: request.ip,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      for (const item of [value ?? []].flat()) headers.append(name, String(item));
    }
    return new Response(answer.body, { status: answer.statusCode, headers });
  };
}

/**
 * Registers cookie parsing (on demand only: no hook runs on other requests) and returns the
 * function that renders a dashboard request for the student its cookie names, or null.
 */
export async function signedInPages(
  app: FastifyInstance,
  dir: string,
): Promise<((request: FastifyRequest) => Promise<SignedInPage | null>) | null> {
  const entry = path.join(dir, RENDERER_FILE);
  if (!existsSync(entry)) return null;
  await app.register(fastifyCookie, { hook: false });
  // Loaded with the first dashboard request (React's server renderer and Apollo Client are not a
  // cost of every start); undefined until then, null when it failed to load.
  let render: RenderSignedIn | null | undefined;
  let inFlight = 0;
  return async (request) => {
    const token = app.parseCookie(request.headers.cookie ?? "")[PAGE_TOKEN_COOKIE];
    if (!token) return null;
    if (render === undefined) {
      try {
        render = loadRenderer(entry);
      } catch (error) {
        render = null;
        request.log.error({ err: error }, `the dashboard's renderer (${entry}) did not load: the browser renders it`);
      }
    }
    if (!render || inFlight >= MAX_RENDERS_IN_FLIGHT) return null;
    inFlight++;
    try {
      return await render({
        url: new URL(request.url, `${request.protocol}://${request.host}`).href,
        token,
        fetch: injectFetch(app, request),
        signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      });
    } catch (error) {
      request.log.warn({ err: error }, "dashboard render failed: the browser renders it");
      return null;
    } finally {
      inFlight--;
    }
  };
}
