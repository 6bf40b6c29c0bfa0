import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, newPage, PHONE } from "./support/browser.js";
import { registerStudent, signIn, type Student } from "./support/students.js";

/** Screenshots for a human to look at, when E2E_SCREENSHOTS is a folder. */
const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string, fullPage = true) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `coins-${name}.png`), fullPage });
}

const balanceOf = async (page: Page) => (await page.getByTestId("coin-balance").textContent())?.replace(/\D+$/, "").trim();

async function buy(page: Page, coins: number) {
  await page.getByLabel("Amount (skill coins)").fill(String(coins));
  await page.getByRole("button", { name: "Buy", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.waitFor();
  await dialog.getByText("TEST MODE").waitFor();
  // Let the opening transition finish, so screenshots show the settled dialog.
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  return dialog;
}

describe("skill coins in Chromium", () => {
  let browser: Browser;
  let buyer: Student;
  beforeAll(async () => {
    browser = await launch();
    buyer = await registerStudent("Coin Buyer");
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("sends a signed-out visitor from /skill-coins to /register", async () => {
    const page = await newPage(browser);
    await page.goto("/skill-coins");
    await page.waitForURL("**/register?returnTo=%2Fskill-coins");
    await page.context().close();
  });

  it("buys 3 coins in the sandbox: success page counts down, then the new balance", async () => {
    const page = await newPage(browser);
    await signIn(page, buyer.token);
    await page.goto("/skill-coins");
    await page.getByRole("heading", { name: "Skill Coins", level: 1 }).waitFor();
    await page.getByText("No coin movements yet").waitFor();
    expect(await balanceOf(page)).toBe("0");
    await shot(page, "page-empty-1280");

    // Client-side check first: nothing is ordered for a part-coin.
    await page.getByLabel("Amount (skill coins)").fill("0.5");
    await page.getByRole("button", { name: "Buy", exact: true }).click();
    await page.getByText("Enter a whole number of skill coins.").waitFor();

    const dialog = await buy(page, 3);
    await dialog.getByText("₹30").first().waitFor();
    await shot(page, "sandbox-dialog-1280", false);
    await dialog.getByRole("button", { name: /^Pay/ }).click();

    await page.waitForURL("**/skill-coins/success");
    await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
    expect(await page.getByTestId("new-balance").textContent()).toBe("3");
    const countdown = page.getByTestId("countdown");
    const first = Number(await countdown.locator("strong").textContent());
    expect(first).toBeGreaterThanOrEqual(3);
    expect(first).toBeLessThanOrEqual(5);
    await shot(page, "success-1280");
    // It counts down visibly before leaving.
    await page.waitForFunction((n) => Number(document.querySelector("[data-testid=countdown] strong")?.textContent) < n, first);

    await page.waitForURL((url) => url.pathname === "/skill-coins");
    await page.getByText("Bought skill coins").waitFor();
    expect(await balanceOf(page)).toBe("3");
    await page.getByText("+3").waitFor();
    await shot(page, "page-after-buy-1280");
    await page.context().close();
  });

  it("a failed payment shows the failure page, counts down and adds nothing", async () => {
    const page = await newPage(browser);
    await signIn(page, buyer.token);
    await page.goto("/skill-coins");
    await page.getByText("Bought skill coins").waitFor();
    const dialog = await buy(page, 2);
    await dialog.getByRole("button", { name: "Fail" }).click();
    await page.waitForURL("**/skill-coins/failure");
    await page.getByRole("heading", { name: "Payment Failure!" }).waitFor();
    expect(await page.getByRole("alert").textContent()).toMatch(/No skill coins were added/);
    expect(Number(await page.getByTestId("countdown").locator("strong").textContent())).toBeGreaterThan(0);
    await shot(page, "failure-1280");
    await page.waitForURL((url) => url.pathname === "/skill-coins");
    await page.getByText("Bought skill coins").waitFor();
    expect(await balanceOf(page)).toBe("3");
    await page.context().close();
  });

  it("shows the public leaderboard to a signed-out visitor", async () => {
    const page = await newPage(browser);
    const boardReads: Array<{ method: string; url: URL; status: number; cacheControl: string | undefined }> = [];
    page.on("response", (res) => {
      const url = new URL(res.url());
      const operation =
        url.pathname === "/graphql" ? (url.searchParams.get("operationName") ?? res.request().postDataJSON()?.operationName) : null;
      if (operation === "LeaderboardView")
        boardReads.push({ method: res.request().method(), url, status: res.status(), cacheControl: res.headers()["cache-control"] });
    });
    await page.goto(`/leaderboard/${buyer.id}`);
    const table = page.getByRole("table");
    await table.waitFor();
    // The board is read as an automatic persisted query by GET: the hash first (unknown to this server
    // yet: its text follows by POST), then the hash alone, answered publicly for a shared cache.
    expect(boardReads[0]).toMatchObject({ method: "GET", status: 200 });
    expect(boardReads[0]!.url.searchParams.has("query")).toBe(false);
    expect(JSON.parse(boardReads[0]!.url.searchParams.get("extensions")!).persistedQuery.sha256Hash).toMatch(/^[0-9a-f]{64}$/);
    await page.reload();
    await table.waitFor();
    const reread = boardReads.at(-1)!;
    expect(reread).toMatchObject({ method: "GET", cacheControl: 'max-age=10, public, private="RateLimit, RateLimit-Policy"' });
    // 200, or 304 where the browser already held this very answer.
    expect([200, 304]).toContain(reread.status);
    const headers = await table.locator("thead th").allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(["Rank", "Name", "Rating", "Skill Coins"]);
    const link = page.getByRole("link", { name: buyer.name });
    expect(await link.getAttribute("href")).toBe(`/user/${buyer.id}/${buyer.id}/Male`);
    const row = page.locator("tbody tr", { has: link });
    expect((await row.locator("td").last().textContent())?.trim()).toBe("3");
    await page.getByRole("button", { name: "Back" }).waitFor();
    await shot(page, "leaderboard-1280");
    await page.context().close();
  });

  it("explains the rules and lays out at 375 px", async () => {
    const page = await newPage(browser);
    await page.goto("/skill-coins/rules");
    await page.getByRole("heading", { name: "About Skill Coins" }).waitFor();
    await page.getByText("1 skill coin = Rs.10.").waitFor();
    await shot(page, "rules-1280");
    await page.context().close();

    const phone = await newPage(browser, PHONE);
    await phone.goto("/skill-coins/rules");
    await phone.getByRole("heading", { name: "About Skill Coins" }).waitFor();
    await shot(phone, "rules-375");
    await phone.goto(`/leaderboard/${buyer.id}`);
    await phone.getByRole("table").waitFor();
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(phone, "leaderboard-375");
    await signIn(phone, buyer.token);
    await phone.goto("/skill-coins");
    await phone.getByText("Bought skill coins").waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    // A finger's size: the amount field (was 42 px), its presets (36), Buy and the rules link (38).
    for (const target of [
      phone.getByRole("link", { name: "How skill coins work" }),
      phone.getByLabel("Amount (skill coins)"),
      phone.getByRole("button", { name: "5", exact: true }),
      phone.getByRole("button", { name: "Buy", exact: true }),
    ])
      expect((await target.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await shot(phone, "page-375");
    const dialog = await buy(phone, 1);
    await shot(phone, "sandbox-dialog-375", false);
    await dialog.getByRole("button", { name: "Fail" }).click();
    await phone.waitForURL("**/skill-coins/failure");
    await shot(phone, "failure-375");
    await phone.context().close();
  });
});
