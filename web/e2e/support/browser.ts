/** Playwright (playwright-core) driving Debian's Chromium; no browser download. */
import { existsSync } from "node:fs";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

export const CHROMIUM =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync) ?? "/usr/bin/chromium";

export const baseURL = () => inject("baseURL");
export const dataDir = () => inject("dataDir");

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };
/** A 375 x 812 touch screen (a phone as students hold it): touch events, a mobile viewport. */
export const TOUCH_PHONE = { width: 375, height: 812, touch: true } as const;

type Viewport = { width: number; height: number; touch?: boolean };

export async function newContext(browser: Browser, viewport: Viewport = DESKTOP): Promise<BrowserContext> {
  const { touch, ...size } = viewport;
  const ctx = await browser.newContext({ baseURL: baseURL(), viewport: size, ...(touch ? { hasTouch: true, isMobile: true } : {}) });
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
