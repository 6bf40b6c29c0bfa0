/**
 * The open chat on a phone is a messaging app's screen: the messages take most of the height, the
 * composer sits at the bottom of the viewport (with the keyboard open too), the page itself never
 * scrolls (no footer below the composer), and the lessons fold behind their heading until opened.
 * At 1280 px the lessons stay open as before.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.js";
import { DESKTOP, gql, launch, TOUCH_PHONE } from "./support/browser.js";
import { chattingPair, signedInPage, type Student } from "./support/students.js";

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `chat-phone-${name}.png`) });
}

/** The phone with its on-screen keyboard open: the same touch screen, 430 px of it left to the page (the viewport meta tag's interactive-widget=resizes-content asks the browser to shrink the page for the keyboard; this emulates the result). */
const KEYBOARD_OPEN = { ...TOUCH_PHONE, height: 430 } as const;
/** The phone turned: wide (past the 640 px phone width) but short. */
const LANDSCAPE = { width: 812, height: 375, touch: true } as const;
/** The phone turned with its keyboard open: 190 px of it left to the page. */
const LANDSCAPE_TYPING = { width: 812, height: 190, touch: true } as const;

/** How the screen is shared, in CSS px of the window. */
const layout = (page: Page) =>
  page.evaluate(() => {
    const box = (selector: string) => document.querySelector(selector)!.getBoundingClientRect();
    const log = box("[role=log]");
    const composer = box("form[aria-label='Send a message']");
    return {
      viewport: window.innerHeight,
      page: document.scrollingElement!.scrollHeight,
      log: log.height,
      composerTop: composer.top,
      composerBottom: composer.bottom,
    };
  });

