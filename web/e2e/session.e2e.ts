import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceServerClock, resetServerClock, launch, PHONE } from "./support/browser.js";
import { fillProfile, PASSWORD, registerStudent, signedInPage, skill, type Student } from "./support/students.js";

const DAY = 24 * 60 * 60 * 1000;
const EXPIRED = "You were signed out, please sign in again";

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `session-${name}.png`), fullPage: true });
}

async function signInThroughForm(page: Page, s: Student) {
  await page.getByLabel("Email").fill(s.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** A 7-day session that runs out sends the student to sign-in, told why, and back to their page afterwards. */
describe("an expired session in Chromium", () => {
  let browser: Browser;
  let student: Student;
  beforeAll(async () => {
    browser = await launch();
    student = await registerStudent("Sesha");
    await fillProfile(student, { gender: "Female", skillsKnown: [skill("Go")], skillsRequired: [skill("Rust")] });
  });
  afterAll(async () => {
    await resetServerClock();
    await browser?.close();
  });

  it("the server refuses the stale token: sign-in with the reason, then back to the same page", async () => {
    for (const viewport of [undefined, PHONE]) {
      const page = await signedInPage(browser, student, viewport);
      await page.goto(`/dashboard/${student.id}`);
      await page.getByRole("heading", { name: new RegExp(student.name) }).waitFor();

      // A week later the token is no longer valid; the student opens their coins in the same tab.
      await advanceServerClock(7 * DAY + 60_000);
      // (A click through the DOM: on a phone the link sits in a closed menu.)
      await page
        .locator('main a[href="/skill-coins"]')
        .first()
        .evaluate((a: HTMLElement) => a.click());
      await page.waitForURL((u) => u.pathname === "/login");
      expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/skill-coins");
      await page.getByRole("alert").filter({ hasText: EXPIRED }).waitFor();
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeNull();
      await shot(page, `login-expired-${viewport ? "375" : "1280"}`);

      await signInThroughForm(page, student);
      await page.waitForURL((u) => u.pathname === "/skill-coins");
      await page.getByRole("heading", { name: "Skill Coins", level: 1 }).waitFor();
      await page.getByTestId("coin-balance").waitFor();
      student.token = (await page.evaluate(() => localStorage.getItem("jwt"))) ?? student.token;

      // A reload of a page that needs the session lands on sign-in too (not on Create Account).
      await advanceServerClock(7 * DAY + 60_000);
      await page.goto(`/${student.id}/notifications`);
      await page.waitForURL((u) => u.pathname === "/login");
      await page.getByRole("alert").filter({ hasText: EXPIRED }).waitFor();
      await signInThroughForm(page, student);
      await page.waitForURL((u) => u.pathname === `/${student.id}/notifications`);
      await page.getByRole("heading", { name: "Notifications", exact: true }).waitFor();
      student.token = (await page.evaluate(() => localStorage.getItem("jwt"))) ?? student.token;
      await page.context().close();
    }
  });

  it("the browser's own clock says the token has run out: sign-in before any refused request", async () => {
    const page = await signedInPage(browser, student);
    await page.clock.install();
    await page.goto("/user/chat");
    await page.getByRole("heading", { name: "Chats", exact: true }).waitFor();
    // Eight days on by this browser's clock (the token's exp says seven).
    const exp = await page.evaluate(
      () => JSON.parse(atob(localStorage.getItem("jwt")!.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).exp as number,
    );
    await page.clock.setSystemTime(exp * 1000 + DAY);
    await page.getByRole("link", { name: "Back" }).click();
    await page.waitForURL((u) => u.pathname === "/login");
    expect(new URL(page.url()).searchParams.get("returnTo")).toBe("/dashboard");
    await page.getByRole("alert").filter({ hasText: EXPIRED }).waitFor();
    await page.context().close();
  });
});
