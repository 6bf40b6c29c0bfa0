import { randomInt } from "node:crypto";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMails, resetLinkIn } from "../../graph/test/outbox.js";
import { newestMailTo } from "./support/mail.js";
import { baseURL, dataDir, gql, launch, newPage, TOUCH_PHONE } from "./support/browser.js";

const digits = (n: number) => String(randomInt(10 ** n)).padStart(n, "0");
const studentEmail = () => `${digits(2)}${String.fromCharCode(97 + randomInt(26))}${digits(3)}@psgtech.ac.in`;

/** The text of the visible role="alert" regions. */
async function alerts(page: Page): Promise<string[]> {
  return page.getByRole("alert").allInnerTexts();
}

async function waitForAlert(page: Page, text: string) {
  await page.getByRole("alert").filter({ hasText: text }).first().waitFor();
}

async function viewerStatus(token: string): Promise<string> {
  const r = await fetch(`${baseURL()}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ query: "{ viewerId }" }),
  });
  const body = (await r.json()) as { data?: { viewerId: string }; errors?: Array<{ extensions?: { code?: string } }> };
  return body.data?.viewerId ? "ok" : (body.errors?.[0]?.extensions?.code ?? "?");
}

describe("accounts in Chromium", () => {
  let browser: Browser;
  const student = { name: `E2E Student ${digits(4)}`, email: studentEmail(), password: "first password 1" };

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("checks the email before any request, then registers a valid student and lands on /p", async () => {
    const page = await newPage(browser);
    const graphqlCalls: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/graphql") && r.method() === "POST") graphqlCalls.push(r.postData() ?? "");
    });
    await page.goto("/register");
    await page.getByRole("heading", { name: "Create Account" }).waitFor();
    await page.getByText("8 to 128 characters.").waitFor();

    await page.getByLabel("Username").fill(student.name);
    await page.getByLabel("PSG Tech Email").fill("22z212@psgtech.ac.in.evil.com");
    await page.getByLabel("Password").fill(student.password);
    await page.getByRole("button", { name: "Create Account" }).click();
    await waitForAlert(page, "Invalid email format. Please enter a valid PSG Tech email address.");
    expect(graphqlCalls.filter((c) => c.includes("Register"))).toHaveLength(0);

    await page.getByLabel("PSG Tech Email").fill(student.email.toUpperCase());
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((url) => url.pathname === "/p");
    expect(new URL(page.url()).pathname).toBe("/p");
    const token = await page.evaluate(() => localStorage.getItem("jwt"));
    expect(token).toBeTruthy();
    expect(await viewerStatus(token!)).toBe("ok");

    // the same name again (any case) is refused with the spec's text
    const again = await newPage(browser);
    await again.goto("/register");
    await again.getByLabel("Username").fill(student.name.toUpperCase());
    await again.getByLabel("PSG Tech Email").fill(studentEmail());
    await again.getByLabel("Password").fill("another password");
    await again.getByRole("button", { name: "Create Account" }).click();
    await waitForAlert(again, "Username already exists");
    await again.context().close();

    // log out: server revokes, client forgets, then the landing page
    await page.goto("/logout");
    await waitForAlert(page, "Logged Out Successfully");
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeNull();
    expect(await viewerStatus(token!)).toBe("UNAUTHENTICATED");
    await page.context().close();
  });

  it("shows 'Wrong email or password' and signs in with the keyboard alone", async () => {
    const page = await newPage(browser);
    await page.goto("/login");
    await page.getByRole("heading", { name: "Welcome Back" }).waitFor();
    await page.getByLabel("Email").fill(student.email);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await waitForAlert(page, "Wrong email or password");
    expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeNull();

    // keyboard only: focus the email field, type, Tab, type, Enter
    await page.getByLabel("Email").focus();
    await page.keyboard.press("Control+A");
    await page.keyboard.type(student.email);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Control+A");
    await page.keyboard.type(student.password);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname.startsWith("/dashboard"));
    expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeTruthy();
    // The keyboard is on the new page's content (the sign-in form went with its focus): not lost on the body. This
    // student has no profile yet, so the dashboard sends them on to Profile Details: Tab once that page is there
    // (while the dashboard still loads, main holds nothing to focus and Tab goes on to the footer).
    await page.waitForURL((url) => url.pathname === "/p");
    await page.getByRole("heading", { name: "Profile Details", level: 1 }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("main");
    await page.keyboard.press("Tab");
    // Into the page (or the welcome reward's dialog, when it has opened by then), not back to the bar.
    expect(await page.evaluate(() => document.activeElement?.closest("main, dialog") !== null)).toBe(true);
    await page.context().close();
  });

  it("says why Sign In waits while the prerendered page's code is on the way, and not once it has run", async () => {
    const page = await newPage(browser, TOUCH_PHONE);
    let held: Array<() => Promise<void>> | null = [];
    // The page's modules held back (a slow network): its prerendered form is there, its buttons wait.
    await page.route(/\.js$/, (route) => (held ? void held.push(() => route.continue()) : route.continue()));
    await page.goto("/login", { waitUntil: "commit" });
    const waiting = page.getByText("Getting the page ready...");
    await waiting.waitFor();
    expect(await page.getByRole("button", { name: "Sign In" }).isDisabled()).toBe(true);
    // It shows after a moment, so a fast load never flashes it.
    await expect.poll(() => waiting.evaluate((el) => getComputedStyle(el).opacity)).toBe("1");
    const modules = held;
    held = null;
    await Promise.all(modules.map((go) => go()));
    await waiting.waitFor({ state: "detached" });
    expect(await page.getByRole("button", { name: "Sign In" }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it("resets a forgotten password from the mailed link; the link works once and old tokens are refused", async () => {
    const { login } = await gql<{ login: { token: string } }>(`mutation ($input: LoginInput!) { login(input: $input) { token } }`, {
      input: { email: student.email, password: student.password },
    });
    const oldToken = login.token;
    expect(await viewerStatus(oldToken)).toBe("ok");
    const mailsBefore = outboxMails(dataDir()).filter((m) => m.headers.to?.includes(student.email) && resetLinkIn(m)).length;

    const page = await newPage(browser);
    await page.goto("/login");
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    await waitForAlert(page, "Please enter the email and click the forget password.");
    await page.getByLabel("Email").fill(student.email);
    await page.getByRole("button", { name: "Forgot Password?" }).click();
    await waitForAlert(page, "If an account exists for that email");

    const link = resetLinkIn(await newestMailTo(student.email, mailsBefore, (m) => resetLinkIn(m) !== null));
    expect(link).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
    await page.goto(link!);
    await page.getByRole("heading", { name: "Reset Your Password" }).waitFor();
    await page.getByRole("button", { name: "Update Password" }).click();
    await waitForAlert(page, "Please enter a new password.");
    await page.getByLabel("New Password").fill("second password 2");
    await page.getByRole("button", { name: "Update Password" }).click();
    await waitForAlert(page, "Password Updated");
    await page.waitForURL((url) => url.pathname === "/login");
    // The sign-in page says it too: the reset page's own alert shows only until it leads here.
    await waitForAlert(page, "Password Updated. Sign in with your new password.");

    expect(await viewerStatus(oldToken)).toBe("UNAUTHENTICATED");

    await page.getByLabel("Email").fill(student.email);
    await page.getByLabel("Password").fill("second password 2");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/dashboard"));
    const newToken = await page.evaluate(() => localStorage.getItem("jwt"));
    expect(await viewerStatus(newToken!)).toBe("ok");

    // the link is spent
    await page.goto(link!);
    await waitForAlert(page, "You are not able to reset your password");
    expect(await page.getByLabel("New Password").count()).toBe(0);
    await page.context().close();
  });

  it("sends a contact message, clearing the form, and asks for every field", async () => {
    const page = await newPage(browser);
    await page.goto("/contact");
    await page.getByRole("heading", { name: "Get in Touch" }).waitFor();
    await page.getByRole("button", { name: "Send Message" }).click();
    await waitForAlert(page, "All fields are required.");

    await page.getByRole("textbox", { name: "Name" }).fill("E2E Visitor");
    await page.getByRole("textbox", { name: "Email" }).fill("visitor@example.com");
    await page.getByRole("textbox", { name: "Message" }).fill("Hello from the browser test");
    await page.getByRole("button", { name: "Send Message" }).click();
    // A status in the feedback bar at the bottom of the screen (the form's top is far above Send on a phone).
    await page.getByTestId("action-feedback").getByRole("status").filter({ hasText: "Message sent successfully!" }).waitFor();
    expect(await page.getByRole("textbox", { name: "Name" }).inputValue()).toBe("");
    expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe("");
    expect(await page.getByRole("textbox", { name: "Message" }).inputValue()).toBe("");
    expect((await alerts(page)).join(" ")).not.toContain("Failed");
    await newestMailTo("team@skill-exchange.local", 0).then((m) => expect(m.text).toContain("Hello from the browser test"));
    await page.context().close();
  });
});
