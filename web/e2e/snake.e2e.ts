import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, launch, newPage, PHONE } from "./support/browser.js";
import { registerStudent, signIn } from "./support/students.js";

/** Screenshots for a human to look at, when E2E_SCREENSHOTS is a folder. */
const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(shotsDir, `${name}.png`), fullPage: true });
}

const canvas = (page: Page) => page.locator("canvas");
const dataOf = async (page: Page) => canvas(page).evaluate((c: HTMLCanvasElement) => ({ ...c.dataset }) as Record<string, string>);
const ticks = async (page: Page) => Number((await dataOf(page)).ticks ?? 0);

/**
 * Steers at the apple (rows first, then columns; never a reversal) until the score reaches `target`.
 * The game keeps ticking while the test reads the board, so a read can be a tick old by the time
 * its key lands. To stay safe anyway, each turn is waited for (the heading changes) and then one
 * more move, so turns are at least two moves apart: a snake of six cells or fewer cannot run into
 * itself that way, whatever the lag (its tightest loop, 2 by 2 cells, needs eight).
 */
async function eatApples(page: Page, target: number) {
  const score = page.getByTestId("snake-score");
  const keys = { up: "ArrowUp", down: "ArrowDown", left: "a", right: "d" } as const;
  for (let i = 0; i < 5000 && Number(await score.textContent()) < target; i++) {
    const d = await dataOf(page);
    if (!d.apple || !d.head) continue;
    const [hx, hy] = d.head.split(",").map(Number);
    const [ax, ay] = d.apple.split(",").map(Number);
    const horizontal = d.direction === "left" || d.direction === "right";
    let to: keyof typeof keys | null = null;
    if (hy !== ay && horizontal) to = (ay - hy + 20) % 20 < 10 ? "down" : "up";
    else if (hy === ay && hx !== ax && !horizontal) to = (ax - hx + 30) % 30 < 15 ? "right" : "left";
    if (to) {
      await page.keyboard.press(keys[to]);
      const turnedAt = await page.waitForFunction((dir) => {
        const c = document.querySelector("canvas");
        const over = document.querySelector("[data-status]")?.getAttribute("data-status") !== "running";
        return (c?.dataset.direction === dir || over) && Number(c?.dataset.ticks);
      }, to);
      const t = Number(await turnedAt.jsonValue());
      await page.waitForFunction(
        (n) =>
          Number(document.querySelector("canvas")?.dataset.ticks) > n ||
          document.querySelector("[data-status]")?.getAttribute("data-status") !== "running",
        t,
      );
    }
    expect(await page.locator("[data-status]").getAttribute("data-status")).toBe("running");
  }
}

