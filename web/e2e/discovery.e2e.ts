/**
 * Discovery in the browser: filter the search, reload (the filters and the results are the same,
 * from the address), save the search and turn its alerts off. Screenshots at 375 and 1280 px.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAVED_SEARCH_MESSAGES } from "../../common/discovery.js";
import { DESKTOP, gql, launch, PHONE } from "./support/browser.js";
import { fillProfile, registerStudent, signedInPage, skill, type Student } from "./support/students.js";

const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), "skill-exchange-e2e", "discovery");
const tag = randomBytes(3).toString("hex");

describe("discovery filters and saved searches", () => {
  let browser: Browser;
  let viewer: Student;
  let cheap: Student;
  let dear: Student;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    browser = await launch();
    viewer = await registerStudent("Viewer");
    await fillProfile(viewer, { gender: "Female", skillsKnown: [skill("Chess")], skillsRequired: [skill(`Kotlin${tag}`)] });
    cheap = await registerStudent(`Kotlin Cheap ${tag}`);
    await fillProfile(cheap, { gender: "Male", skillsKnown: [skill(`Kotlin${tag}`)], skillsRequired: [skill("Chess")], amount: 2 });
    dear = await registerStudent(`Kotlin Dear ${tag}`);
    await fillProfile(dear, { gender: "Female", skillsKnown: [skill(`Kotlin${tag}`)], skillsRequired: [skill("Chess")], amount: 30 });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  for (const [label, viewport] of [
    ["1280", DESKTOP],
    ["375", PHONE],
  ] as const) {
    it(`filters the search, keeps it over a reload, saves it (${label} px)`, async () => {
      const page = await signedInPage(browser, viewer, viewport);
      await page.goto(`/dashboard/${viewer.id}`);
      await page.getByRole("searchbox", { name: "Search" }).fill(`kotlin${tag}`);
      await page.getByRole("combobox", { name: "Search by" }).selectOption("SKILLS_KNOWN");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      const results = page.getByRole("list", { name: "Search results" });
      await expect.poll(() => results.locator(":scope > li").count(), { timeout: 30_000 }).toBe(2);

      const toggle = page.getByRole("button", { name: /^(Filters|Hide filters)/ });
      if ((await toggle.getAttribute("aria-expanded")) === "false") await toggle.click();
      await page.getByLabel("Maximum coins per course").fill("5");
      await page.getByRole("button", { name: "Apply filters" }).click();
      await expect.poll(() => results.locator(":scope > li").count(), { timeout: 30_000 }).toBe(1);
      expect(await results.textContent()).toContain(cheap.name);
      expect(new URL(page.url()).searchParams.get("maxCoins")).toBe("5");
      await page.screenshot({ path: path.join(SHOTS, `filtered-search-${label}.png`), fullPage: true });

      await page.reload();
      const again = page.getByRole("list", { name: "Search results" });
      await expect.poll(() => again.locator(":scope > li").count(), { timeout: 30_000 }).toBe(1);
      expect(await again.textContent()).toContain(cheap.name);
      expect(await page.getByLabel("Maximum coins per course").inputValue()).toBe("5");
      expect(await page.getByRole("searchbox", { name: "Search" }).inputValue()).toBe(`kotlin${tag}`);

      // Without a name: the app's message at the field (not the browser's bubble), and the field focused.
      await page.getByRole("button", { name: "Save search" }).click();
      await page.getByRole("alert").filter({ hasText: SAVED_SEARCH_MESSAGES.name }).waitFor();
      expect(await page.getByLabel("Name of this search").evaluate((el) => el === document.activeElement)).toBe(true);
      await page.getByLabel("Name of this search").fill(`Cheap Kotlin ${label}`);
      expect(await page.getByText(SAVED_SEARCH_MESSAGES.name).count()).toBe(0);
      await page.getByRole("button", { name: "Save search" }).click();
      await page.getByRole("status").filter({ hasText: "Search saved" }).waitFor();
      await page.getByRole("button", { name: `Cheap Kotlin ${label}`, exact: true }).waitFor();
      await page.screenshot({ path: path.join(SHOTS, `saved-search-${label}.png`), fullPage: true });
      // Its alerts go off in one click, and stay off (the server keeps it).
      const alerts = page.getByRole("checkbox", { name: `Alerts for Cheap Kotlin ${label}` });
      expect(await alerts.isChecked()).toBe(true);
      await alerts.uncheck();
      await expect
        .poll(() => gql<{ savedSearches: unknown[] }>(`{ savedSearches { name alertsOn } }`, {}, viewer.token).then((d) => d.savedSearches))
        .toContainEqual({
          name: `Cheap Kotlin ${label}`,
          alertsOn: false,
        });
      await page.reload();
      expect(await page.getByRole("checkbox", { name: `Alerts for Cheap Kotlin ${label}` }).isChecked()).toBe(false);

      // No student matches: a clear empty state with "Clear filters". (A reloaded phone keeps the filters folded,
      // counted on their button.)
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe(label === "375" ? "false" : "true");
      if (label === "375") await toggle.click();
      await page.getByLabel("Maximum coins per course").fill("0");
      await page.getByRole("button", { name: "Apply filters" }).click();
      await page.getByRole("heading", { name: "No results found" }).waitFor();
      await page.screenshot({ path: path.join(SHOTS, `no-results-${label}.png`), fullPage: true });
      await page.getByRole("button", { name: "Clear filters" }).first().click();
      await expect
        .poll(() => page.getByRole("list", { name: "Search results" }).locator(":scope > li").count(), { timeout: 30_000 })
        .toBe(2);
      expect(new URL(page.url()).searchParams.get("maxCoins")).toBeNull();
      await page.context().close();
    }, 120_000);
  }
});
