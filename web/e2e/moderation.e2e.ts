import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, gql, launch, newPage, PHONE } from "./support/browser.js";
import { fillProfile, operatorStudent, PASSWORD, registerStudent, signedInPage, skill, type Student } from "./support/students.js";

const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), "skill-exchange-e2e", "moderation");
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

/** `a` asks `b` for a swap, `b` accepts: their chat opens. */
async function chatBetween(a: Student, b: Student) {
  const { requestSwap } = await gql<{ requestSwap: { id: string } }>(
    "mutation ($input: RequestSwapInput!) { requestSwap(input: $input) { id } }",
    { input: { receiverId: b.id, preachSkill: skill("Go"), learnSkill: skill("Rust") } },
    a.token,
  );
  await gql("mutation ($id: ID!) { acceptRequest(id: $id) { id } }", { id: requestSwap.id }, b.token);
}
const report = (from: Student, about: Student, reason: "SWAPPED_BY_MISTAKE" | "SPAM_OR_SCAM" | "HARASSMENT") =>
  gql("mutation ($c: ID!, $r: ReportReason!) { reportChat(chatWith: $c, reason: $r) { id } }", { c: about.id, r: reason }, from.token);

describe("moderation console in Chromium", () => {
  let browser: Browser;
  let op: Student;
  let ravi: Student;
  let esha: Student;
  let asha: Student;
  beforeAll(async () => {
    browser = await launch();
    op = await operatorStudent();
    const [a, c, d, r, e] = await Promise.all(["Asha", "Chitra", "Dev", "Ravi", "Esha"].map((n) => registerStudent(`Mod ${n}`)));
    [asha, ravi, esha] = [a, r, e];
    const learner = { gender: "Female" as const, skillsKnown: [skill("Go")], skillsRequired: [skill("Rust")] };
    const teacher = { gender: "Male" as const, skillsKnown: [skill("Rust")], skillsRequired: [skill("Go")] };
    await Promise.all([
      fillProfile(op, learner),
      fillProfile(a, learner),
      fillProfile(c, learner),
      fillProfile(d, learner),
      fillProfile(r, teacher),
      fillProfile(e, teacher),
    ]);
    await gql(
      "mutation ($input: CreateImplementPostInput!) { createImplementPost(input: $input) { id } }",
      { input: { title: "Exam answers for sale", description: "DM me" } },
      r.token,
    );
    await chatBetween(a, r);
    await chatBetween(c, r);
    await chatBetween(d, e);
    await gql(
      "mutation ($c: ID!, $b: String!) { sendMessage(chatWith: $c, body: $b) { id } }",
      { c: a.id, b: "Pay me outside the app, it is cheaper" },
      r.token,
    );
    await report(d, e, "SWAPPED_BY_MISTAKE");
    await report(a, r, "SPAM_OR_SCAM");
    await report(c, r, "HARASSMENT");
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("refuses everyone but operators: the server answers 403 and the page says so", async () => {
    const rest = await fetch(`${baseURL()}/api/moderation/reports`, { headers: { authorization: `Bearer ${asha.token}` } });
    expect(rest.status).toBe(403);
    const page = await signedInPage(browser, asha);
    await page.goto(`/dashboard/${asha.id}`);
    await page.getByRole("heading", { name: /^Welcome/ }).waitFor();
    expect(await page.getByRole("link", { name: "Moderation" }).count()).toBe(0);
    await page.goto("/moderation");
    await page.getByRole("heading", { name: "403 - Operators only" }).waitFor();
    await page.getByText("Only Skill Exchange operators can open the moderation console.").waitFor();
    await shoot(page, "forbidden");
    await page.context().close();
  });

  it("an operator reads the queue (repeat offender first, evidence, ledger state), dismisses, warns and suspends; the audit log keeps it all", async () => {
    const page = await signedInPage(browser, op);
    await page.goto(`/dashboard/${op.id}`);
    await page.getByRole("link", { name: "Moderation" }).first().click();
    await page.waitForURL("**/moderation");
    await page.getByRole("heading", { name: "Moderation", level: 1 }).waitFor();
    const stat = (label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
    expect(Number(await stat("Open reports").innerText())).toBeGreaterThanOrEqual(3);

    const cards = page.getByRole("article");
    await cards.first().getByText("Reported by 2 partners").waitFor();
    expect(await cards.first().getAttribute("aria-label")).toBe(`Report about ${ravi.name}`);
    // Both of Ravi's reports lead the queue; Asha's chat holds the evidence.
    expect(await cards.nth(1).getAttribute("aria-label")).toBe(`Report about ${ravi.name}`);
    const fromAsha = cards.filter({ hasText: asha.name });
    // The chat's current status (suspended by the report) and since when.
    await fromAsha.getByText(/^swap · suspended since .+ · 1 messages · No coins involved \(swap\)$/).waitFor();
    await fromAsha.getByRole("button", { name: "Show messages" }).click();
    await fromAsha.getByText("Pay me outside the app, it is cheaper").waitFor();
    await shoot(page, "console");

    // Dismiss Esha's report; a reason is required.
    const eshaCard = page.getByRole("article", { name: `Report about ${esha.name}` });
    await eshaCard.getByRole("button", { name: "Dismiss" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Dismiss" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Please give a reason" }).waitFor();
    await dialog.getByLabel("Reason").fill("They asked by mistake; no harm done");
    await dialog.getByRole("button", { name: "Dismiss" }).click();
    await eshaCard.waitFor({ state: "detached" });

    // Warn, then suspend Ravi for 7 days (each acts on one of his reports).
    await cards.first().getByRole("button", { name: "Warn" }).click();
    await page.getByRole("dialog").getByLabel("Reason").fill("Keep payments inside Skill Exchange");
    await page.getByRole("dialog").getByRole("button", { name: "Send warning" }).click();
    await page.getByRole("dialog").waitFor({ state: "detached" });
    const raviCard = page.getByRole("article", { name: `Report about ${ravi.name}` });
    await raviCard.nth(1).waitFor({ state: "detached" }); // the warned report left the open queue
    await raviCard.getByRole("button", { name: "Suspend" }).click();
    const suspend = page.getByRole("dialog", { name: `Suspend ${ravi.name}` });
    await suspend.getByLabel("How long").selectOption("7");
    await suspend.getByLabel("Reason").fill("Repeated scam attempts");
    await shoot(page, "suspend-dialog");
    await suspend.getByRole("button", { name: "Suspend" }).click();
    await suspend.waitFor({ state: "detached" });
    await page.getByRole("article", { name: `Report about ${ravi.name}` }).waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Resolved" }).click();
    await page
      .getByRole("article", { name: `Report about ${ravi.name}` })
      .first()
      .getByText(/suspended until/)
      .waitFor();
    const audit = page.getByRole("table");
    await audit.getByRole("row", { name: new RegExp(`suspend \\(until .*${ravi.name}.*Repeated scam attempts`) }).waitFor();
    await audit.getByRole("row", { name: /warn.*Keep payments inside Skill Exchange/ }).waitFor();
    await audit.getByRole("row", { name: /dismiss.*They asked by mistake/ }).waitFor();
    await shoot(page, "console-resolved");

    // The warned-then-suspended student cannot sign in, and is told why.
    const login = await newPage(browser);
    await login.goto("/login");
    await login.getByLabel("Email").fill(ravi.email);
    await login.getByLabel("Password").fill(PASSWORD);
    await login.getByRole("button", { name: "Sign In" }).click();
    await login
      .getByRole("alert")
      .filter({ hasText: /This account is suspended until .*: Repeated scam attempts/ })
      .waitFor();
    await login.context().close();
    await page.context().close();
  });

  it("fits a phone", async () => {
    // An open report of a student with a post whose long title is on its Hide post button.
    const [seller, buyer] = await Promise.all(["Seller", "Buyer"].map((n) => registerStudent(`Mod ${n}`)));
    await Promise.all([
      fillProfile(seller, { gender: "Male", skillsKnown: [skill("Rust")], skillsRequired: [skill("Go")] }),
      fillProfile(buyer, { gender: "Female", skillsKnown: [skill("Go")], skillsRequired: [skill("Rust")] }),
    ]);
    await gql(
      "mutation ($input: CreateImplementPostInput!) { createImplementPost(input: $input) { id } }",
      { input: { title: "Exam answers for sale for every subject of this semester, cheap and fast", description: "DM me" } },
      seller.token,
    );
    await chatBetween(buyer, seller);
    await report(buyer, seller, "SPAM_OR_SCAM");
    const page = await signedInPage(browser, op, PHONE);
    await page.goto("/moderation");
    await page.getByRole("heading", { name: "Moderation", level: 1 }).waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    // The open queue, with a reported post's long title on its Hide post button.
    await page
      .getByRole("button", { name: /^Hide post/ })
      .first()
      .waitFor();
    await shoot(page, "console-open");
    expect(await overflow()).toBeLessThanOrEqual(0);
    // The Open / Resolved switch is a finger's size (it was 38 px).
    for (const name of ["Open", "Resolved"])
      expect((await page.getByRole("button", { name, exact: true }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await page.getByRole("button", { name: "Resolved" }).click();
    await page.getByRole("article").first().waitFor();
    await shoot(page, "console");
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
