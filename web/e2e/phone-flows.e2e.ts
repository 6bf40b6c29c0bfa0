/**
 * Phone journeys (375 px, touch) that crossed pages and lost their way: opening a saved search
 * applies all of it (address, fields, feed), and a link from a mail opened signed out leads, through
 * Create Account or its sign-in link (and, for a new student, the profile form and the mailed
 * verification), to the page asked for, also when the mailed link opens in another browser with
 * nothing stored (a chat link, and a saved search's alert, which opens that search); a returnTo to another
 * site is ignored. The same at 1280 px
 * where the filters start open. Screenshots in E2E_SCREENSHOTS when it is set.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng } from "../../graph/src/shared/png.js";
import {
  advanceServerClock,
  baseURL,
  DESKTOP,
  gql,
  launch,
  newPage,
  resetServerClock,
  runServerJobs,
  TOUCH_PHONE,
  withServiceWorker,
} from "./support/browser.js";
import { newestMailTo, verificationLinkFor } from "./support/mail.js";
import {
  fillProfile,
  openSwapChat,
  PASSWORD,
  registerStudent,
  signedInPage,
  skill,
  type Student,
  techProfile,
} from "./support/students.js";

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `phone-flows-${name}.png`), fullPage: true });
}

const tag = randomBytes(3).toString("hex");
/** As a student walks them: the app's service worker installed on the first visit and serving the later ones. */
const VIEWPORTS = [
  ["375", withServiceWorker(TOUCH_PHONE)],
  ["1280", withServiceWorker(DESKTOP)],
] as const;

/** Taps on the touch phone, clicks on the desktop. */
const press =
  (page: Page, touch: boolean) =>
  (name: string | RegExp, role: "button" | "link" = "button") =>
    touch
      ? page.getByRole(role, { name, exact: typeof name === "string" }).tap()
      : page.getByRole(role, { name, exact: typeof name === "string" }).click();

/**
 * On the sign-in page a signed-out student was sent to from `asked` (which the address keeps): signs in as `who` and
 * waits until the app has brought them back to `asked`.
 */
async function signInAndReturn(page: Page, tap: ReturnType<typeof press>, who: { email: string }, asked: string) {
  await page.waitForURL((u) => u.pathname === "/login");
  expect(new URL(page.url()).searchParams.get("returnTo")).toBe(asked);
  // The address changes as the sign-in page starts to render: until it shows, "Email" may find the register form's
  // "PSG Tech Email".
  await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
  await page.getByLabel("Email").fill(who.email);
  await page.getByLabel("Password").fill(PASSWORD);
  await tap("Sign In");
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe(asked);
}

/** A random college address (two digits, a letter, three digits). */
function collegeEmail(): string {
  const n = randomBytes(4).readUInt32BE(0);
  return `${10 + (n % 80)}${"abcdefghijklmnopqrstuvwxyz"[(n >>> 8) % 26]}${100 + ((n >>> 13) % 900)}@psgtech.ac.in`;
}

/** Fills the profile form (/p) with the least it needs and submits it. */
async function fillProfileForm(page: Page, tap: ReturnType<typeof press>) {
  await page.getByRole("combobox", { name: "Gender" }).selectOption("Female");
  await page.getByRole("combobox", { name: "Skill required 1 category", exact: true }).selectOption("Hobbies & Crafts");
  await page.getByRole("textbox", { name: "Skill required 1 skill", exact: true }).fill("Origami");
  await page.getByLabel("Upload Image").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: solidPng(64, 64, [109, 92, 246]) });
  await tap("Submit");
  await page.getByRole("alert").filter({ hasText: "Profile Details Updated Successfully" }).waitFor();
}

