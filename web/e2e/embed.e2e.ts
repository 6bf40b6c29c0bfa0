import { mkdirSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Browser, Frame, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.js";
import { baseURL, launch, newContext, newPage, TOUCH_PHONE } from "./support/browser.js";
import { fillProfile, registerStudent, skill, type Student } from "./support/students.js";

/** Screenshots for a human to look at, when E2E_SCREENSHOTS is a folder. */
const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `embed-${name}.png`) });
}

/** No other browser suite has students teach this category: the board shows only this file's. */
const CATEGORY = "Personal Development";

/**
 * A college's page on another site: `http://localhost:<its port>` while the app is
 * `http://127.0.0.1:<port>`, so another origin and another site. It serves whatever `html` is set to.
 */
function collegeSite() {
  let html = "";
  const server = http.createServer((_req, res) => {
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(html);
  });
  return {
    start: () => new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve)),
    url: () => `http://localhost:${(server.address() as AddressInfo).port}/`,
    serve: (body: string) =>
      void (html = `<!doctype html><html lang="en"><head><title>College news</title></head><body>${body}</body></html>`),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The iframe's document once its board (or refusal) has rendered. */
async function embedFrame(page: Page, selector = "iframe"): Promise<Frame> {
  const frame = await (await page.waitForSelector(selector)).contentFrame();
  if (!frame) throw new Error("no frame");
  await frame.waitForSelector("footer");
  return frame;
}

const cardColour = (frame: Frame) => frame.locator("main").evaluate((el) => getComputedStyle(el).backgroundColor);

async function teacher(name: string): Promise<Student> {
  const s = await registerStudent(name);
  await fillProfile(s, { gender: "Female", skillsKnown: [skill("Public speaking", CATEGORY)], skillsRequired: [skill("Chess", "Other")] });
  return s;
}

describe("the embeddable leaderboard in Chromium", () => {
  let browser: Browser;
  const college = collegeSite();
  let first: Student;
  beforeAll(async () => {
    browser = await launch();
    await college.start();
    first = await teacher("Embed Teacher");
  });
  afterAll(async () => {
    await browser?.close();
    await college.stop();
  });

  const embedSrc = (query: string) => `${baseURL()}/embed/leaderboard?category=${encodeURIComponent(CATEGORY)}${query}`;

  it("renders the board inside another site's page, follows its dark mode, and links out in a new tab", async () => {
    college.serve(
      `<h1>College news</h1><iframe id="board" src="${embedSrc("")}" title="Leaderboard" width="400" height="530" style="border:0"></iframe>` +
        // The app's own pages keep refusing to be framed by another site.
        `<iframe id="app" src="${baseURL()}/about" title="App" width="400" height="200"></iframe>`,
    );
    const page = await newPage(browser);
    await page.goto(college.url());
    const frame = await embedFrame(page, "#board");
    expect(new URL(frame.url()).origin).not.toBe(new URL(page.url()).origin);
    await frame.getByRole("heading", { name: CATEGORY }).waitFor();
    expect(await frame.getByRole("columnheader").allTextContents()).toEqual(["Rank", "Name", "Rating", "Skill Coins"]);
    await frame.getByRole("cell", { name: first.name }).waitFor();
    expect(await frame.getByRole("cell", { name: first.name }).getAttribute("dir")).toBe("auto");
    // It fetched nothing but itself: no script, stylesheet, font or image.
    expect(await frame.evaluate(() => performance.getEntriesByType("resource").length)).toBe(0);
    const app = await page.waitForSelector("#app");
    await expect.poll(async () => (await app.contentFrame())?.url()).toMatch(/^chrome-error:/);

    const light = await cardColour(frame);
    expect(light).toBe("rgb(255, 255, 255)");
    await shot(page, "light");
    await page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => cardColour(frame)).not.toBe(light);
    expect(await cardColour(frame)).toBe("rgb(21, 23, 30)");
    await shot(page, "dark");

    const [tab] = await Promise.all([
      page.context().waitForEvent("page"),
      frame.getByRole("link", { name: /Skill Exchange: full leaderboard/ }).click(),
    ]);
    await tab.waitForURL(`${baseURL()}/leaderboard/undefined?category=${encodeURIComponent(CATEGORY).replace(/%20/g, "+")}`);
    await tab.getByRole("heading", { name: "Leaderboard", level: 1 }).waitFor();
    await page.context().close();
  });

  it("keeps a forced theme whatever the visitor's system, and shows a bad address's problem in the frame", async () => {
    college.serve(
      `<iframe id="light" src="${embedSrc("&theme=light")}" title="a" width="400" height="300"></iframe>` +
        `<iframe id="bad" src="${baseURL()}/embed/leaderboard?limit=500" title="b" width="400" height="300"></iframe>`,
    );
    const page = await newPage(browser);
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto(college.url());
    expect(await cardColour(await embedFrame(page, "#light"))).toBe("rgb(255, 255, 255)");
    const bad = await embedFrame(page, "#bad");
    expect(await bad.getByRole("alert").textContent()).toBe("limit must be a whole number from 1 to 50");
    await page.context().close();
  });

  it("passes axe-core in both themes, in a period view and as a refusal", async () => {
    const page = await newPage(browser);
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const query of ["", "&period=week", "&limit=0"]) {
        await page.goto(embedSrc(query));
        await page.locator("footer").waitFor();
        expect(await axeViolations(page), `${scheme} ${query}`).toEqual([]);
      }
    }
    await page.context().close();
  });

  it("reads the board again every minute while it is open", async () => {
    college.serve(`<iframe src="${embedSrc("&limit=5")}" title="Leaderboard" width="400" height="330"></iframe>`);
    const page = await newPage(browser);
    await page.clock.install();
    await page.goto(college.url());
    const frame = await embedFrame(page);
    await frame.getByRole("cell", { name: first.name }).waitFor();
    const second = await teacher("Embed Newcomer");
    expect(await frame.getByRole("cell", { name: second.name }).count()).toBe(0);
    await page.clock.runFor(60_000);
    await frame.getByRole("cell", { name: second.name }).waitFor();
    await page.context().close();
  });

  it("offers the snippet in the leaderboard page's 'Embed this' dialog on a 375 px touch screen", async () => {
    const ctx = await newContext(browser, TOUCH_PHONE);
    const page = await ctx.newPage();
    await page.goto("/leaderboard/undefined");
    await page.getByRole("button", { name: "Embed this" }).tap();
    const dialog = page.getByRole("dialog", { name: "Embed this leaderboard" });
    await dialog.waitFor();
    const snippet = dialog.getByLabel("HTML snippet");
    expect(await snippet.inputValue()).toMatch(new RegExp(`^<iframe src="${baseURL().replace(/\./g, "\\.")}/embed/leaderboard" title=`));
    await dialog.getByLabel("Rows").selectOption("5");
    expect(await snippet.inputValue()).toContain("/embed/leaderboard?limit=5");
    // The preview is the real embed, rendered inside the dialog.
    const preview = await embedFrame(page, "dialog iframe");
    await preview.getByRole("heading", { name: "Top students" }).waitFor();
    // It fits the phone: nothing wider than the screen, the buttons big enough to tap (measured once the dialog's
    // opening animation, a scale, is over: a box read during it is a fraction smaller).
    await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const copy = dialog.getByRole("button", { name: "Copy" });
    expect((await copy.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await shot(page, "dialog-375");
    expect(await axeViolations(page, "serious")).toEqual([]);
    await copy.tap();
    await dialog
      .getByRole("status")
      .filter({ hasText: /Copied|Selected/ })
      .waitFor();
    await ctx.close();
  });
});
