import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, DESKTOP, launch, newPage, PHONE, TOUCH_PHONE } from "./support/browser.js";
import { fillProfile, PASSWORD, registerStudent, signedInPage, techProfile } from "./support/students.js";
import { FILTER_LABELS } from "../../common/discovery.js";

/** Holds the app's entry script back (the page shows only its HTML) until the returned function is called. */
async function holdAppEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/app-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

describe("app shell in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("serves /healthz and the landing page with a Get Started link", async () => {
    expect((await fetch(`${baseURL()}/healthz`)).status).toBe(200);
    const page = await newPage(browser);
    await page.goto("/");
    await expect(
      page
        .getByRole("link", { name: /get started/i })
        .first()
        .getAttribute("href"),
    ).resolves.toBe("/dashboard");
    await page.context().close();
  });

  it("renders the landing page and sign-in without loading Apollo Client; signing in loads it and works", async () => {
    const student = await registerStudent("Shell");
    const page = await newPage(browser, PHONE);
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(new URL(r.url()).pathname);
    });
    // Apollo Client's own chunk and our client setup's (vite.config.ts names both).
    const apollo = () => scripts.filter((s) => /\/apollo-(client-)?[\w-]{8}\.js$/.test(s));
    await page.goto("/");
    await page
      .getByRole("link", { name: /get started/i })
      .first()
      .waitFor();
    await page.goto("/login");
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(apollo()).toEqual([]);
    await page.getByLabel("Email").fill(student.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/dashboard"));
    expect(apollo().length).toBeGreaterThan(0);
    await page.context().close();
  });

  it("sends the static pages prerendered and hydrates them: the markup on screen before the JavaScript is kept and works", async () => {
    for (const [path, text] of [
      ["/", "Hi there!"],
      ["/about", "About"],
      ["/login", "Welcome Back"],
    ]) {
      const html = await (await fetch(`${baseURL()}${path}`, { headers: { accept: "text/html" } })).text();
      expect(html.indexOf('<div id="root" data-prerendered>'), path).toBeGreaterThan(0);
      expect(html.slice(html.indexOf('<div id="root" data-prerendered>')), path).toContain(text);
    }
    // A query string can change what the page shows: that page is rendered in the browser (over the
    // loading screen the HTML shows meanwhile).
    const expired = await (await fetch(`${baseURL()}/login?expired=1`, { headers: { accept: "text/html" } })).text();
    expect(expired).not.toContain("data-prerendered");
    expect(expired.slice(expired.indexOf('<div id="root">'))).toContain("Loading...");

    const student = await registerStudent("Prerendered");
    const page = await newPage(browser, PHONE);
    const problems: string[] = [];
    page.on("console", (m) => void (m.type() === "error" && problems.push(m.text())));
    page.on("pageerror", (e) => problems.push(e.message));
    // The app's entry is held back: the page is only its prerendered HTML meanwhile.
    const release = await holdAppEntry(page);
    await page.goto("/login", { waitUntil: "commit" });
    const heading = page.getByRole("heading", { name: "Welcome Back" });
    await heading.waitFor();
    // A property, not an attribute (React would rightly report an attribute it did not render).
    await heading.evaluate((el) => Object.assign(el, { prerendered: "yes" }));
    // Its buttons wait for the JavaScript (a click would be lost, or submit the form natively with
    // the password in the address); what the student types meanwhile is kept.
    const signIn = page.getByRole("button", { name: "Sign In" });
    expect(await signIn.isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Forgot Password?" }).isDisabled()).toBe(true);
    await page.getByLabel("Email").fill(student.email);
    release();
    await page.waitForLoadState("networkidle");
    // Hydrated, not replaced: the same element, now handling the form.
    expect(await heading.evaluate((el) => (el as HTMLElement & { prerendered?: string }).prerendered)).toBe("yes");
    await page.getByLabel("Password").fill(PASSWORD);
    await signIn.click();
    await page.waitForURL((u) => u.pathname.startsWith("/dashboard"));
    // Signed in now: the prerendered (signed-out) markup hydrates, then shows the signed-in navigation.
    for (const path of ["/", "/about"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("sends a signed-in student's dashboard rendered with their data; the browser hydrates it (kept, working, no errors) at 375 and 1280 px", async () => {
    const student = await registerStudent("Rendered");
    await fillProfile(student, techProfile("Female", "Go", "Kotlin"));
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await signedInPage(browser, student, viewport);
      const problems: string[] = [];
      page.on("console", (m) => void (m.type() === "error" && problems.push(m.text())));
      page.on("pageerror", (e) => problems.push(e.message));
      // The first visit is rendered in the browser; the app then keeps the page cookie, a copy of
      // the token sent with /dashboard pages only.
      await page.goto(`/dashboard/${student.id}`);
      const heading = page.getByRole("heading", { name: `Welcome, ${student.name}` });
      await heading.waitFor();
      const cookie = (await page.context().cookies()).find((c) => c.name === "page_token");
      expect(cookie).toMatchObject({ value: student.token, path: "/dashboard", sameSite: "Lax" });

      // The next visit's HTML is the page: its JavaScript is held back meanwhile.
      const release = await holdAppEntry(page);
      await page.goto(`/dashboard/${student.id}`, { waitUntil: "commit" });
      await heading.waitFor();
      await page.getByRole("heading", { name: "Your feed" }).waitFor();
      expect(await page.getByText("Loading...").count()).toBe(0);
      await heading.evaluate((el) => Object.assign(el, { rendered: "yes" }));
      // What the student types meanwhile is kept; the search waits for the JavaScript.
      const search = page.getByRole("searchbox", { name: "Search" });
      await search.fill("Kotlin");
      expect(await page.getByRole("button", { name: "Search", exact: true }).isDisabled()).toBe(true);
      // The filters' fields too: a value picked before the JavaScript would not be in the form's state.
      expect(await page.getByLabel(FILTER_LABELS.skill).isDisabled()).toBe(true);
      release();
      await page.waitForLoadState("networkidle");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get("q") === "Kotlin");
      expect(await search.inputValue()).toBe("Kotlin");
      expect(await page.getByLabel(FILTER_LABELS.skill).isDisabled()).toBe(false);
      // Hydrated, not replaced: the same element, and the page responds (the filters open and close;
      // wide screens start with them open).
      expect(await heading.evaluate((el) => (el as HTMLElement & { rendered?: string }).rendered)).toBe("yes");
      const filters = page.getByRole("button", { name: /filters/i }).first();
      const open = viewport === DESKTOP;
      expect(await filters.getAttribute("aria-expanded")).toBe(String(open));
      await filters.click();
      expect(await filters.getAttribute("aria-expanded")).toBe(String(!open));
      expect(await page.getByRole("form", { name: "Filters" }).isVisible()).toBe(!open);
      expect(problems).toEqual([]);
      // after-paint.js appended a preload for each chunk the server named (the entry, its imports, the route's
      // chunks), first and in that order, so Vite's preload helper appended none of them again as the route loaded.
      const preloads = await page.evaluate(() => ({
        named: document.querySelector("script[data-entry]")?.getAttribute("data-preload")?.split(" ") ?? [],
        linked: [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute("href")),
      }));
      expect(preloads.named.some((href) => /\/dashboard-[\w-]+\.js$/.test(href))).toBe(true);
      expect(preloads.linked.slice(0, preloads.named.length)).toEqual(preloads.named);
      expect(new Set(preloads.linked).size).toBe(preloads.linked.length);

      // Signing out (which ends the token: the last viewport) takes the cookie away with it.
      if (viewport === DESKTOP) {
        await page.goto("/logout");
        await page.waitForURL((u) => u.pathname === "/");
        expect((await page.context().cookies()).some((c) => c.name === "page_token")).toBe(false);
      }
      await page.context().close();
    }
  });

  it("renders a dashboard afresh when the page was rendered for a session this browser no longer has", async () => {
    const student = await registerStudent("Cleared");
    await fillProfile(student, techProfile("Male", "Go", "Kotlin"));
    const page = await newPage(browser, PHONE);
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    // The site's storage was cleared but not its cookies: the server renders the page for the
    // cookie's student, and the browser, signed out, sends the visitor to Create Account instead
    // of showing someone's dashboard, and drops the cookie.
    const html = await (
      await fetch(`${baseURL()}/dashboard/${student.id}`, { headers: { accept: "text/html", cookie: `page_token=${student.token}` } })
    ).text();
    expect(html).toContain(`${student.name}</span></h1>`);
    const domain = new URL(baseURL()).hostname;
    await page.context().addCookies([{ name: "page_token", value: student.token, domain, path: "/dashboard", sameSite: "Lax" }]);
    await page.goto(`/dashboard/${student.id}`);
    await page.waitForURL((u) => u.pathname === "/register");
    await page.getByRole("heading", { name: "Create Account" }).waitFor();
    expect(await page.getByText(`Welcome, ${student.name}`).count()).toBe(0);
    expect((await page.context().cookies(`${baseURL()}/dashboard`)).some((c) => c.name === "page_token")).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("a page rendered in the browser shows the loading screen until its JavaScript ran, then only the page", async () => {
    const page = await newPage(browser, PHONE);
    const release = await holdAppEntry(page);
    await page.goto("/register", { waitUntil: "commit" });
    await page.getByRole("status").getByText("Loading...").waitFor();
    release();
    await page.getByRole("heading", { name: "Create Account" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.getByText("Loading...").count()).toBe(0);
    await page.context().close();
  });

  it("collapses the navigation into a burger menu at 375 px", async () => {
    const page = await newPage(browser, PHONE);
    await page.goto("/");
    const burger = page.getByRole("button", { name: /menu/i });
    expect(await burger.getAttribute("aria-expanded")).toBe("false");
    await burger.click();
    expect(await page.getByRole("button", { name: /menu/i }).getAttribute("aria-expanded")).toBe("true");
    await page.getByRole("link", { name: "About Us" }).click();
    await page.waitForURL("**/about");
    await page.getByRole("heading", { name: "Our Story" }).waitFor();
    await page.context().close();
  });

  it("reads the bar in the order it shows at 1280 px, and its account menu takes the keyboard's focus", async () => {
    const student = await registerStudent("Keyboard Bar");
    // With a profile: the chats page sends a student without one on to Profile Details, and that new page closed the
    // menu under the keyboard when it came after the menu had opened (a full suite's load).
    await fillProfile(student, techProfile("Male", "Go", "Rust"));
    const page = await signedInPage(browser, student, DESKTOP);
    await page.goto(`/user/chat`);
    await page.getByRole("heading", { name: "Chats", level: 1 }).waitFor();
    const bar = page.getByRole("navigation", { name: "Main" });
    await bar.getByRole("button", { name: "Open menu" }).waitFor();
    // What Tab meets in the bar runs left to right (the bell, chat and menu came before Home … Contact Us).
    const xs = await bar.evaluate((nav) =>
      [...nav.querySelectorAll<HTMLElement>("a[href], button")]
        .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
        .map((el) => el.getBoundingClientRect().x),
    );
    expect(xs.length).toBeGreaterThanOrEqual(8);
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
    // Enter on the menu button: the focus is on the account's first link; Tab goes on through its links; Escape back.
    await bar.getByRole("button", { name: "Open menu" }).focus();
    await page.keyboard.press("Enter");
    const name = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await expect.poll(name).toMatch(/^Notifications/);
    await page.keyboard.press("Tab");
    expect(await name()).toMatch(/^Chat/);
    await page.keyboard.press("Escape");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Open menu");
    // A link of the menu followed: the menu closes and the keyboard is on the new page's content.
    await page.keyboard.press("Enter");
    await expect.poll(name).toMatch(/^Notifications/);
    await page.keyboard.press("Enter");
    await page.waitForURL("**/notifications");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await page.context().close();
  });

  it("shows the 404 text for an unknown path", async () => {
    const page = await newPage(browser);
    await page.goto("/nowhere");
    await page.getByText("404 - Page Not Found").waitFor();
    await page.context().close();
  });

  it("loads the offline GraphQL sandbox and runs a query", async () => {
    const page = await newPage(browser);
    // Nothing may leave the machine: every request must go to our own origin.
    const foreign: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(baseURL()) && !r.url().startsWith("data:") && !r.url().startsWith("blob:")) foreign.push(r.url());
    });
    await page.goto("/sandbox");
    await page.locator(".graphiql-container").waitFor();
    const editor = page.locator(".graphiql-query-editor .CodeMirror").first();
    await editor.click();
    await page.keyboard.press("Control+A");
    await page.keyboard.type("{ health { status database } }");
    await page.getByRole("button", { name: /execute query/i }).click();
    await page.locator(".graphiql-response").getByText('"database": "up"').waitFor();
    expect(foreign).toEqual([]);
    await page.context().close();
  });

  it("stacks the sandbox's query over its answer on a phone, both readable", async () => {
    const page = await newPage(browser, TOUCH_PHONE);
    await page.goto("/sandbox");
    // The welcome tab's query is in its editor (GraphiQL has read its tabs) before Run is tapped.
    await page.locator(".graphiql-query-editor .CodeMirror").first().getByText("database").first().waitFor();
    await page
      .getByRole("button", { name: /execute query/i })
      .first()
      .tap();
    const response = page.locator(".graphiql-response");
    await response.getByText('"health"').waitFor();
    // Side by side, the answer was a 37 px column, one character a line.
    const answer = (await response.boundingBox())!;
    const query = (await page.locator(".graphiql-query-editor").boundingBox())!;
    expect(answer.width).toBeGreaterThan(250);
    expect(answer.y).toBeGreaterThanOrEqual(query.y + query.height);
    expect(answer.y + answer.height).toBeLessThanOrEqual(TOUCH_PHONE.height + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The way back to the app: the logo's mark, a finger's size, named for screen readers.
    const home = page.getByRole("link", { name: "Skill Exchange GraphQL" });
    const box = (await home.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(44);
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(await home.getAttribute("href")).toBe("/");
    await page.context().close();
  });
});
