/**
 * The installable app (issue #37) in Chromium: the web app manifest and its icons, the service
 * worker taking control, a signed-in student's offline reload (the shell and "You are offline",
 * then back to normal without a reload), what Cache Storage holds, a new deployment's worker
 * offered and taken on the student's Reload, and no layout shift on the landing page or on an
 * unverified student's dashboard (whose notice arrives with the page's data).
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launch, newPage, PHONE as PHONE_SIZE, withServiceWorker } from "./support/browser.js";
import { fillProfile, registerStudent, signedInPage, techProfile } from "./support/students.js";

/** This suite is about the service worker: its contexts let it in (support/browser.ts newContext). */
const PHONE = withServiceWorker(PHONE_SIZE);

/** The service worker the suite's server serves (global-setup.ts builds dist/web). */
const SW_FILE = path.resolve(import.meta.dirname, "../../dist/web/sw.js");

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until the service worker is active and controls `page`; returns its script URL. */
async function controlledBySw(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === "activated", null, { timeout: 60_000 });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** Sums `page`'s layout shifts not caused by input, from its first frame (call before `goto`). */
async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The layout shift so far, once every frame rendered until now has reported its shifts. */
async function layoutShift(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

describe("installable app in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("links a valid web app manifest whose icons are PNGs of the sizes it states, maskable 192 and 512 among them", async () => {
    const page = await newPage(browser, PHONE);
    await page.goto("/");
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBeTruthy();
    const manifestUrl = new URL(href!, baseURL());
    const response = await fetch(manifestUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({
      name: "Skill Exchange",
      short_name: "Skill Exchange",
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    // The design tokens' page background (--color-bg), like the theme-color meta of index.html.
    expect(manifest.theme_color).toBe("#ffffff");
    expect(manifest.background_color).toBe("#ffffff");
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);

    for (const icon of manifest.icons) {
      const r = await fetch(new URL(icon.src, manifestUrl));
      expect(r.status, icon.src).toBe(200);
      expect(icon.type).toBe("image/png");
      const { width, height } = pngSize(Buffer.from(await r.arrayBuffer()));
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
    }
    const sizes = (purpose: string) => manifest.icons.filter((i) => (i.purpose ?? "any") === purpose).map((i) => i.sizes);
    expect(sizes("maskable")).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    expect(sizes("any")).toEqual(expect.arrayContaining(["192x192", "512x512"]));

    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const apple = await fetch(new URL(appleIcon!, baseURL()));
    expect(pngSize(Buffer.from(await apple.arrayBuffer()))).toEqual({ width: 180, height: 180 });
    await page.context().close();
  });

  it("registers the service worker, which controls the page; /sw.js is revalidated on every update check", async () => {
    const page = await newPage(browser, PHONE);
    await page.goto("/");
    expect(await controlledBySw(page)).toBe(`${baseURL()}/sw.js`);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(`${baseURL()}/`);
    const sw = await fetch(`${baseURL()}/sw.js`);
    expect(sw.headers.get("cache-control")).toBe("no-cache");
    const asset = await page.evaluate(() => (document.querySelector('script[type="module"][src^="/assets/"]') as HTMLScriptElement).src);
    expect((await fetch(asset)).headers.get("cache-control")).toMatch(/immutable/);
    // The server's own pages stay the server's under the worker: the leaderboard embed, not the app's 404.
    await page.goto("/embed/leaderboard");
    expect(await page.title()).not.toContain("Page not found");
    expect(await page.getByText("404 - Page Not Found").count()).toBe(0);
    expect(await page.locator("#root").count()).toBe(0);
    await page.context().close();
  });

  it("offline, a signed-in student's reload shows the shell and 'You are offline'; back online the page loads by itself", async () => {
    const student = await registerStudent("Offline");
    await fillProfile(student, techProfile("Female", "Rust", "Figma"));
    const page = await signedInPage(browser, student, PHONE);
    const context = page.context();
    await page.goto(`/dashboard/${student.id}`);
    await page.getByRole("heading", { name: `Welcome, ${student.name}` }).waitFor();
    await controlledBySw(page);

    await context.setOffline(true);
    await page.reload();
    // The shell from the service worker's cache, not the browser's error page.
    await page.getByRole("navigation", { name: "Main" }).waitFor();
    await page.getByRole("status").filter({ hasText: "You are offline" }).waitFor();
    expect(await page.title()).not.toBe("");
    // The page answers (no endless spinner): its load error is on screen beside the notice.
    await page.getByText("Your dashboard could not be loaded.").waitFor();

    // Marks this document: a reload would lose the mark.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    await context.setOffline(false);
    await page.getByRole("heading", { name: `Welcome, ${student.name}` }).waitFor();
    expect(await page.getByText("You are offline").count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);

    // Cache Storage holds the app's shell only: no GraphQL, REST, upload or health answers.
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain("/index.html");
    expect(cached.some((p) => p.startsWith("/assets/"))).toBe(true);
    expect(cached.filter((p) => /^\/(graphql|api|uploads|metrics|healthz|readyz)(\/|$)/.test(p))).toEqual([]);
    await context.close();
  });

  it("a new deployment's service worker is offered ('A new version…'), and Reload moves the page to it", async () => {
    const page = await newPage(browser, PHONE);
    await page.goto("/about");
    await controlledBySw(page);
    const original = readFileSync(SW_FILE, "utf8");
    try {
      // A new deployment: another /sw.js (its bytes differ), found by the browser's update check.
      writeFileSync(SW_FILE, `${original}\n// deployment ${Date.now()}\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = page.getByRole("status").filter({ hasText: "A new version of Skill Exchange is available." });
      await prompt.waitFor();
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null)).toBe(true);

      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await prompt.getByRole("button", { name: "Reload" }).click();
      // The new worker takes over and the page reloads into it.
      await page.waitForFunction(() => !(window as unknown as { __sameDocument?: boolean }).__sameDocument, null, { timeout: 60_000 });
      await page.getByRole("heading", { name: "Our Story" }).waitFor();
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();
      expect(await page.getByText("A new version of Skill Exchange is available.").count()).toBe(0);
    } finally {
      writeFileSync(SW_FILE, original);
      await page.context().close();
    }
  });

  it("the landing page does not shift its layout as its content arrives (footer included)", async () => {
    const page = await newPage(browser, PHONE);
    await watchLayoutShifts(page);
    await page.goto("/", { waitUntil: "load" });
    await page.getByRole("heading", { name: "Ready to swap your first skill?" }).waitFor();
    await page.locator("footer").waitFor();
    expect(await layoutShift(page)).toBeLessThan(0.1);
    await page.context().close();
  });

  it("an unverified student's dashboard shows with its notice: nothing is pushed down as the data arrives", async () => {
    // The notice came a round trip after the page and pushed the search and the feed down (0.23).
    const student = await registerStudent("Unverified", { verified: false });
    await fillProfile(student, techProfile("Female", "Rust", "Figma"));
    const page = await signedInPage(browser, student, PHONE);
    await watchLayoutShifts(page);
    await page.goto(`/dashboard/${student.id}`);
    await page.getByRole("heading", { name: `Welcome, ${student.name}` }).waitFor();
    await page.getByRole("region", { name: "Verify your college mail" }).waitFor();
    await page.getByRole("heading", { name: "Your feed" }).waitFor();
    expect(await layoutShift(page)).toBeLessThan(0.1);
    await page.context().close();
  });
});
