import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAIL_SETTINGS_MESSAGES } from "../../common/notifications.js";
import { unsubscribeUrlOf } from "../../graph/test/outbox.js";
import { axeViolations } from "./support/axe.js";
import { baseURL, gql, launch, newPage, TOUCH_PHONE } from "./support/browser.js";
import { newestMailTo } from "./support/mail.js";
import { fillProfile, registerStudent, signedInPage, skill, type Student } from "./support/students.js";

describe("notification mails in Chromium", () => {
  let browser: Browser;
  let asha: Student;
  let ravi: Student;
  beforeAll(async () => {
    browser = await launch();
    asha = await registerStudent("Mail Asha");
    ravi = await registerStudent("Mail Ravi");
    await fillProfile(asha, { gender: "Female", skillsKnown: [skill("Elm")], skillsRequired: [skill("Haskell")] });
    await fillProfile(ravi, { gender: "Male", skillsKnown: [skill("Haskell")], skillsRequired: [skill("Elm")] });
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("mails a swap request; its unsubscribe link asks, then turns requests off, which the settings page shows", async () => {
    await gql(
      "mutation ($input: RequestSwapInput!) { requestSwap(input: $input) { id } }",
      { input: { receiverId: asha.id, preachSkill: skill("Haskell"), learnSkill: skill("Elm") } },
      ravi.token,
    );
    const mail = await newestMailTo(asha.email, 0, (m) => m.headers.subject === "New request on Skill Exchange");
    expect(mail.text).toContain(ravi.name);
    const url = unsubscribeUrlOf(mail)!;

    // A signed-out phone opens the link: nothing changes until the button, on a page in the app's look
    // that fits the screen, reads for everyone and has a button a thumb finds.
    const page = await newPage(browser, TOUCH_PHONE);
    await page.goto(baseURL() + url.slice(url.indexOf("/api/")));
    const button = page.getByRole("button", { name: "Unsubscribe" });
    expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.title()).toBe("Unsubscribe · Skill Exchange");
    expect(await axeViolations(page)).toEqual([]);
    await button.tap();
    await page.getByText(MAIL_SETTINGS_MESSAGES.unsubscribed).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();

    const signedIn = await signedInPage(browser, asha);
    await signedIn.goto(`/${asha.id}/notifications`);
    await signedIn.getByRole("link", { name: "Notification settings" }).click();
    const requests = signedIn.getByLabel("Swap and pay requests", { exact: true });
    await requests.waitFor();
    expect(await requests.inputValue()).toBe("OFF");
    await signedIn.getByLabel("New chat messages while you are away", { exact: true }).selectOption("INSTANT");
    await signedIn.getByRole("button", { name: "Save" }).click();
    await signedIn.getByText(MAIL_SETTINGS_MESSAGES.saved).waitFor();
    const { notificationMailSettings } = await gql<{ notificationMailSettings: Array<{ kind: string; mode: string }> }>(
      "{ notificationMailSettings { kind mode } }",
      {},
      asha.token,
    );
    expect(notificationMailSettings).toContainEqual({ kind: "MESSAGE", mode: "INSTANT" });
    expect(notificationMailSettings).toContainEqual({ kind: "REQUEST", mode: "OFF" });
    await signedIn.context().close();
  });
});
