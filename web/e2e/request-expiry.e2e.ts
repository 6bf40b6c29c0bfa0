import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceServerClock, gql, launch, resetServerClock, runServerJobs } from "./support/browser.js";
import { fillProfile, PASSWORD, registerStudent, signedInPage, skill, type Student } from "./support/students.js";

const DAY = 24 * 60 * 60 * 1000;
const REACT = skill("React");
const GUITAR = skill("Guitar", "Music & Performing Arts");
const YOGA = skill("Yoga", "Fitness & Wellness");

/** Screenshots for a human to look at, when E2E_SCREENSHOTS is a folder: the page as it is, and at 375 px. */
const shotsDir = process.env.E2E_SCREENSHOTS;
async function shots(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `expiry-${name}.png`), fullPage: true });
  const size = page.viewportSize();
  // The desktop links fade out into the phone's menu when the window narrows: no motion, so the shot shows the page at rest.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: path.join(shotsDir, `expiry-${name}-375.png`), fullPage: true });
  if (size) await page.setViewportSize(size);
  await page.emulateMedia({ reducedMotion: null });
}

/** Tokens live 7 days: after the clock moved past that, a new one. */
async function signInAgain(s: Student) {
  const { login } = await gql<{ login: { token: string } }>("mutation ($i: LoginInput!) { login(input: $i) { token } }", {
    i: { email: s.email, password: PASSWORD },
  });
  s.token = login.token;
}

describe("an unanswered request expires, in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await resetServerClock();
  });

  it("both students see it expired; the receiver's profile shows the unanswered request", async () => {
    const a = await registerStudent("Asha");
    const b = await registerStudent("Bala");
    await fillProfile(a, { gender: "Female", skillsKnown: [REACT], skillsRequired: [YOGA] });
    await fillProfile(b, { gender: "Male", skillsKnown: [GUITAR], skillsRequired: [YOGA] });
    await gql(
      "mutation ($i: RequestSwapInput!) { requestSwap(input: $i) { id } }",
      { i: { receiverId: b.id, preachSkill: REACT, learnSkill: GUITAR } },
      a.token,
    );

    await advanceServerClock(7 * DAY + 60 * 60 * 1000);
    expect(await runServerJobs()).toContain("swap-request-expiry");
    await signInAgain(a);
    await signInAgain(b);

    const pageB = await signedInPage(browser, b);
    await pageB.goto(`/${b.id}/notifications`);
    const card = pageB.getByRole("listitem").filter({ hasText: "Expired" });
    await card.waitFor();
    expect(await card.getByRole("heading").textContent()).toBe(`${a.name} and you: the request expired`);
    expect(await card.getByRole("button", { name: "Accept" }).count()).toBe(0);
    await shots(pageB, "notification");
    await card.getByRole("button", { name: "Ok" }).click();
    await pageB.getByRole("heading", { name: "No notifications" }).waitFor();

    const pageA = await signedInPage(browser, a);
    await pageA.goto(`/user/${b.id}/${a.id}/Female`);
    await pageA.getByText("Response rate").waitFor();
    expect(await pageA.getByText("0 of 1 request answered").count()).toBe(1);
    // The pair may ask again: Swap is offered.
    await pageA.getByRole("button", { name: "Swap" }).waitFor();
    expect(await pageA.getByRole("button", { name: "Swap" }).isDisabled()).toBe(false);

    await pageA.goto(`/user/${a.id}/${a.id}/Female`);
    await pageA.getByText("No requests answered or expired yet").waitFor();
  });
});
