/**
 * Read-only API keys in Chromium, on a 375 px touch screen: a student creates a key on
 * /settings/api-keys, copies its one-time secret, and an integrator's program (fetch, as a site or
 * bot would) reads the leaderboard with it over /graphql and /api, is refused a mutation, and is
 * refused altogether once the student revoked the key on the page. At 1280 px the page is reached
 * from the settings page. Screenshots in E2E_SCREENSHOTS when it is set.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_KEY_MESSAGES } from "../../common/api-keys.js";
import { baseURL, DESKTOP, launch, TOUCH_PHONE } from "./support/browser.js";
import { registerStudent, signedInPage, type Student } from "./support/students.js";

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `api-keys-${name}.png`), fullPage: true });
}

/** What an integrator's program sends: the key as a bearer, nothing else of the student's. */
async function asIntegrator(secret: string, query: string) {
  const r = await fetch(`${baseURL()}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
    body: JSON.stringify({ query }),
  });
  return {
    status: r.status,
    body: (await r.json()) as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> },
  };
}

const BOARD = "{ leaderboard(first: 10) { edges { node { userId name } } } }";

describe("API keys in Chromium", () => {
  let browser: Browser;
  let student: Student;
  beforeAll(async () => {
    browser = await launch();
    student = await registerStudent("Keys Owner");
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("creates a key on a phone, an integrator reads the leaderboard with it and is refused a write; revoked, it is refused", async () => {
    const page = await signedInPage(browser, student, TOUCH_PHONE);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL() });
    await page.goto("/settings/api-keys");
    await page.getByRole("heading", { name: "No API keys yet" }).waitFor();
    await shot(page, "empty-375");

    // A blank name is refused at the field.
    await page.getByRole("button", { name: "Create key" }).tap();
    await page.getByRole("alert").filter({ hasText: API_KEY_MESSAGES.nameRequired }).waitFor();

    await page.getByRole("textbox", { name: "Name" }).fill("Club leaderboard");
    await page.getByRole("button", { name: "Create key" }).tap();
    const secretBox = page.getByRole("textbox", { name: "Key for Club leaderboard" });
    await secretBox.waitFor();
    await page.getByText("You will not see it again", { exact: false }).waitFor();
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^sxk_[A-Za-z0-9_-]{43}$/);
    await page.getByRole("button", { name: "Copy" }).tap();
    await page.getByRole("status").filter({ hasText: "The key is copied." }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const item = page.getByRole("listitem").filter({ hasText: "Club leaderboard" });
    await item.getByText("Never").waitFor();
    // Nothing on the page runs past the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, "created-375");

    const read = await asIntegrator(secret, BOARD);
    expect(read.status).toBe(200);
    expect(read.body.errors).toBeUndefined();
    expect(Array.isArray(read.body.data.leaderboard.edges)).toBe(true);
    const rest = await fetch(`${baseURL()}/api/leaderboard`, { headers: { authorization: `Bearer ${secret}` } });
    expect(rest.status).toBe(200);

    const write = await asIntegrator(secret, 'mutation { createApiKey(name: "Sneaky") { secret } }');
    expect(write.status).toBe(403);
    expect(write.body.errors?.[0]).toMatchObject({ message: API_KEY_MESSAGES.readOnly, extensions: { code: "FORBIDDEN" } });
    const mine = await asIntegrator(secret, "{ me { id } }");
    expect(mine.body.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");

    // The page shows the use once it is read again.
    await page.reload();
    // The row first: while the list loads there is no row, so "Never" would be absent already.
    const row = page.getByRole("listitem").filter({ hasText: "Club leaderboard" });
    await row.waitFor();
    expect(await row.getByText("Never", { exact: true }).count()).toBe(0);
    expect(await row.getByText("Last used").count()).toBe(1);

    await page.getByRole("button", { name: "Revoke Club leaderboard" }).tap();
    const dialog = page.getByRole("alertdialog", { name: "Revoke Club leaderboard?" });
    await dialog.waitFor();
    await shot(page, "revoke-375");
    await dialog.getByRole("button", { name: "Revoke key" }).tap();
    await page.getByRole("status").filter({ hasText: "was revoked" }).waitFor();
    await page.getByRole("heading", { name: "No API keys yet" }).waitFor();

    const refused = await asIntegrator(secret, BOARD);
    expect(refused.status).toBe(401);
    expect(refused.body.errors?.[0]).toMatchObject({ message: API_KEY_MESSAGES.invalid, extensions: { code: "UNAUTHENTICATED" } });
    expect((await fetch(`${baseURL()}/api/leaderboard`, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);

    // What a key reads: the REST reference, sized for a finger, with a way back into the app.
    await page.getByRole("link", { name: "REST API reference" }).tap();
    await page.waitForURL("**/api/docs");
    const operation = page.locator(".opblock-summary").first();
    await operation.waitFor();
    await operation.tap();
    await page.getByRole("button", { name: "Try it out" }).first().waitFor();
    const small = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>(".sx-docs-bar a, .swagger-ui button, .swagger-ui select")]
        .map((el) => ({ what: el.textContent?.trim() || el.getAttribute("aria-label") || el.className, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 1 && box.height < 44)
        .map(({ what, box }) => `${what} ${Math.round(box.height)}px`),
    );
    expect(small).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, "rest-docs-375");
    await page.getByRole("link", { name: "← Skill Exchange" }).tap();
    await page.waitForURL(`${baseURL()}/`);
    await page.context().close();
  });

  it("is reached from the settings page at 1280 px, and keyboard alone creates and revokes a key", async () => {
    const page = await signedInPage(browser, student, DESKTOP);
    await page.goto("/settings/notifications");
    await page.getByRole("link", { name: "Manage API keys" }).click();
    await page.waitForURL("**/settings/api-keys");
    await page.getByRole("heading", { name: "API keys", level: 1 }).waitFor();

    await page.getByRole("textbox", { name: "Name" }).focus();
    await page.keyboard.type("Dashboard");
    await page.keyboard.press("Enter");
    // Focus lands on the new secret, ready to copy.
    await page.getByRole("textbox", { name: "Key for Dashboard" }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === "api-key-secret");
    // The key, shown once, is scrolled into view above the answer bar ("… was created."), not under it.
    const bar = await page.getByRole("status").filter({ hasText: "was created" }).boundingBox();
    const key = await page.getByRole("textbox", { name: "Key for Dashboard" }).boundingBox();
    expect(key!.y + key!.height).toBeLessThanOrEqual(bar!.y);
    await shot(page, "created-1280");

    await page.getByRole("button", { name: "Revoke Dashboard" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog", { name: "Revoke Dashboard?" });
    await dialog.waitFor();
    // Cancel has the focus: Enter alone never revokes.
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Revoke Dashboard" }).focus();
    await page.keyboard.press("Enter");
    await dialog.getByRole("button", { name: "Revoke key" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { name: "No API keys yet" }).waitFor();
    await page.context().close();
  });
});
