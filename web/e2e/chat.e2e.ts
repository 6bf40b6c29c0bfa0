import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.js";
import { advanceServerClock, resetServerClock, gql, launch, PHONE } from "./support/browser.js";
import {
  chattingPair,
  fillProfile,
  openSwapChat,
  PASSWORD,
  registerStudent,
  signedInPage,
  type Student,
  techProfile,
} from "./support/students.js";

const DAY = 24 * 60 * 60 * 1000;
/** Signs in through the login form (tokens live 7 days: after moving the clock 10 days they are stale). */
async function signInAgain(page: Page, s: Student) {
  await page.goto("/login");
  await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
  await page.getByLabel("Email").fill(s.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/dashboard/);
  s.token = (await page.evaluate(() => localStorage.getItem("jwt"))) ?? s.token;
}

const messages = (page: Page) => page.getByTestId("chat-message");

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `chat-${name}.png`) });
}

describe("chat in Chromium, two students", () => {
  let browser: Browser;
  let asha: Student;
  let ravi: Student;
  beforeAll(async () => {
    browser = await launch();
    ({ asha, ravi } = await chattingPair("TypeScript", "Rust"));
  });
  afterAll(async () => {
    await resetServerClock();
    await browser?.close();
  });

  it("exchange live messages, share a meeting link, then finish with ratings and both get the reward", async () => {
    const a = await signedInPage(browser, asha);
    const b = await signedInPage(browser, ravi);

    // Asha finds Ravi in her chat list; Ravi opens the chat directly.
    await a.goto("/user/chat");
    await a.getByRole("heading", { name: "Chats", exact: true }).waitFor();
    await a.getByRole("link", { name: new RegExp(ravi.name) }).click();
    await a.waitForURL(`**/user/chat/${ravi.id}`);
    // The chat itself (its heading), not the list still drawn with the same "No messages yet" preview.
    await a.getByRole("heading", { level: 1, name: ravi.name }).waitFor();
    await b.goto(`/user/chat/${asha.id}`);
    await b.getByText("No messages yet").waitFor();
    await a.getByText("No messages yet").waitFor();
    expect(await a.getByRole("link", { name: new RegExp(ravi.name) }).getAttribute("href")).toBe(`/user/${ravi.id}/${asha.id}/Female`);

    // Enter sends; the message shows at once for Asha and arrives live for Ravi.
    await a.getByPlaceholder("Type your message...").fill("Hi Ravi! <b>Rust</b> on Monday?");
    await a.getByPlaceholder("Type your message...").press("Enter");
    await messages(a).filter({ hasText: "Hi Ravi! <b>Rust</b> on Monday?" }).waitFor();
    await messages(b).filter({ hasText: "Hi Ravi! <b>Rust</b> on Monday?" }).waitFor();
    expect(await b.locator("[data-testid=chat-message] b").count()).toBe(0);
    await b.getByPlaceholder("Type your message...").fill("Sure, 6 pm works. Notes: https://example.org/rust-notes.");
    await b.getByRole("button", { name: "Send" }).click();
    await messages(a).filter({ hasText: "Sure, 6 pm works." }).waitFor();
    expect(await messages(a).allInnerTexts()).toHaveLength(2);
    expect(await messages(b).count()).toBe(2);
    // A web address in a message opens in a new tab; the sentence's full stop is not part of it.
    const notes = messages(a).getByRole("link", { name: "https://example.org/rust-notes" });
    expect(await notes.getAttribute("href")).toBe("https://example.org/rust-notes");
    expect(await notes.getAttribute("target")).toBe("_blank");
    expect(await notes.getAttribute("rel")).toContain("noopener");
    await a.getByText("Today").first().waitFor();

    // Asha sets the meeting link through the dialog; both see it, http:// added.
    await a.getByRole("button", { name: "Meeting link" }).click();
    const dialog = a.getByRole("dialog", { name: "Meeting link" });
    await dialog.getByLabel("Link").fill("javascript:alert(1)");
    await dialog.getByRole("button", { name: "Save link" }).click();
    await dialog.getByText("Only http and https links can be shared").waitFor();
    await dialog.getByLabel("Link").fill("meet.google.com/abc-defg-hij");
    await dialog.getByRole("button", { name: "Save link" }).click();
    await dialog.waitFor({ state: "detached" });
    const joinA = a.getByRole("link", { name: /Join meeting/ });
    expect(await joinA.getAttribute("href")).toBe("http://meet.google.com/abc-defg-hij");
    const joinB = b.getByRole("link", { name: /Join meeting/ });
    await joinB.waitFor();
    expect(await joinB.getAttribute("href")).toBe("http://meet.google.com/abc-defg-hij");
    // The chat with its messages and the meeting link (its host in lighter type) reads for everyone.
    expect(await axeViolations(a)).toEqual([]);
    await shot(a, "conversation-1280");

    // Too early: the 10-day rule is checked first; nobody is asked for a (permanent) rating yet.
    await a.getByRole("button", { name: "Finish" }).click();
    await a
      .getByRole("alert")
      .filter({ hasText: "You should have learned for atleast 10 days to finish the course. You have just completed 0 days." })
      .waitFor();
    expect(await a.getByRole("dialog").count()).toBe(0);
    const unrated = await gql<{ chat: { ratingGiven: boolean } }>(
      "query ($w: ID!) { chat(chatWith: $w) { ratingGiven } }",
      { w: ravi.id },
      asha.token,
    );
    expect(unrated.chat.ratingGiven).toBe(false);

    // Ten days later (sessions have expired meanwhile: both sign in again).
    await advanceServerClock(10 * DAY + 60_000);
    await signInAgain(a, asha);
    await signInAgain(b, ravi);
    await a.goto(`/user/chat/${ravi.id}`);
    await b.goto(`/user/chat/${asha.id}`);
    await messages(a).first().waitFor();
    await messages(b).first().waitFor();

    // Now finishing is possible: Asha is asked to rate first. The dialog's error goes once a star is picked.
    await a.getByRole("button", { name: "Finish" }).click();
    const rating = a.getByRole("dialog", { name: `Rate ${ravi.name}` });
    await rating.waitFor();
    await rating.getByRole("button", { name: "Rate and finish" }).click();
    await rating.getByRole("alert").filter({ hasText: "Please choose from 1 to 5 stars" }).waitFor();
    await shot(a, "rating-error-1280");
    await rating.locator("label").filter({ hasText: "5 stars" }).click();
    expect(await rating.getByRole("alert").count()).toBe(0);
    await shot(a, "rating-1280");
    await rating.getByRole("button", { name: "Rate and finish" }).click();
    // Rated, then finished in one go: it waits for Ravi.
    await a
      .getByRole("alert")
      .filter({ hasText: `as soon as ${ravi.name} finishes too` })
      .waitFor();
    await b.getByText(`${asha.name} has finished`).waitFor();
    // Ravi (on a phone now) rates 4 stars and finishes: he stays on the chat, which both now see complete.
    await b.setViewportSize(PHONE);
    await b.getByRole("button", { name: "Finish" }).click();
    await b.locator("label").filter({ hasText: "4 stars" }).click();
    await shot(b, "rating-375");
    await b.getByRole("button", { name: "Rate and finish" }).click();
    for (const page of [a, b]) await page.getByText("You both finished this chat. Well done!").waitFor();
    expect(new URL(b.url()).pathname).toBe(`/user/chat/${asha.id}`);
    // The chat list marks it finished.
    await b.goto("/user/chat");
    await b.getByText("Finished").waitFor();

    // Both see the reward popup on the dashboard.
    for (const page of [a, b]) {
      await page.goto("/dashboard");
      const popup = page.getByRole("dialog", { name: "Congratulations!" });
      await popup.waitFor();
      await popup.getByText("+1 skill coin").waitFor();
    }
    // The ratings reached the partners' profiles.
    const ratings = await gql<{ a: { rating: { value: number; count: number } }; b: { rating: { value: number; count: number } } }>(
      `query ($a: ID!, $b: ID!) { a: user(id: $a) { rating { value count } } b: user(id: $b) { rating { value count } } }`,
      { a: asha.id, b: ravi.id },
      asha.token,
    );
    expect(ratings.b.rating).toEqual({ value: 5, count: 1 });
    expect(ratings.a.rating).toEqual({ value: 4, count: 1 });
    await a.context().close();
    await b.context().close();
  });

  it("loads older messages when scrolled up and keeps the reader's place; fits a phone screen", async () => {
    const c = await registerStudent("Chandra");
    const d = await registerStudent("Devi");
    await fillProfile(c, techProfile("Female", "TypeScript", "Rust"));
    await fillProfile(d, techProfile("Male", "Rust", "TypeScript"));
    await openSwapChat(c, d, "TypeScript", "Rust");
    for (let i = 1; i <= 45; i++) {
      await gql(
        "mutation ($w: ID!, $b: String!) { sendMessage(chatWith: $w, body: $b) { id } }",
        { w: i % 2 ? d.id : c.id, b: `Message number ${i}: ${"practice ".repeat((i % 4) + 1)}` },
        i % 2 ? c.token : d.token,
      );
    }
    const page = await signedInPage(browser, c);
    await page.goto(`/user/chat/${d.id}`);
    // The newest 30 first, scrolled to the bottom.
    await messages(page).filter({ hasText: "Message number 45:" }).waitFor();
    expect(await messages(page).count()).toBe(30);
    expect(await page.getByText("Message number 15:").count()).toBe(0);
    const log = page.getByRole("log");
    const marker = messages(page).filter({ hasText: "Message number 16:" });
    await log.evaluate((el) => el.scrollTo({ top: 0 }));
    await messages(page).filter({ hasText: "Message number 1:" }).waitFor();
    expect(await messages(page).count()).toBe(45);
    // The message that was at the top is still in view: the list grew above it.
    const box = (await marker.boundingBox())!;
    const view = (await log.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(view.y - 1);
    expect(box.y).toBeLessThan(view.y + view.height);
    // Scrolled into the day, its label stays at the top as a full-width opaque band: the message
    // under it is hidden cleanly, not overlapped by a floating pill with its text around it.
    await log.evaluate((el) => el.scrollTo({ top: el.scrollHeight / 2 }));
    const band = await log.evaluate((el) => {
      const top = el.getBoundingClientRect().top;
      const label = [...el.querySelectorAll("h2")].find((h) => Math.abs(h.getBoundingClientRect().top - top) < 2);
      if (!label) return null;
      return { width: label.getBoundingClientRect().width, logWidth: el.clientWidth, bg: getComputedStyle(label).backgroundColor };
    });
    expect(band).not.toBeNull();
    expect(Math.abs(band!.width - band!.logWidth)).toBeLessThan(1);
    expect(band!.bg).toMatch(/^rgb\(/);
    await shot(page, "sticky-day-1280");
    await page.context().close();
    if (shotsDir) await screenshots(browser, c, d);

    // A report needs a reason; it ends the chat for good and the page shows it at once.
    const pc = await signedInPage(browser, c);
    await pc.goto(`/user/chat/${d.id}`);
    await pc.getByRole("button", { name: "Report" }).click();
    const report = pc.getByRole("alertdialog", { name: `Report ${d.name}` });
    await report.getByRole("button", { name: "Report" }).click();
    await report.getByText("Please select a reason for reporting").waitFor();
    await report.getByLabel("Spam or scam").check();
    await report.getByRole("button", { name: "Report" }).click();
    await report.waitFor({ state: "detached" });
    await pc.getByText("This chat was reported and is closed.").waitFor();
    expect(await pc.getByRole("textbox", { name: "Message" }).isDisabled()).toBe(true);
    await shot(pc, "reported-1280");
    // A chat that does not exist sends the reader back to the list.
    await pc.goto(`/user/chat/${asha.id}`);
    await pc.waitForURL(/\/user\/chat$/);
    await pc.context().close();
  });
});

async function screenshots(browser: Browser, c: Student, d: Student) {
  for (const [label, viewport] of [
    ["1280", undefined],
    ["375", PHONE],
  ] as const) {
    const page = await signedInPage(browser, c, viewport);
    await page.goto(`/user/chat/${d.id}`);
    await messages(page).first().waitFor();
    await page.waitForLoadState("networkidle");
    await shot(page, `screen-${label}`);
    await page.getByRole("log").evaluate((el) => el.scrollBy({ top: -130 }));
    await shot(page, `screen-scrolled-${label}`);
    await page.goto("/user/chat");
    await page.getByRole("heading", { name: "Chats", exact: true }).waitFor();
    await page.getByRole("link", { name: new RegExp(d.name) }).waitFor();
    await shot(page, `list-${label}`);
    await page.goto(`/user/chat/${d.id}`);
    await page.getByRole("button", { name: "Finish" }).click();
    await page.getByRole("alert").filter({ hasText: "You should have learned for atleast 10 days" }).waitFor();
    await shot(page, `too-early-${label}`);
    await page.getByRole("button", { name: "Report" }).click();
    await page.getByRole("alertdialog").waitFor();
    await page.getByLabel("Other").check();
    await shot(page, `report-${label}`);
    await page.context().close();
  }
}