describe("phone flows", () => {
  let browser: Browser;
  let viewer: Student;
  let cheap: Student;
  let dear: Student;

  beforeAll(async () => {
    browser = await launch();
    viewer = await registerStudent("Seeker");
    await fillProfile(viewer, { gender: "Female", skillsKnown: [skill("Chess")], skillsRequired: [skill(`Go${tag}`)] });
    // Two teachers of the same skill who differ in what the saved search filters by (maximum coins).
    cheap = await registerStudent(`Cheap Go ${tag}`);
    await fillProfile(cheap, { gender: "Male", skillsKnown: [skill(`Go${tag}`)], skillsRequired: [skill("Chess")], amount: 1 });
    dear = await registerStudent(`Dear Go ${tag}`);
    await fillProfile(dear, { gender: "Female", skillsKnown: [skill(`Go${tag}`)], skillsRequired: [skill("Chess")], amount: 40 });
    // Saved through the API, as the server returns them to the page.
    for (const input of [
      { name: `Cheap Go ${tag}`, query: "", field: "NAME", filters: { skill: `Go${tag}`, maxCoins: 5 } },
      { name: `Search Go ${tag}`, query: `go${tag}`, field: "SKILLS_KNOWN", filters: { maxCoins: 5 } },
    ]) {
      await gql("mutation ($input: SavedSearchInput!) { saveSearch(input: $input) { id } }", { input }, viewer.token);
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  for (const [label, viewport] of VIEWPORTS) {
    const touch = "touch" in viewport;

    it(`opening a saved search applies its filters to the address, the fields and the feed (${label} px)`, async () => {
      const page = await signedInPage(browser, viewer, viewport);
      const tap = press(page, touch);
      await page.goto(`/dashboard/${viewer.id}?language=Tamil`);
      await page.getByRole("heading", { name: /^Welcome,/ }).waitFor();

      // Filters only: the address, the fields (the panel opens on a wide screen; on a phone it stays folded, counting
      // them, so what they found is not pushed a screen down) and the feed.
      await tap(`Cheap Go ${tag}`);
      await page.waitForURL((u) => u.searchParams.get("maxCoins") === "5");
      const params = Object.fromEntries(new URL(page.url()).searchParams);
      expect(params).toEqual({ skill: `Go${tag}`, maxCoins: "5" });
      const filtersButton = page.getByRole("button", { name: touch ? "Filters (2 active)" : "Hide filters (2 active)" });
      expect(await filtersButton.getAttribute("aria-expanded")).toBe(touch ? "false" : "true");
      await expect.poll(() => page.getByLabel("Skill they teach").inputValue()).toBe(`Go${tag}`);
      await expect.poll(() => page.getByLabel("Maximum coins per course").inputValue()).toBe("5");
      await expect.poll(() => page.getByLabel("Teaching language").inputValue()).toBe("");
      const feed = page.getByRole("main");
      await expect.poll(() => feed.getByRole("link", { name: `View Profile of ${cheap.name}` }).count(), { timeout: 30_000 }).toBe(1);
      expect(await feed.getByRole("link", { name: `View Profile of ${dear.name}` }).count()).toBe(0);
      const opened = page.getByRole("button", { name: `Cheap Go ${tag}`, exact: true });
      expect(await opened.getAttribute("aria-current")).toBe("true");
      // Targets for a finger: a saved search and its alerts are 44 px high on a touch screen.
      if (touch) {
        const box = (await opened.boundingBox())!;
        expect(box.height).toBeGreaterThanOrEqual(44);
        const alerts = page.getByRole("checkbox", { name: `Alerts for Cheap Go ${tag}` });
        expect(await alerts.evaluate((e) => e.closest("label")!.getBoundingClientRect().height)).toBeGreaterThanOrEqual(44);
      }
      await shot(page, `saved-filters-${label}`);

      // With a text search: the search field and "Search by" show it, and the results are filtered.
      await tap(`Search Go ${tag}`);
      await page.waitForURL((u) => u.searchParams.get("q") === `go${tag}`);
      expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ q: `go${tag}`, by: "skill", maxCoins: "5" });
      const value = (l: Locator) => expect.poll(() => l.inputValue());
      await value(page.getByRole("searchbox", { name: "Search" })).toBe(`go${tag}`);
      await value(page.getByRole("combobox", { name: "Search by" })).toBe("SKILLS_KNOWN");
      await value(page.getByLabel("Skill they teach")).toBe("");
      await value(page.getByLabel("Maximum coins per course")).toBe("5");
      const results = page.getByRole("list", { name: "Search results" });
      await expect.poll(() => results.locator(":scope > li").count(), { timeout: 30_000 }).toBe(1);
      expect(await results.textContent()).toContain(cheap.name);
      await shot(page, `saved-search-${label}`);
      await page.context().close();
    }, 120_000);

    it(`a signed-out student opening a mail's chat link signs in from /register and lands on the chat (${label} px)`, async () => {
      const asha = await registerStudent("Asha");
      const ravi = await registerStudent("Ravi");
      await fillProfile(asha, techProfile("Female", `Rust${tag}`, `Elm${tag}`));
      await fillProfile(ravi, techProfile("Male", `Elm${tag}`, `Rust${tag}`));
      await openSwapChat(asha, ravi, `Rust${tag}`, `Elm${tag}`);
      const page = await newPage(browser, viewport);
      const tap = press(page, touch);
      const asked = `/user/chat/${ravi.id}`;

      await page.goto(asked);
      await page.waitForURL((u) => u.pathname === "/register");
      expect(new URL(page.url()).searchParams.get("returnTo")).toBe(asked);
      await page.getByRole("heading", { name: "Create Account" }).waitFor();
      await shot(page, `register-returnto-${label}`);
      await tap("Already have an account? Sign in", "link");
      await signInAndReturn(page, tap, asha, asked);
      await page.getByPlaceholder("Type your message...").waitFor();
      await page.context().close();
    }, 120_000);

    it(`a signed-out student opening a mail's notifications link goes straight to sign-in and lands on them (${label} px)`, async () => {
      // Only a student with an account gets these mails: Sign in, not Create Account (the spec names no page here).
      const meera = await registerStudent("Meera");
      // With a profile: the notifications page sends a student without one to Profile Details first.
      await fillProfile(meera, techProfile("Female", `Kotlin${tag}`, `Swift${tag}`));
      const page = await newPage(browser, viewport);
      const tap = press(page, touch);
      const asked = `/${meera.id}/notifications`;
      await page.goto(asked);
      await signInAndReturn(page, tap, meera, asked);
      await page.getByRole("heading", { name: "Notifications", level: 1 }).waitFor();
      // And stays there (the page's own checks passed).
      await page.getByRole("link", { name: "Notification settings", exact: true }).first().waitFor();
      expect(new URL(page.url()).pathname).toBe(asked);
      await page.context().close();
    }, 120_000);

    it(`a signed-out visitor on a shared profile link taps Swap, signs in and comes back to swap (${label} px)`, async () => {
      const page = await newPage(browser, viewport);
      const tap = press(page, touch);
      const asked = `/user/${cheap.id}/${viewer.id}/Female`;
      await page.goto(asked);
      await page.getByRole("heading", { name: cheap.name }).waitFor();
      // Nothing the visitor may not read is asked for: the reviews invite a sign-in instead of failing.
      await page.getByText(`Sign in to read the reviews of ${cheap.name}.`).waitFor();
      expect(await page.getByText("could not be loaded").count()).toBe(0);
      await shot(page, `profile-signed-out-${label}`);
      await tap("Swap", "link");
      await signInAndReturn(page, tap, viewer, asked);
      await tap("Swap");
      await page.getByRole("dialog", { name: /Swap/ }).waitFor();
      await page.context().close();
    }, 120_000);

    it(`a new student registering from a coins link fills the profile, verifies, and lands on it (${label} px)`, async () => {
      const page = await newPage(browser, viewport);
      const tap = press(page, touch);
      await page.goto("/skill-coins");
      await page.waitForURL((u) => u.pathname === "/register" && u.searchParams.get("returnTo") === "/skill-coins");
      const email = collegeEmail();
      await page.getByLabel("Username").fill(`Newcomer ${randomBytes(2).toString("hex")}`);
      await page.getByLabel("PSG Tech Email").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await tap("Create Account");

      // The profile comes first; the picture is marked required before any submit.
      await page.waitForURL((u) => u.pathname === "/p" && u.searchParams.get("returnTo") === "/skill-coins");
      await page.getByRole("heading", { name: "Profile Details" }).waitFor();
      const picture = page.getByLabel("Upload Image");
      expect(await picture.evaluate((el: HTMLInputElement) => el.required)).toBe(true);
      expect(await page.locator("label", { hasText: "Upload Image" }).textContent()).toBe("Upload Image*");
      await shot(page, `profile-required-${label}`);
      await fillProfileForm(page, tap);
      await page.waitForURL((u) => u.pathname === "/skill-coins");

      // The mailed link, opened in this browser, goes on to the page asked for too.
      const link = new URL(await verificationLinkFor(email));
      await page.goto(link.pathname);
      await tap("Continue to the page you opened", "link");
      await page.waitForURL((u) => u.pathname === "/skill-coins");
      await page.context().close();
    }, 120_000);

    it(`the mailed link opened in another browser (a phone's mail app) still leads to the page asked for (${label} px)`, async () => {
      const asked = `/user/chat?from=mail-${tag}`;
      const first = await newPage(browser, viewport);
      await first.goto(asked);
      await first.waitForURL((u) => u.pathname === "/register" && u.searchParams.get("returnTo") === asked);
      const email = collegeEmail();
      await first.getByLabel("Username").fill(`Mailreader ${randomBytes(2).toString("hex")}`);
      await first.getByLabel("PSG Tech Email").fill(email);
      await first.getByLabel("Password").fill(PASSWORD);
      await press(first, touch)("Create Account");
      await first.waitForURL((u) => u.pathname === "/p" && u.searchParams.get("returnTo") === asked);
      // The student leaves this browser before filling the profile.
      await first.context().close();

      // The mail names the page itself; a browser with nothing stored (no token, no remembered page) opens it.
      const link = new URL(await verificationLinkFor(email));
      expect(link.searchParams.get("returnTo")).toBe(asked);
      const page = await newPage(browser, viewport);
      const tap = press(page, touch);
      expect((await page.context().storageState()).origins).toEqual([]);
      await page.goto(`${link.pathname}${link.search}`);
      await page.getByText("Your college mail is verified.").waitFor();
      await shot(page, `verified-elsewhere-${label}`);
      // The page's own Sign in (the header offers one too, on wide screens in the bar).
      const signIn = page.getByRole("main").getByRole("link", { name: "Sign in", exact: true });
      await (touch ? signIn.tap() : signIn.click());
      await page.waitForURL((u) => u.pathname === "/login" && u.searchParams.get("returnTo") === asked);
      await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(PASSWORD);
      await tap("Sign In");

      // The page asks for the profile first, then the student lands where the mail's link pointed.
      await page.waitForURL((u) => u.pathname === "/p" && u.searchParams.get("returnTo") === asked, { timeout: 15_000 });
      await page.getByRole("heading", { name: "Profile Details" }).waitFor();
      await fillProfileForm(page, tap);
      await expect.poll(() => `${new URL(page.url()).pathname}${new URL(page.url()).search}`, { timeout: 15_000 }).toBe(asked);
      await page.getByRole("heading", { name: "Chats", exact: true }).waitFor();
      await page.context().close();
    }, 120_000);
  }

  it("a signed-out student opening a saved search's alert mail signs in and lands on that search (375 px)", async () => {
    const watcher = await registerStudent("Watcher");
    await fillProfile(watcher, techProfile("Female", "Chess", `Kite${tag}`));
    await gql(
      "mutation ($settings: [NotificationMailSettingInput!]!) { updateNotificationMailSettings(settings: $settings) { kind } }",
      { settings: [{ kind: "SAVED_SEARCH", mode: "INSTANT" }] },
      watcher.token,
    );
    const name = `Kite teachers ${tag}`;
    await gql(
      "mutation ($input: SavedSearchInput!) { saveSearch(input: $input) { id } }",
      { input: { name, query: "", field: "NAME", filters: { skill: `Kite${tag}` }, alertsOn: true } },
      watcher.token,
    );
    // A teacher of the skill joins after the search was saved; the hourly alert check finds them.
    const flyer = await registerStudent(`Flyer ${tag}`);
    await fillProfile(flyer, { gender: "Male", skillsKnown: [skill(`Kite${tag}`)], skillsRequired: [skill("Chess")] });
    try {
      await advanceServerClock(61 * 60 * 1000);
      expect(await runServerJobs()).toContain("saved-search-alerts");
    } finally {
      await resetServerClock();
    }
    const mail = await newestMailTo(watcher.email, 0, (m) => m.text.includes("/dashboard?saved="));
    const link = new URL(/https?:\/\/\S+\/dashboard\?saved=\S+/.exec(mail.text)![0]);
    const asked = `${link.pathname}${link.search}`;

    // Opened on a phone with nothing stored: Create Account first, its sign-in link, then the search itself.
    const page = await newPage(browser, withServiceWorker(TOUCH_PHONE));
    const tap = press(page, true);
    await page.goto(asked);
    await page.waitForURL((u) => u.pathname === "/register" && u.searchParams.get("returnTo") === asked);
    await tap("Already have an account? Sign in", "link");
    await page.waitForURL((u) => u.pathname === "/login" && u.searchParams.get("returnTo") === asked);
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    await page.getByLabel("Email").fill(watcher.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await tap("Sign In");
    // The search opens: its filter in the address and the field, the teacher in the feed, the search marked current;
    // the mail's parameter is used up, so a reload or Back does not open it again over what the student did next.
    await page.waitForURL((u) => u.searchParams.get("skill") === `Kite${tag}`, { timeout: 15_000 });
    expect(new URL(page.url()).searchParams.get("saved")).toBeNull();
    await expect.poll(() => page.getByLabel("Skill they teach").inputValue()).toBe(`Kite${tag}`);
    expect(await page.getByRole("button", { name, exact: true }).getAttribute("aria-current")).toBe("true");
    await page
      .getByRole("main")
      .getByRole("link", { name: `View Profile of ${flyer.name}` })
      .waitFor({ timeout: 30_000 });
    // A finger at the end of the feed goes on scrolling the page (the box is most of the screen).
    expect(await page.getByTestId("feed-scroll").evaluate((e) => getComputedStyle(e).overscrollBehaviorY)).toBe("auto");
    await shot(page, "saved-search-mail-375");
    await page.context().close();
  }, 120_000);

  it("ignores a returnTo that leaves the site (375 px)", async () => {
    const student = await registerStudent("Careful");
    await fillProfile(student, techProfile("Male", "Chess", "Go"));
    for (const evil of ["//evil.example/x", "https://evil.example/x", "/\\evil.example"]) {
      const page = await newPage(browser, withServiceWorker(TOUCH_PHONE));
      await page.goto(`/register?${new URLSearchParams({ returnTo: evil })}`);
      const signIn = page.getByRole("link", { name: "Already have an account? Sign in" });
      expect(await signIn.getAttribute("href")).toBe("/login");
      await page.goto(`/login?${new URLSearchParams({ returnTo: evil })}`);
      await page.getByLabel("Email").fill(student.email);
      await page.getByLabel("Password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).tap();
      await page.waitForURL((u) => u.pathname.startsWith("/dashboard"));
      expect(new URL(page.url()).origin).toBe(new URL(baseURL()).origin);
      await page.context().close();
    }
  }, 120_000);
});
