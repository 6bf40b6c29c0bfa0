/**
 * The signed-in shell on a 375 px touch screen (and at 1280 px where it differs): the counts in the
 * bar without opening a menu, live; the student's links one tap from every signed-in page; pages
 * opening at their top (after a full load in the same tab too).
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, gql, launch, newContext, TOUCH_PHONE } from "./support/browser.js";
import { chattingPair, fillProfile, registerStudent, signedInPage, skill, type Student, techProfile } from "./support/students.js";

/** Every signed-in page a student reaches from the menu, by its address and its first heading. */
const pages = (s: Student) => [
  { path: "/skill-coins", heading: "Skill Coins" },
  { path: `/leaderboard/${s.id}`, heading: "Leaderboard" },
  { path: `/game/${s.id}`, heading: /Snake/ },
  { path: "/user/chat", heading: "Chats" },
  { path: `/${s.id}/notifications`, heading: "Notifications" },
  { path: "/p", heading: "Profile Details" },
  // The pages that load no Apollo Client for a visitor: a signed-in student's bar and menu load after them.
  { path: "/", heading: /^Welcome to/ },
  { path: "/about", heading: "Learning is better together" },
  { path: "/no-such-page", heading: "404 - Page Not Found" },
];

const bar = (page: Page) => page.getByRole("navigation", { name: "Main" });

/** The bar's element's box is on screen, inside the fixed header. */
async function inHeader(page: Page, name: string | RegExp) {
  const box = await bar(page)
    .getByRole("link", typeof name === "string" ? { name, exact: true } : { name })
    .boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(64);
  expect(box!.width).toBeGreaterThanOrEqual(44);
  expect(box!.height).toBeGreaterThanOrEqual(44);
}

