import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarPartsOf } from "../../graph/test/outbox.js";
import { baseURL, DESKTOP, launch, PHONE } from "./support/browser.js";
import { newestMailTo } from "./support/mail.js";
import { chattingPair, type Student } from "./support/students.js";

/** A signed-in page in its own browser context, in the student's own time zone. */
async function pageFor(browser: Browser, s: Student, viewport: { width: number; height: number }, timezoneId: string): Promise<Page> {
  // Service workers blocked, as in support/browser.ts newContext.
  const ctx = await browser.newContext({ baseURL: baseURL(), viewport, timezoneId, serviceWorkers: "block" });
  ctx.setDefaultTimeout(15_000);
  await ctx.addInitScript((token) => {
    if (!localStorage.getItem("jwt")) localStorage.setItem("jwt", token);
  }, s.token);
  return ctx.newPage();
}

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `lessons-${name}.png`) });
}

/** How much of the element is on screen, after every scrolling ancestor's clipping (0 to 1). */
function visibleShare(locator: Locator): Promise<number> {
  return locator.evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        const observer = new IntersectionObserver(([entry]) => {
          observer.disconnect();
          resolve(entry!.intersectionRatio);
        });
        observer.observe(el);
      }),
  );
}

/** Tomorrow in `timeZone`, as the date input's yyyy-mm-dd. */
function tomorrowIn(timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + 86_400_000),
  );
}

describe("scheduled lessons in Chromium, two students in two time zones", () => {
  let browser: Browser;
  let asha: Student;
  let ravi: Student;
  beforeAll(async () => {
    browser = await launch();
    ({ asha, ravi } = await chattingPair("Go", "Kotlin"));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("one proposes times, the other accepts one live, both get the invitation, and the dashboard lists it", async () => {
    const ashaPage = await pageFor(browser, asha, DESKTOP, "Asia/Kolkata");
    const raviPage = await pageFor(browser, ravi, PHONE, "Europe/Berlin");
    await raviPage.goto(`/user/chat/${asha.id}`);
    await raviPage.getByRole("heading", { name: "Lessons" }).waitFor();
    await raviPage.getByText(/No lessons planned yet/).waitFor();

    await ashaPage.goto(`/user/chat/${ravi.id}`);
    await ashaPage.getByRole("button", { name: "Schedule a lesson" }).click();
    const dialog = ashaPage.getByRole("dialog", { name: "Schedule a lesson" });
    // Chromium may name the zone by its older alias (Asia/Calcutta).
    await dialog.getByText(/time zone \(Asia\/(Kolkata|Calcutta)\)/).waitFor();
    const day = tomorrowIn("Asia/Kolkata");
    await dialog.getByLabel("Date").fill(day);
    await dialog.getByLabel("Start time").fill("18:30");
    await dialog.getByLabel("Duration").selectOption("90");
    await dialog.getByRole("button", { name: "Add another time" }).click();
    const second = dialog.getByRole("group", { name: "Time 2" });
    await second.getByLabel("Date").fill(day);
    await second.getByLabel("Start time").fill("20:00");
    await second.getByLabel("Duration").selectOption("60");
    await shot(ashaPage, "propose-desktop");
    await dialog.getByRole("button", { name: "Propose times" }).click();
    await ashaPage.getByText("You proposed: waiting for").waitFor();

    // Ravi's open page hears of it without a reload, in his own time: 18:30 in Kolkata is 14:00 in Berlin.
    await raviPage.getByText(/proposed a lesson/).waitFor();
    const accept = raviPage.getByRole("button", { name: /^Accept .*(14:00|02:00\sPM)/ });
    await accept.waitFor();
    await shot(raviPage, "proposal-phone");
    // On the phone the lessons list is a short scroll box: the answer to the proposal and both times are in
    // view in it, none cut off below its edge (IntersectionObserver counts the box's clipping).
    for (const button of [
      raviPage.getByRole("button", { name: "Decline" }),
      ...(await raviPage.getByRole("button", { name: /^Accept / }).all()),
    ]) {
      expect(await visibleShare(button)).toBe(1);
    }
    await accept.click();
    await raviPage.getByText(/Lesson scheduled:/).waitFor();
    // And Asha's, in hers.
    await ashaPage.getByText(/Lesson scheduled:.*(18:30|06:30\sPM)/).waitFor();
    await shot(ashaPage, "scheduled-desktop");
    await shot(raviPage, "scheduled-phone");

    for (const s of [asha, ravi]) {
      const mail = await newestMailTo(s.email, 0, (m) => /scheduled$/.test(m.headers.subject ?? ""));
      const ics = calendarPartsOf(mail)[0]?.text ?? "";
      expect(ics).toContain("METHOD:REQUEST");
      expect(ics).toContain("DURATION:PT90M");
      expect(ics).toMatch(/DTSTART:\d{8}T130000Z/);
    }

    await raviPage.goto(`/dashboard/${ravi.id}`);
    const card = raviPage.getByRole("heading", { name: "Upcoming lessons" });
    await card.waitFor();
    await shot(raviPage, "dashboard-phone");
    await raviPage.getByRole("link", { name: /with Asha/ }).click();
    await raviPage.waitForURL(new RegExp(`/user/chat/${asha.id}$`));
    await ashaPage.goto(`/dashboard/${asha.id}`);
    await ashaPage.getByRole("heading", { name: "Upcoming lessons" }).waitFor();
    await shot(ashaPage, "dashboard-desktop");
  });
});
