/**
 * A student on a 375 x 812 touch screen: the snake steers by swiping and keeps its score in view,
 * the hints speak of the input at hand, text that students write reads in its own direction, and
 * every control on the signed-in pages is big enough for a finger (WCAG 2.2 2.5.8: 24 px; 44 px
 * for primary actions).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launch, TOUCH_PHONE } from "./support/browser.js";
import { registerStudent, signedInPage } from "./support/students.js";

/** Screenshots for a human to look at, when E2E_SCREENSHOTS is a folder. */
const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`) });
}

const NAV_HEIGHT = 64;
const canvas = (page: Page) => page.locator("canvas");
const direction = (page: Page) => canvas(page).evaluate((c: HTMLCanvasElement) => c.dataset.direction);

/** A one-finger swipe from (x, y) by (dx, dy), as real touch events through the DevTools protocol. */
async function swipe(page: Page, x: number, y: number, dx: number, dy: number) {
  const cdp = await page.context().newCDPSession(page);
  const point = (px: number, py: number) => [{ x: px, y: py, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(x, y) });
  for (let i = 1; i <= 5; i++)
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: point(x + (dx * i) / 5, y + (dy * i) / 5) });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** The score's top edge, in the window (below the fixed header when it is in view). */
const scoreTop = async (page: Page) => (await page.getByTestId("snake-score").boundingBox())!.y;

describe("a phone with a touch screen", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("swipes steer the snake; the score stays below the header, after a reload too; the hints speak of swiping", async () => {
    const s = await registerStudent("Swiper");
    const page = await signedInPage(browser, s, TOUCH_PHONE);
    await page.goto(`/game/${s.id}`);
    await page.getByText("Ready?").waitFor();
    expect(await page.locator("[data-status]").textContent()).toContain("Swipe on the board");
    expect(await page.locator("[data-status]").textContent()).not.toContain("arrow key");
    expect(await scoreTop(page)).toBeGreaterThanOrEqual(NAV_HEIGHT);
    await shot(page, "phone-game-ready");

    // The page does not scroll while a finger swipes on the board.
    const scrolled = await page.evaluate(() => window.scrollY);
    const box = (await canvas(page).boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    await swipe(page, cx, cy, 0, -80);
    await page.waitForFunction(() => document.querySelector("[data-status]")?.getAttribute("data-status") === "running");
    await expect.poll(() => direction(page)).toBe("up");
    await swipe(page, cx, cy, -80, 0);
    await expect.poll(() => direction(page)).toBe("left");
    await swipe(page, cx, cy, 0, 80);
    await expect.poll(() => direction(page)).toBe("down");
    // A short move is not a swipe.
    await swipe(page, cx, cy, 10, 0);
    expect(await direction(page)).toBe("down");
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    expect(await scoreTop(page)).toBeGreaterThanOrEqual(NAV_HEIGHT);
    await shot(page, "phone-game-running");

    // Scrolled down as far as the page goes, then reloaded: the score is still in view.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.reload();
    await page.getByText("Ready?").waitFor();
    await page.waitForLoadState("networkidle");
    expect(await scoreTop(page)).toBeGreaterThanOrEqual(NAV_HEIGHT);
    const pad = (await page.getByRole("group", { name: "Steer" }).boundingBox())!;
    expect(pad.y + pad.height).toBeLessThanOrEqual(TOUCH_PHONE.height);
    await shot(page, "phone-game-reloaded");
    await page.context().close();

    // At 1280 px with a mouse the hints speak of keys.
    const desk = await signedInPage(browser, s, DESKTOP);
    await desk.goto(`/game/${s.id}`);
    await desk.getByText("Ready?").waitFor();
    expect(await desk.locator("[data-status]").textContent()).toContain("arrow key");
    expect(await desk.locator("[data-status]").textContent()).not.toContain("Swipe");
    await shot(desk, "desktop-game-ready");
    await desk.context().close();
  });
});