describe("the signed-in shell on a phone", () => {
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

  it("shows the notification and unread counts in the bar on every signed-in page, live", async () => {
    const page = await signedInPage(browser, ravi, TOUCH_PHONE);
    await page.goto("/skill-coins");
    await page.getByRole("heading", { name: "Skill Coins", level: 1 }).waitFor();
    // Asha's request was accepted (no notification left for Ravi); no unread message yet.
    await inHeader(page, "Chat");

    // A message and a request arrive while Ravi is on the coins page: the badges count them, no reload.
    await gql("mutation ($c: ID!, $b: String!) { sendMessage(chatWith: $c, body: $b) { id } }", { c: ravi.id, b: "Hello" }, asha.token);
    await inHeader(page, "Chat: 1");
    expect(await bar(page).getByRole("link", { name: "Chat: 1" }).textContent()).toBe("1");
    const before = Number(
      (await bar(page)
        .getByRole("link", { name: /^Notifications/ })
        .getAttribute("aria-label"))!.split(": ")[1] ?? 0,
    );
    const other = await registerStudent("Meera");
    await fillProfile(other, techProfile("Female", "Go", "Kotlin"));
    await gql(
      "mutation ($input: RequestSwapInput!) { requestSwap(input: $input) { id } }",
      { input: { receiverId: ravi.id, preachSkill: skill("Go"), learnSkill: skill("Kotlin") } },
      other.token,
    );
    await inHeader(page, `Notifications: ${before + 1}`);

    // The badge leads to the page it counts.
    await bar(page).getByRole("link", { name: "Chat: 1" }).tap();
    await page.waitForURL("**/user/chat");
    await page.getByRole("heading", { name: "Chats", exact: true }).waitFor();
    await page.context().close();
  });

  it("puts Notifications, Chat, Coins, Profile, Leaderboard, Implement, Game, Settings and Logout one tap from every signed-in page", async () => {
    const page = await signedInPage(browser, asha, TOUCH_PHONE);
    for (const { path, heading } of pages(asha)) {
      await page.goto(path);
      await page.getByRole("heading", { name: heading, level: 1 }).first().waitFor();
      await inHeader(page, /^Notifications(: \d+)?$/);
      await inHeader(page, /^Chat(: \d+)?$/);
      const toggle = page.getByRole("button", { name: "Open menu" });
      await toggle.tap();
      const menu = bar(page).getByRole("list", { name: "Your account" });
      for (const label of ["Coins", "Profile", "Implement", "Leaderboard", "Game", "Settings", "Logout"])
        expect(await menu.getByRole("link", { name: label, exact: true }).isVisible(), `${label} on ${path}`).toBe(true);
      expect(await menu.getByRole("link", { name: /^Notifications/ }).isVisible()).toBe(true);
      expect(await menu.getByRole("link", { name: /^Chat/ }).isVisible()).toBe(true);
      // Every link of the menu is inside the screen (the menu scrolls when it is longer).
      const last = await menu.getByRole("link", { name: "Logout" }).boundingBox();
      expect(last!.y + last!.height).toBeLessThanOrEqual(TOUCH_PHONE.height);
      await page.getByRole("button", { name: "Close menu" }).tap();
    }
    // One tap from the game to the coins page.
    await page.goto(`/game/${asha.id}`);
    await page.getByRole("button", { name: "Open menu" }).tap();
    await bar(page).getByRole("list", { name: "Your account" }).getByRole("link", { name: "Coins" }).tap();
    await page.waitForURL("**/skill-coins");
    await page.getByRole("heading", { name: "Skill Coins", level: 1 }).waitFor();
    // The menu closed with the link that had the keyboard: it is on the new page's content, not lost.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await page.context().close();
  });

  it("shows a signed-in student no Sign in on a prerendered page before its script has run, and a visitor theirs", async () => {
    // Before the app runs, the page is as the server rendered it for anyone (signed out): held here by its modules not
    // loading. The page's one inline script (allowed by the Content-Security-Policy's hash) says who is signed in.
    const refused: string[] = [];
    const beforeScripts = async (page: Page) => {
      page.on("console", (m) => void (/Content Security Policy/i.test(m.text()) && refused.push(m.text())));
      await page.route(/\.js$/, (route) => route.abort());
      await page.goto("/about");
      await page.getByRole("heading", { name: "Learning is better together", level: 1 }).waitFor();
      return page.locator('header a[href^="/login"]').filter({ visible: true });
    };
    const student = await signedInPage(browser, asha, TOUCH_PHONE);
    expect(await (await beforeScripts(student)).count()).toBe(0);
    // Once it runs, the bar is the student's.
    await student.unrouteAll();
    await student.reload();
    await inHeader(student, /^Chat(: \d+)?$/);
    expect(await student.evaluate(() => document.documentElement.hasAttribute("data-signed-in"))).toBe(false);
    await student.context().close();

    const visitor = await (await newContext(browser, TOUCH_PHONE)).newPage();
    const signIn = await beforeScripts(visitor);
    expect(await signIn.count()).toBe(1);
    await inHeader(visitor, "Sign in");
    await visitor.context().close();
    expect(refused).toEqual([]);
  });

  it("keeps the bar's counts and menu on a page that could not be shown", async () => {
    const page = await signedInPage(browser, asha, TOUCH_PHONE);
    // The coins page's code does not arrive (a new deploy removed it, the network dropped it): its error view
    // replaces the page and the layout that brought the student's links.
    await page.route(/\/assets\/skill-coins-[\w-]+\.js$/, (route) => route.abort());
    await page.goto("/skill-coins");
    await page.getByRole("heading", { name: "Unexpected Application Error!", level: 1 }).waitFor();
    await inHeader(page, /^Notifications(: \d+)?$/);
    await inHeader(page, /^Chat(: \d+)?$/);
    await page.getByRole("button", { name: "Open menu" }).tap();
    await bar(page).getByRole("list", { name: "Your account" }).getByRole("link", { name: "Leaderboard", exact: true }).tap();
    await page.getByRole("heading", { name: "Leaderboard", level: 1 }).waitFor();
    await page.context().close();
  });

  it("keeps 'You are offline' under the bar however far the page is scrolled", async () => {
    const page = await signedInPage(browser, asha, TOUCH_PHONE);
    await page.goto("/p");
    await page.getByRole("heading", { name: "Profile Details", level: 1 }).waitFor();
    await page.context().setOffline(true);
    const notice = page.getByRole("status").filter({ hasText: "You are offline" });
    await notice.waitFor();
    // The form's end (Submit), far below the notice's first place.
    await page.getByRole("button", { name: "Submit" }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const header = (await page.locator("header").first().boundingBox())!;
    const box = (await notice.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(box.y).toBeLessThan(header.y + header.height + 40);
    await page.context().setOffline(false);
    await notice.waitFor({ state: "detached" });
    await page.context().close();
  });

  it("opens each page at its top, whatever the page before was scrolled to", async () => {
    const page = await signedInPage(browser, asha, TOUCH_PHONE);
    await page.goto("/skill-coins");
    await page.getByRole("heading", { name: "Skill Coins", level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await page.getByRole("button", { name: "Open menu" }).tap();
    await bar(page).getByRole("list", { name: "Your account" }).getByRole("link", { name: "Leaderboard" }).tap();
    await page.getByRole("heading", { name: "Leaderboard", level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // A profile opened from a card low on the dashboard opens at its top too.
    await page.goto(`/dashboard/${asha.id}`);
    const card = page.getByRole("link", { name: `View Profile of ${ravi.name}` });
    await card.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    await card.tap();
    await page.getByRole("heading", { name: ravi.name, level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });

  it("opens an address loaded in the same tab (typed, a bookmark, a notification) at its top, and a reload where it was", async () => {
    const page = await signedInPage(browser, asha, TOUCH_PHONE);
    await page.goto("/about");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    // The about page's HTML is prerendered (signed out, with Sign in in the bar): its heading shows before the app has
    // started. Sign in going away says the app has started, signed in, so the start does not undo the scroll below
    // (under a full run's load it did).
    await bar(page).getByRole("link", { name: "Sign in" }).waitFor({ state: "detached" });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    // A full load of another address in this tab: not the last page's position.
    await page.goto("/skill-coins");
    await page.getByRole("heading", { name: "Skill Coins", level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // A reload of the same address keeps its place.
    await page.evaluate(() => window.scrollTo(0, 120));
    await page.reload();
    await page.getByRole("heading", { name: "Skill Coins", level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(120);
    // The same address loaded anew (typed again, a bookmark): its top, not where it was left.
    await page.goto("/skill-coins");
    await page.getByRole("heading", { name: "Skill Coins", level: 1 }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });
});

describe("the signed-in shell at 1280 px", () => {
  let browser: Browser;
  let asha: Student;
  beforeAll(async () => {
    browser = await launch();
    ({ asha } = await chattingPair("Elixir", "Haskell"));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("keeps the site's links in the bar and opens the student's from the account menu on any signed-in page", async () => {
    const page = await signedInPage(browser, asha, DESKTOP);
    await page.goto(`/leaderboard/${asha.id}`);
    await page.getByRole("heading", { name: "Leaderboard", level: 1 }).waitFor();
    for (const label of ["Home", "Dashboard", "About Us", "Contact Us"])
      expect(await bar(page).getByRole("link", { name: label, exact: true }).isVisible()).toBe(true);
    await inHeader(page, /^Chat(: \d+)?$/);
    await inHeader(page, /^Notifications(: \d+)?$/);
    const menu = bar(page).getByRole("list", { name: "Your account" });
    expect(await menu.isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Game" }).click();
    await page.waitForURL(`**/game/${asha.id}`);
    expect(await menu.isVisible()).toBe(false);
    // Escape closes it and gives the focus back to its button.
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Logout" }).waitFor();
    await page.keyboard.press("Escape");
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");
    await page.context().close();
  });
});