describe("snake in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("sends a visitor without a token to /register", async () => {
    const page = await newPage(browser);
    await page.goto("/game/someone");
    await page.waitForURL("**/register?returnTo=%2Fgame%2Fsomeone");
    await page.context().close();
  });

  it("plays with the keyboard, stops, and keeps the high score after a reload", async () => {
    const { token, id: userId } = await registerStudent("Snake player");
    const page = await newPage(browser);
    await signIn(page, token);

    // Another id in the URL leads to the caller's own game.
    await page.goto("/game/not-my-id");
    await page.waitForURL(`**/game/${userId}`);
    await page.getByText("Ready?").waitFor();
    expect(await page.getByTestId("snake-high-score").textContent()).toBe("0");
    const size = await canvas(page).boundingBox();
    expect(size!.width % 30).toBe(0);
    expect(size!.width / size!.height).toBeCloseTo(1.5, 2);
    await shot(page, "desktop-ready");

    // Arrow keys start and steer; two quick presses in one tick are both taken.
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => Number(document.querySelector("canvas")?.dataset.ticks) >= 3);
    expect((await dataOf(page)).direction).toBe("down");
    await page.keyboard.press("d");
    await page.keyboard.press("w");
    await page.waitForFunction(() => document.querySelector("canvas")?.dataset.direction === "up");
    const before = await ticks(page);
    await page.waitForFunction((n) => Number(document.querySelector("canvas")?.dataset.ticks) >= n + 3, before);

    await eatApples(page, 2);
    await shot(page, "desktop-running");
    expect(Number(await page.getByTestId("snake-score").textContent())).toBeGreaterThanOrEqual(2);

    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByText("Game over", { exact: true }).waitFor();
    await page.getByText("New high score!", { exact: true }).waitFor();
    // The game runs until the click lands (it may eat one more apple meanwhile): the final score counts.
    const score = Number(await page.getByTestId("snake-score").textContent());
    expect(score).toBeGreaterThanOrEqual(2);
    expect(await page.getByRole("status").filter({ hasText: "Game over" }).textContent()).toContain(`Score ${score}`);
    expect(await page.getByTestId("snake-high-score").textContent()).toBe(String(score));
    await shot(page, "desktop-over");

    // The server has it (it keeps the maximum).
    await expect.poll(async () => (await gql("{ snakeHighScore { highScore } }", {}, token)).snakeHighScore.highScore).toBe(score);

    // Space restarts: a new game at 0, the high score stays.
    await page.locator("[data-status]").focus();
    await page.keyboard.press("Space");
    await page.waitForFunction(() => document.querySelector("[data-status]")?.getAttribute("data-status") === "running");
    expect(await page.getByTestId("snake-score").textContent()).toBe("0");
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByText("Game over", { exact: true }).waitFor();

    // After a reload, and even without the local copy, the high score is the server's.
    await page.reload();
    await page.getByText("Ready?").waitFor();
    expect(await page.getByTestId("snake-high-score").textContent()).toBe(String(score));
    await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith("snakeHighScore"))
        .forEach((k) => localStorage.removeItem(k)),
    );
    await page.reload();
    await page.getByText("Ready?").waitFor();
    expect(await page.getByTestId("snake-high-score").textContent()).toBe(String(score));
    await page.context().close();
  });

  it("brings the board into view when a game starts in a short window (1280 x 600)", async () => {
    const { token } = await registerStudent("Short window");
    const page = await newPage(browser, { width: 1280, height: 600 });
    await signIn(page, token);
    await page.goto("/game/me");
    await page.getByText("Ready?").waitFor();
    // The arrow keys play, so they cannot scroll the page: the start does (the board's foot was 50 px below the window).
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => document.querySelector("[data-status]")?.getAttribute("data-status") === "running");
    // In view: its foot inside the window, its top clear of the fixed header (64 px).
    const inView = () =>
      page.evaluate(() => {
        const box = document.querySelector("canvas")!.getBoundingClientRect();
        return box.bottom <= window.innerHeight && box.top >= 64;
      });
    await expect.poll(inView).toBe(true);
    await page.getByRole("button", { name: "Stop" }).click();
    // Scrolled so the board's top rows sit under the header: the start brings them out.
    await page.reload();
    await page.getByText("Ready?").waitFor();
    await page.evaluate(() => window.scrollBy(0, document.querySelector("canvas")!.getBoundingClientRect().top - 20));
    expect(await canvas(page).evaluate((c) => c.getBoundingClientRect().top)).toBeLessThan(64);
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => document.querySelector("[data-status]")?.getAttribute("data-status") === "running");
    await expect.poll(inView).toBe(true);
    await page.getByRole("button", { name: "Stop" }).click();
    await page.context().close();
  });

  it("pauses when the tab is hidden", async () => {
    const { token, id: userId } = await registerStudent("Snake player");
    const page = await newPage(browser);
    await signIn(page, token);
    await page.goto(`/game/${userId}`);
    await page.getByText("Ready?").waitFor();
    await page.keyboard.press("ArrowUp");
    await page.waitForFunction(() => Number(document.querySelector("canvas")?.dataset.ticks) >= 1);
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    await page.getByText("Paused", { exact: true }).waitFor();
    expect(await page.locator("[data-status]").getAttribute("data-status")).toBe("paused");
    await page.keyboard.press("p");
    await page.waitForFunction(() => document.querySelector("[data-status]")?.getAttribute("data-status") === "running");
    await page.context().close();
  });

  it("fits a phone screen and steers with the on-screen arrows", async () => {
    const { token, id: userId } = await registerStudent("Snake player");
    const page = await newPage(browser, PHONE);
    await signIn(page, token);
    await page.goto(`/game/${userId}`);
    await page.getByText("Ready?").waitFor();
    const box = await canvas(page).boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(300);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    // The whole game is on screen: the score above, the board, and every arrow below it.
    const onScreen = async () => {
      const pad = (await page.getByRole("group", { name: "Steer" }).boundingBox())!;
      const board = (await canvas(page).boundingBox())!;
      const score = (await page.getByTestId("snake-score").boundingBox())!;
      expect(pad.y + pad.height).toBeLessThanOrEqual(PHONE.height);
      expect(board.y).toBeGreaterThanOrEqual(64);
      expect(score.y).toBeGreaterThanOrEqual(64);
    };
    await page.waitForFunction(() => window.scrollY > 0);
    await onScreen();
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, "phone-ready-viewport.png") });
    await page.getByRole("button", { name: "Up", exact: true }).click();
    await page.waitForFunction(() => document.querySelector("canvas")?.dataset.direction === "up");
    await page.waitForFunction(() => Number(document.querySelector("canvas")?.dataset.ticks) >= 2);
    await onScreen();
    await page.getByRole("button", { name: "Left", exact: true }).click();
    await page.waitForFunction(() => document.querySelector("canvas")?.dataset.direction === "left");
    await shot(page, "phone-running");
    await page.getByRole("button", { name: "Stop" }).click();
    await page.getByText("Game over", { exact: true }).waitFor();
    await shot(page, "phone-over");
    await page.context().close();
  });
});
