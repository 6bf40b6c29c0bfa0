import { randomInt } from "node:crypto";
import { mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VERIFY_MESSAGES } from "../../common/accounts.js";
import { gql, launch, newPage, PHONE } from "./support/browser.js";
import { verificationLinkFor, verificationMailCount } from "./support/mail.js";
import { fillProfile, PASSWORD, registerStudent, skill } from "./support/students.js";

const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), "skill-exchange-e2e", "verification");
const digits = (n: number) => String(randomInt(10 ** n)).padStart(n, "0");
const studentEmail = () => `${digits(2)}${String.fromCharCode(97 + randomInt(26))}${digits(3)}@psgtech.ac.in`;

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

describe("verified college mail in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("registers, is told plainly what waits for the link, resends it, opens it and is listed", async () => {
    const partner = await registerStudent("Verified Partner");
    await fillProfile(partner, {
      gender: "Female",
      skillsKnown: [skill("Kotlin")],
      skillsRequired: [skill("Pottery", "Hobbies & Crafts")],
    });
    const me = { name: `Verify ${digits(4)}`, email: studentEmail() };

    const page = await newPage(browser);
    await page.goto("/register");
    await page.getByLabel("Username").fill(me.name);
    await page.getByLabel("PSG Tech Email").fill(me.email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/p");
    const notice = page.getByRole("region", { name: "Verify your college mail" });
    await notice.getByText(me.email).waitFor();
    await notice.getByText("other students cannot find you").waitFor();
    await shoot(page, "profile-unverified");
    const firstLink = await verificationLinkFor(me.email);

    await notice.getByRole("button", { name: "Resend the mail" }).click();
    await notice.getByRole("status").filter({ hasText: VERIFY_MESSAGES.resent }).waitFor();
    const link = await verificationLinkFor(me.email, 1);
    expect(link).not.toBe(firstLink);
    expect(verificationMailCount(me.email)).toBe(2);

    // The profile can be filled meanwhile; asking someone for a swap cannot happen yet.
    const token = (await page.evaluate(() => localStorage.getItem("jwt")))!;
    const { viewerId } = await gql<{ viewerId: string }>("{ viewerId }", {}, token);
    await fillProfile(
      { token },
      { gender: "Male", skillsKnown: [skill("Pottery", "Hobbies & Crafts")], skillsRequired: [skill("Kotlin")] },
    );
    await page.goto(`/user/${partner.id}/${viewerId}/Male`);
    await page.getByText(VERIFY_MESSAGES.notVerified).waitFor();
    await page.goto(`/dashboard/${viewerId}`);
    await page.getByRole("region", { name: "Verify your college mail" }).waitFor();
    await shoot(page, "dashboard-unverified");

    // The partner does not find the unverified student.
    const search = `query ($q: String!) { searchUsers(query: $q, filter: NAME) { edges { node { id } } } }`;
    expect((await gql<any>(search, { q: me.name }, partner.token)).searchUsers.edges).toEqual([]);

    await page.goto(new URL(link).pathname);
    await page.getByText(VERIFY_MESSAGES.verified).waitFor();
    await shoot(page, "verify-email-done");
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await page.waitForURL(/\/dashboard\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { name: `Welcome, ${me.name}` }).waitFor();
    expect(await page.getByRole("region", { name: "Verify your college mail" }).count()).toBe(0);
    expect((await gql<any>(search, { q: me.name }, partner.token)).searchUsers.edges).toEqual([{ node: { id: viewerId } }]);

    // The first link was replaced: it now only says the address is verified; a made-up one fails.
    await page.goto("/verify-email/not-a-real-link");
    await page.getByRole("alert").filter({ hasText: VERIFY_MESSAGES.linkInvalid }).waitFor();
    await page.context().close();
  });

  it("shows a used-up link plainly on a phone, with a way to ask for a new one", async () => {
    const s = await registerStudent("Phone Verify", { verified: false });
    const page = await newPage(browser, PHONE);
    await page.goto("/about");
    await page.evaluate((t) => localStorage.setItem("jwt", t), s.token);
    await page.goto("/verify-email/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    await page.getByRole("alert").filter({ hasText: VERIFY_MESSAGES.linkInvalid }).waitFor();
    await page.getByRole("button", { name: "Resend the mail" }).waitFor();
    await shoot(page, "verify-email-invalid");
    await page.goto("/p");
    await page.getByRole("region", { name: "Verify your college mail" }).waitFor();
    await shoot(page, "profile-unverified");
    const link = await verificationLinkFor(s.email);
    await page.goto(new URL(link).pathname);
    await page.getByText(VERIFY_MESSAGES.verified).waitFor();
    await shoot(page, "verify-email-done");
    await page.context().close();
  });
});
