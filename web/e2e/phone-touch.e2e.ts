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
import { DESKTOP, gql, launch, TOUCH_PHONE } from "./support/browser.js";
import { chattingPair, fillProfile, registerStudent, signedInPage, skill, techProfile } from "./support/students.js";

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

interface Small {
  what: string;
  width: number;
  height: number;
  need: number;
}

/**
 * Every visible control on the page too small for a finger: under 24 x 24 CSS px (WCAG 2.2 2.5.8),
 * or a primary button under 44 px high. A checkbox or radio inside a label is measured by its
 * label (the label is what takes the tap); links inside sentences are exempt (WCAG's inline case).
 */
async function smallTargets(page: Page): Promise<Small[]> {
  return page.evaluate(() => {
    const found: Small[] = [];
    const controls = document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [role=button], label");
    for (const el of controls) {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden" || el.closest("[hidden], [inert], .visually-hidden")) continue;
      if (el instanceof HTMLInputElement && el.type === "hidden") continue;
      const choice = "input[type=checkbox], input[type=radio]";
      if (el.tagName === "LABEL" && !el.querySelector(choice)) continue;
      if (el.matches(choice) && el.closest("label")) continue;
      if (el.tagName === "A" && style.display === "inline" && el.closest("p, li > span, dd")) continue;
      const primary = (el.tagName === "BUTTON" || el.tagName === "A") && /(^|\s)_primary_/.test(el.className);
      const what = `${el.tagName.toLowerCase()}${primary ? " (primary)" : ""} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40)}"`;
      if (box.width < 24 || box.height < 24) found.push({ what, width: Math.round(box.width), height: Math.round(box.height), need: 24 });
      else if (primary && box.height < 44) found.push({ what, width: Math.round(box.width), height: Math.round(box.height), need: 44 });
    }
    return found;
  });
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

  it("shows what students write in its own direction, and has targets a finger can hit on every signed-in page", async () => {
    const { asha, ravi } = await chattingPair("Urdu", "Python");
    // Ravi writes in Arabic; a third student asks Asha for a swap, so her notifications have buttons.
    await gql(
      "mutation ($to: ID!, $body: String!) { sendMessage(chatWith: $to, body: $body) { id } }",
      { to: asha.id, body: "مرحبا، كيف حالك؟" },
      ravi.token,
    );
    const meena = await registerStudent("Meena");
    await fillProfile(meena, techProfile("Female", "Python", "Urdu"));
    await gql(
      "mutation ($input: RequestSwapInput!) { requestSwap(input: $input) { id } }",
      { input: { receiverId: asha.id, preachSkill: skill("Python"), learnSkill: skill("Urdu") } },
      meena.token,
    );

    const page = await signedInPage(browser, asha, TOUCH_PHONE);
    const failures: string[] = [];
    const check = async (name: string) => {
      await page.waitForLoadState("networkidle");
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
      for (const t of await smallTargets(page)) failures.push(`${name}: ${t.what} is ${t.width} x ${t.height}, needs ${t.need}`);
      await shot(page, `phone-${name}`);
    };

    await page.goto(`/dashboard/${asha.id}`);
    await page.getByRole("heading", { name: /Welcome/ }).waitFor();
    expect(
      await page
        .getByRole("heading", { name: /Welcome/ })
        .locator("[dir=auto]")
        .textContent(),
    ).toBe(asha.name);
    await page.getByRole("button", { name: /^Filters/ }).click();
    await page.getByRole("form", { name: "Filters" }).waitFor();
    await check("dashboard-filters");

    await page.goto(`/user/${ravi.id}/${asha.id}/Female`);
    await page.getByRole("heading", { name: ravi.name }).waitFor();
    expect(await page.getByRole("heading", { name: ravi.name }).getAttribute("dir")).toBe("auto");
    await check("profile");

    await page.goto(`/user/chat/${ravi.id}`);
    await page.getByRole("heading", { name: ravi.name }).waitFor();
    const composer = page.getByPlaceholder("Type your message...");
    expect(await composer.getAttribute("dir")).toBe("auto");
    await composer.fill("שלום! מתי נפגש?");
    await page.getByRole("button", { name: "Send" }).click();
    const bubble = page.getByTestId("chat-message").locator("p", { hasText: "שלום! מתי נפגש?" });
    await bubble.waitFor();
    expect(await bubble.getAttribute("dir")).toBe("auto");
    // The browser resolves it: Hebrew reads right to left.
    expect(await bubble.evaluate((el) => el.matches(":dir(rtl)"))).toBe(true);
    await check("chat");

    await page.goto(`/${asha.id}/notifications`);
    await page.getByRole("link", { name: meena.name }).first().waitFor();
    expect(await page.getByRole("link", { name: meena.name }).first().getAttribute("dir")).toBe("auto");
    await check("notifications");

    await page.goto("/skill-coins");
    await page.locator("h1").first().waitFor();
    await check("coins");

    await page.goto(`/implements/${asha.id}/${encodeURIComponent(asha.name)}`);
    await page.locator("h1").first().waitFor();
    await check("implements");

    await page.goto(`/game/${asha.id}`);
    await page.getByText("Ready?").waitFor();
    await check("game");

    await page.goto(`/leaderboard/${asha.id}`);
    await page.getByRole("table").waitFor();
    await check("leaderboard");

    expect(failures).toEqual([]);
    await page.context().close();

    // The same pages at 1280 px with a mouse, for a human to look at.
    if (shotsDir) {
      const desk = await signedInPage(browser, asha, DESKTOP);
      await desk.goto(`/dashboard/${asha.id}`);
      await desk.getByRole("form", { name: "Filters" }).waitFor();
      await desk.waitForLoadState("networkidle");
      await shot(desk, "desktop-dashboard-filters");
      await desk.goto(`/user/chat/${ravi.id}`);
      await desk.getByTestId("chat-message").first().waitFor();
      await shot(desk, "desktop-chat");
      await desk.context().close();
    }
  });
});
