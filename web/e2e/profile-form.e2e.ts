import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../graph/src/shared/png.js";
import { launch, TOUCH_PHONE } from "./support/browser.js";
import { registerStudent, signedInPage } from "./support/students.js";

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `profile-form-${name}.png`) });
}

/** The problems shown at fields (a refused Submit's: not alerts, the focus on the first reads it). */
const problems = (page: Page) => page.locator("form p[id$='-error']");

/**
 * The message is at the control: the control is marked invalid and described by it, and the message
 * sits right under the control; `focused`: the control has the focus (the first problem on the form does).
 */
async function expectErrorAt(page: Page, control: Locator, text: string, { near = true, focused = true } = {}) {
  await problems(page).filter({ hasText: text }).first().waitFor();
  expect(await control.getAttribute("aria-invalid")).toBe("true");
  const ids = ((await control.getAttribute("aria-describedby")) ?? "").split(" ").filter(Boolean);
  const described = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).textContent()));
  const at = ids[described.findIndex((t) => t?.trim() === text)];
  expect(at, `${text} describes the control`).toBeDefined();
  const message = page.locator(`[id="${at}"]`);
  expect(await control.evaluate((el) => el === document.activeElement)).toBe(focused);
  if (near) {
    const c = (await control.boundingBox())!;
    const a = (await message.boundingBox())!;
    expect(a.y - (c.y + c.height)).toBeGreaterThanOrEqual(0);
    expect(a.y - (c.y + c.height)).toBeLessThan(24);
  }
}

describe("profile form errors in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  for (const [label, viewport] of [
    ["1280", undefined],
    ["375", TOUCH_PHONE],
  ] as const) {
    it(`shows each problem at its field, focused and announced (${label} px)`, async () => {
      const student = await registerStudent("Fieldy");
      const page = await signedInPage(browser, student, viewport);
      await page.goto("/p");
      await page.getByRole("heading", { name: "Profile Details" }).waitFor();
      const submit = page.getByRole("button", { name: "Submit" });

      // A new profile: every problem at once, each at its field, the first on the form (the picture) focused.
      await (viewport?.touch ? submit.tap() : submit.click());
      const gender = page.getByRole("combobox", { name: "Gender" });
      const category = page.getByRole("combobox", { name: "Skill required 1 category", exact: true });
      const skill = page.getByRole("textbox", { name: "Skill required 1 skill", exact: true });
      const imageText = "Please select an image file.";
      await expectErrorAt(page, page.getByLabel("Upload Image"), imageText, { near: false });
      // The picker's visible label (with the required marker when there is no picture yet).
      const pickerBox = (await page.getByText(/^Upload Image\*?$/).boundingBox())!;
      // The input is hidden: its button shows the focus, though a click (not the keyboard) moved it there.
      const picker = page.locator("label").filter({ hasText: /^Upload Image\*?$/ });
      // (Its resting look is a secondary button's, as "Add Language" is.)
      const look = (target: typeof picker) => target.evaluate((el) => getComputedStyle(el).boxShadow);
      expect(await look(picker)).not.toBe(await look(page.getByRole("button", { name: "Add Language" })));
      const imageAlertBox = (await problems(page).filter({ hasText: imageText }).boundingBox())!;
      expect(Math.abs(imageAlertBox.y - (pickerBox.y + pickerBox.height))).toBeLessThan(24);
      await expectErrorAt(page, gender, "Please Select your gender", { focused: false });
      await expectErrorAt(page, category, "Please select a category for every skill", { focused: false });
      await expectErrorAt(page, skill, "Please enter a skill in every row", { focused: false });
      expect(await problems(page).count()).toBe(4);
      // Shown together, not announced one by one.
      expect(await page.getByRole("alert").count()).toBe(0);
      await shot(page, `all-${label}`);

      // Picking a picture and choosing a gender take their messages away, and only theirs.
      await page
        .getByLabel("Upload Image")
        .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: solidPng(64, 64, [109, 92, 246]) });
      await gender.selectOption("Male");
      expect(await problems(page).filter({ hasText: imageText }).count()).toBe(0);
      expect(await problems(page).filter({ hasText: "Please Select your gender" }).count()).toBe(0);
      expect(await problems(page).count()).toBe(2);

      // A skill row with a category and no skill: the message is at that row's skill, now the first.
      await category.selectOption("Hobbies & Crafts");
      expect(await problems(page).count()).toBe(1);
      await submit.click();
      await expectErrorAt(page, skill, "Please enter a skill in every row");
      expect(await problems(page).count()).toBe(1);
      await shot(page, `skill-${label}`);
      await skill.fill("Origami");

      // No skill required at all: the message is at the list, which gets the focus.
      await page.getByRole("button", { name: "Remove skill required 1" }).click();
      await submit.click();
      const list = page.locator("[data-list-error]").filter({ hasText: "Skills Required must be given" });
      await list.waitFor();
      expect(await list.evaluate((el) => el === document.activeElement)).toBe(true);
      const group = page.getByRole("group", { name: "Skills Required" });
      expect(await group.getAttribute("aria-describedby")).toBe(await list.getAttribute("id"));
      await page.getByRole("button", { name: "Add Skill Required" }).click();
      expect(await problems(page).count()).toBe(0);
      await page.getByRole("combobox", { name: "Skill required 1 category", exact: true }).selectOption("Hobbies & Crafts");
      await page.getByRole("textbox", { name: "Skill required 1 skill", exact: true }).fill("Origami");

      await submit.click();
      await page.getByRole("alert").filter({ hasText: "Profile Details Updated Successfully" }).waitFor();
      await page.waitForURL(/\/dashboard\/[0-9a-f-]{36}$/);
      await page.context().close();
    });
  }
});