describe("the open chat on a 375 px touch screen", () => {
  let browser: Browser;
  let asha: Student;
  let ravi: Student;
  beforeAll(async () => {
    browser = await launch();
    ({ asha, ravi } = await chattingPair("Kotlin", "Go"));
    for (const [from, to, body] of [
      [asha, ravi, "Hi Ravi, Go on Saturday?"],
      [ravi, asha, "Saturday works. Kotlin after?"],
    ] as const)
      await gql("mutation ($c: ID!, $b: String!) { sendMessage(chatWith: $c, body: $b) { id } }", { c: to.id, b: body }, from.token);
    // Ravi proposes a time: folded, the lessons heading still says one waits for Asha's answer.
    await gql(
      "mutation ($c: ID!, $s: [LessonSlotInput!]!, $tz: String!) { proposeLesson(chatWith: $c, slots: $s, timezone: $tz) { id } }",
      { c: asha.id, s: [{ startsAt: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString(), durationMinutes: 60 }], tz: "UTC" },
      ravi.token,
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("gives the messages most of the screen, keeps the composer in view without page scroll, and folds the lessons until opened", async () => {
    const page = await signedInPage(browser, asha, TOUCH_PHONE);
    await page.goto(`/user/chat/${ravi.id}`);
    await page.getByText("Saturday works. Kotlin after?").waitFor();

    // Folded: the heading is a disclosure that says what waits inside; the proposal is not shown yet.
    const lessons = page.getByRole("region", { name: /Lessons/ });
    const toggle = lessons.getByRole("heading", { name: /Lessons/ }).getByRole("button", { expanded: false });
    await toggle.waitFor();
    await expect.poll(() => toggle.textContent()).toContain("1 to answer");
    expect(await lessons.getByText(`${ravi.name} proposed a lesson`).isVisible()).toBe(false);
    // Proposing stays one tap away while folded.
    expect(await lessons.getByRole("button", { name: "Schedule a lesson" }).isVisible()).toBe(true);
    // Every action is a finger's size on the upright phone (they were 32 px).
    for (const name of ["Meeting link", "Finish", "Report", "Schedule a lesson", "Send"])
      expect((await page.getByRole("button", { name, exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    expect((await page.getByLabel("Message", { exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44);

    const folded = await layout(page);
    expect(folded.viewport).toBe(TOUCH_PHONE.height);
    expect(folded.log).toBeGreaterThanOrEqual(0.5 * TOUCH_PHONE.height);
    expect(folded.composerBottom).toBeLessThanOrEqual(folded.viewport);
    // The page does not scroll: nothing (the site's footer) lies below the composer.
    expect(folded.page).toBeLessThanOrEqual(folded.viewport + 1);
    expect(await page.getByRole("contentinfo").isVisible()).toBe(false);
    expect(await axeViolations(page, "serious")).toEqual([]);
    await shot(page, "folded-375");

    // Opened by tap, the proposal and its times show; the composer is still at the bottom, the page still still.
    await toggle.tap();
    await lessons.getByRole("button", { name: /Lessons/, expanded: true }).waitFor();
    await lessons.getByText(`${ravi.name} proposed a lesson`).waitFor();
    await lessons.getByRole("button", { name: /^Accept / }).waitFor();
    const opened = await layout(page);
    expect(opened.composerBottom).toBeLessThanOrEqual(opened.viewport);
    expect(opened.page).toBeLessThanOrEqual(opened.viewport + 1);
    expect(await axeViolations(page, "serious")).toEqual([]);
    await shot(page, "opened-375");

    // And folded again, from the keyboard as well.
    await lessons.getByRole("button", { name: /Lessons/, expanded: true }).press("Enter");
    await lessons.getByRole("button", { name: /Lessons/, expanded: false }).waitFor();
    expect(await lessons.getByText(`${ravi.name} proposed a lesson`).isVisible()).toBe(false);
    await page.context().close();
  });

  it("keeps the composer and some messages in view with the keyboard open (375 x 430)", async () => {
    const page = await signedInPage(browser, asha, KEYBOARD_OPEN);
    await page.goto(`/user/chat/${ravi.id}`);
    await page.getByText("Saturday works. Kotlin after?").waitFor();
    const input = page.getByLabel("Message", { exact: true });
    await input.tap();
    await input.fill("On my way");
    const typing = await layout(page);
    expect(typing.viewport).toBe(KEYBOARD_OPEN.height);
    expect(typing.composerBottom).toBeLessThanOrEqual(typing.viewport);
    expect(typing.page).toBeLessThanOrEqual(typing.viewport + 1);
    // More than a sliver of the conversation: over a third of what the keyboard leaves.
    expect(typing.log).toBeGreaterThanOrEqual(0.35 * KEYBOARD_OPEN.height);
    await shot(page, "typing-375x430");
    await page.getByRole("button", { name: "Send" }).tap();
    await page.getByTestId("chat-message").filter({ hasText: "On my way" }).waitFor();
    // The box keeps the focus (and a phone its keyboard) for the next message.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("chat-message");
    await input.pressSequentially("Five minutes");
    expect(await input.inputValue()).toBe("Five minutes");
    await page.context().close();
  });

  it("is still one screen on a phone turned sideways (812 x 375): the composer in view, messages readable", async () => {
    const page = await signedInPage(browser, asha, LANDSCAPE);
    await page.goto(`/user/chat/${ravi.id}`);
    await page.getByText("Saturday works. Kotlin after?").waitFor();
    // The lessons fold on a turned phone too.
    await page
      .getByRole("region", { name: /Lessons/ })
      .getByRole("button", { name: /Lessons/, expanded: false })
      .waitFor();
    const turned = await layout(page);
    expect(turned.viewport).toBe(LANDSCAPE.height);
    // Turned, the header's buttons keep their compact 32 px (over WCAG's 24) for the conversation's height.
    expect((await page.getByRole("button", { name: "Finish", exact: true }).boundingBox())!.height).toBeLessThan(44);
    expect(turned.composerBottom).toBeLessThanOrEqual(turned.viewport);
    // At least two lines of messages above the composer (it had 78 px, less than a bubble, below a 420 px floor).
    expect(turned.log).toBeGreaterThanOrEqual(120);
    expect(turned.page).toBeLessThanOrEqual(turned.viewport + 1);
    expect(await page.getByRole("contentinfo").isVisible()).toBe(false);
    await shot(page, "landscape-812");
    // Typing sideways with no on-screen keyboard taking the height (a hardware one, or a browser that overlays its
    // keyboard): the lessons stay within reach.
    await page.getByLabel("Message", { exact: true }).tap();
    await page.getByLabel("Message", { exact: true }).fill("Sideways");
    expect(
      await page
        .getByRole("region", { name: /Lessons/ })
        .getByRole("button", { name: /Lessons/ })
        .isVisible(),
    ).toBe(true);
    expect((await layout(page)).composerBottom).toBeLessThanOrEqual(turned.viewport);
    await page.getByLabel("Message", { exact: true }).fill("");
    // A long answer (finishing too early) sits above the composer without pushing it off the short screen.
    await page.getByRole("button", { name: "Finish" }).tap();
    await page.getByRole("alert").filter({ hasText: "You should have learned for atleast 10 days" }).waitFor();
    const answered = await layout(page);
    expect(answered.composerBottom).toBeLessThanOrEqual(answered.viewport);
    expect(answered.page).toBeLessThanOrEqual(answered.viewport + 1);
    await shot(page, "landscape-812-answer");
    await page.context().close();
  });

  it("keeps the composer on screen while typing on a phone turned sideways with its keyboard open (812 x 190)", async () => {
    const page = await signedInPage(browser, asha, LANDSCAPE_TYPING);
    await page.goto(`/user/chat/${ravi.id}`);
    await page.getByText("Saturday works. Kotlin after?").waitFor();
    const input = page.getByLabel("Message", { exact: true });
    await input.tap();
    await input.fill("Typing sideways");
    const typing = await layout(page);
    expect(typing.composerBottom).toBeLessThanOrEqual(typing.viewport);
    expect(typing.page).toBeLessThanOrEqual(typing.viewport + 1);
    // The site's bar and the chat's header step aside while the student types: some lines of the conversation show.
    expect(await page.getByRole("banner").isVisible()).toBe(false);
    expect(typing.log).toBeGreaterThanOrEqual(80);
    await shot(page, "landscape-typing-812");
    await page.context().close();
  });

  it("shows the lessons open at 1280 px, with no disclosure to open", async () => {
    const page = await signedInPage(browser, asha, DESKTOP);
    await page.goto(`/user/chat/${ravi.id}`);
    const lessons = page.getByRole("region", { name: "Lessons" });
    await lessons.getByText(`${ravi.name} proposed a lesson`).waitFor();
    expect(await lessons.getByRole("heading", { name: "Lessons", exact: true }).isVisible()).toBe(true);
    expect(await lessons.getByRole("button", { name: /^Lessons/ }).count()).toBe(0);
    await shot(page, "1280");
    await page.context().close();
  });

  it("keeps a short desktop window's chat in place when the message box takes the focus under an answer", async () => {
    const page = await signedInPage(browser, asha, { width: 1280, height: 500 });
    await page.goto(`/user/chat/${ravi.id}`);
    await page.getByText("Saturday works. Kotlin after?").waitFor();
    await page.getByRole("button", { name: "Finish" }).click();
    await page.getByRole("alert").filter({ hasText: "You should have learned for atleast 10 days" }).waitFor();
    const before = await page.evaluate(() => window.scrollY);
    // The bar rises above the composer; focusing the composer does not scroll the page clear of the bar (it moved the
    // page 300 px, the conversation under the header).
    await page.getByLabel("Message", { exact: true }).focus();
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
    await page.context().close();
  });

  // Last: it leaves the chat with a meeting link.
  it("keeps the conversation in view on a phone turned sideways with a meeting link and the lessons open", async () => {
    await gql(
      "mutation ($c: ID!, $l: String!) { setMeetingLink(chatWith: $c, link: $l) { id } }",
      {
        c: ravi.id,
        l: "https://meet.google.com/abc-defg-hij",
      },
      asha.token,
    );
    const page = await signedInPage(browser, asha, LANDSCAPE);
    await page.goto(`/user/chat/${ravi.id}`);
    await page.getByText("Saturday works. Kotlin after?").waitFor();
    const join = page.getByRole("link", { name: /^Join meeting/ });
    await join.waitFor();
    await page
      .getByRole("region", { name: /Lessons/ })
      .getByRole("button", { name: /Lessons/, expanded: false })
      .tap();
    await page.getByText(`${ravi.name} proposed a lesson`).waitFor();
    // The header is one row: its actions, the meeting's link among them, beside the name (two rows took 48 px more).
    const [name, link] = await Promise.all([page.getByRole("heading", { level: 1 }).boundingBox(), join.boundingBox()]);
    expect(Math.abs(name!.y + name!.height / 2 - (link!.y + link!.height / 2))).toBeLessThan(12);
    await shot(page, "landscape-812-meeting-lessons");
    const turned = await layout(page);
    expect(turned.composerBottom).toBeLessThanOrEqual(turned.viewport);
    // The newest bubble stays in view above the composer (26 px were left with the header on two rows and the proposal
    // on three; the header is one row and the proposal one line now: 74).
    expect(turned.log).toBeGreaterThanOrEqual(64);
    await page.context().close();
  });
});
