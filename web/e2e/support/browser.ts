/** Playwright (playwright-core) driving Debian's Chromium; no browser download. */
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";
import { CHROMIUM_ARGS, FULL_CHROMIUM } from "./chromium.js";

export { CHROMIUM } from "./chromium.js";

/** This worker's server (global-setup.ts starts one per worker). */
function server(): { baseURL: string; dataDir: string } {
  const servers = inject("servers");
  return servers[(Number(process.env.VITEST_POOL_ID ?? "1") - 1) % servers.length];
}

export const baseURL = () => server().baseURL;
export const dataDir = () => server().dataDir;

/**
 * The run's Chromium (global-setup.ts launches it once), connected to: `browser.close()` closes the
 * contexts this file made and disconnects, as closing a browser of its own did.
 */
export function launch(): Promise<Browser> {
  return chromium.connect(inject("browserWSEndpoint"));
}

/** A full Chromium of this file's own (FULL_CHROMIUM), for what the run's headless shell cannot do (notifications, push). */
export function launchFullChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: FULL_CHROMIUM, args: CHROMIUM_ARGS });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };
/** A 375 x 812 touch screen (a phone as students hold it): touch events, a mobile viewport. */
export const TOUCH_PHONE = { width: 375, height: 812, touch: true } as const;

/** A viewport, and whether the context lets the app's service worker in (see newContext). */
type Viewport = { width: number; height: number; touch?: boolean; serviceWorker?: boolean };

/** The same viewport in a context that lets the app install its service worker (the PWA and push suites, the phone journeys). */
export const withServiceWorker = <V extends Viewport>(viewport: V): V & { serviceWorker: true } => ({ ...viewport, serviceWorker: true });

/**
 * A context of its own (cookies, storage, caches). The app's service worker is blocked unless the
 * viewport says `serviceWorker`: on its first load in every new context the worker precaches the
 * whole shell, which doubled the browser's CPU for each page a suite opens (measured: 3-4 s of
 * Chromium CPU per signed-in page with it, 1.5-2 s without). The suites about the worker (pwa,
 * push) and the phone journeys (phone-flows) keep it, so what it serves is still walked.
 */
export async function newContext(browser: Browser, viewport: Viewport = DESKTOP): Promise<BrowserContext> {
  const { touch, serviceWorker, ...size } = viewport;
  const ctx = await browser.newContext({
    baseURL: baseURL(),
    viewport: size,
    serviceWorkers: serviceWorker ? "allow" : "block",
    ...(touch ? { hasTouch: true, isMobile: true } : {}),
  });
  ctx.setDefaultTimeout(15_000);
  return ctx;
}

export async function newPage(browser: Browser, viewport: Viewport = DESKTOP): Promise<Page> {
  return (await newContext(browser, viewport)).newPage();
}

/** Moves the server's clock forward (E2E_HOOKS=on). */
export async function advanceServerClock(ms: number): Promise<void> {
  const r = await fetch(`${baseURL()}/__e2e/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ advanceMs: ms }),
  });
  if (!r.ok) throw new Error(`clock hook answered ${r.status}`);
}

/** Runs the server's due scheduled jobs now (E2E_HOOKS=on) instead of waiting for its timer; returns their names. */
export async function runServerJobs(): Promise<string[]> {
  const r = await fetch(`${baseURL()}/__e2e/jobs`, { method: "POST" });
  if (!r.ok) throw new Error(`jobs hook answered ${r.status}`);
  return ((await r.json()) as { ran: string[] }).ran;
}

/**
 * Puts the server's clock back to real time. A file that moves the clock calls it when it is done:
 * the next file's messages would otherwise be dated days ahead of the browser.
 */
export async function resetServerClock(): Promise<void> {
  const r = await fetch(`${baseURL()}/__e2e/clock`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ reset: true }),
  });
  if (!r.ok) throw new Error(`clock hook answered ${r.status}`);
}

/** GraphQL straight to the server, for arranging state a test is not about. */
export async function gql<T = any>(query: string, variables?: Record<string, unknown>, token?: string): Promise<T> {
  const r = await fetch(`${baseURL()}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await r.json()) as { data?: T; errors?: Array<{ message: string }> };
  if (body.errors?.length) throw new Error(body.errors.map((e) => e.message).join("; "));
  return body.data as T;
}
