import { mkdirSync, mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETED_STUDENT_NAME, PRIVACY_MESSAGES } from "../../common/accounts.js";
import { gql, launch, PHONE } from "./support/browser.js";
import { fillProfile, PASSWORD, registerStudent, signedInPage, skill, type Student } from "./support/students.js";

const SHOTS = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), "skill-exchange-e2e", "privacy");
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`), fullPage: true });
}

/** `a` asks `b` for a swap and `b` accepts: their chat opens. */
async function swap(a: Student, b: Student) {
  const { requestSwap } = await gql<{ requestSwap: { id: string } }>(
    "mutation ($input: RequestSwapInput!) { requestSwap(input: $input) { id } }",
    { input: { receiverId: b.id, preachSkill: skill("Elm"), learnSkill: skill("Haskell") } },
    a.token,
  );
  await gql("mutation ($id: ID!) { acceptRequest(id: $id) { id } }", { id: requestSwap.id }, b.token);
}

describe("export and deletion in Chromium", () => {
  let browser: Browser;
  let asha: Student;
  let ravi: Student;
  beforeAll(async () => {
    browser = await launch();
    asha = await registerStudent("Privacy Asha");
    ravi = await registerStudent("Privacy Ravi");
    await fillProfile(asha, { gender: "Female", skillsKnown: [skill("Elm")], skillsRequired: [skill("Haskell")] });
    await fillProfile(ravi, { gender: "Male", skillsKnown: [skill("Haskell")], skillsRequired: [skill("Elm")] });
    await swap(asha, ravi);
    await gql(
      "mutation ($c: ID!, $b: String!) { sendMessage(chatWith: $c, body: $b) { id } }",
      { c: asha.id, b: "Monads on Tuesday?" },
      ravi.token,
    );
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("downloads my data as JSON from my profile page", async () => {
    const page = await signedInPage(browser, ravi);
    await page.goto(`/user/${ravi.id}/${ravi.id}/Male`);
    const panel = page.getByRole("region", { name: "Your data" });
    await panel.waitFor();
    await shoot(page, "profile-own");
    const [file] = await Promise.all([page.waitForEvent("download"), panel.getByRole("button", { name: "Download my data" }).click()]);
    expect(file.suggestedFilename()).toBe(`skill-exchange-${ravi.id}.json`);
    // A copy here: the browser is the run's shared Chromium (support/browser.ts), whose own file is not on this side.
    const saved = path.join(mkdtempSync(path.join(os.tmpdir(), "sx-download-")), file.suggestedFilename());
    await file.saveAs(saved);
    const data = JSON.parse(readFileSync(saved, "utf8"));
    expect(data.account).toMatchObject({ id: ravi.id, email: ravi.email });
    expect(data.chats[0].messages[0]).toMatchObject({ body: "Monads on Tuesday?", fromMe: true });
    await page.context().close();
  });

  it("deletes my account after my password; my partner sees 'Deleted student' and a closed chat; the address registers again", async () => {
    const page = await signedInPage(browser, ravi, PHONE);
    await page.goto(`/user/${ravi.id}/${ravi.id}/Male`);
    await shoot(page, "profile-own");
    await page.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete your account?" });
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByRole("alert").filter({ hasText: PRIVACY_MESSAGES.passwordRequired }).waitFor();
    await dialog.getByLabel("Your password").fill("not my password");
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await dialog.getByRole("alert").filter({ hasText: PRIVACY_MESSAGES.wrongPassword }).waitFor();
    await shoot(page, "delete-dialog");
    await dialog.getByLabel("Your password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete my account" }).click();
    await page.waitForURL("**/account-deleted");
    await page.getByText(PRIVACY_MESSAGES.deleted).waitFor();
    await shoot(page, "account-deleted");
    expect(await page.evaluate(() => localStorage.getItem("jwt"))).toBeNull();
    await page.context().close();

    const partner = await signedInPage(browser, asha);
    await partner.goto(`/user/chat/${ravi.id}`);
    await partner.getByText(DELETED_STUDENT_NAME).first().waitFor();
    await partner.getByText("This chat is closed: the other student's account is no longer active.").waitFor();
    await partner.getByText("Monads on Tuesday?").waitFor();
    await shoot(partner, "chat-with-deleted");
    await partner.context().close();

    const again = await gql<{ register: { userId: string } }>("mutation ($input: RegisterInput!) { register(input: $input) { userId } }", {
      input: { name: ravi.name, email: ravi.email, password: PASSWORD },
    });
    expect(again.register.userId).not.toBe(ravi.id);
  });

  it("shows the deletion page at desktop width", async () => {
    const page = await signedInPage(browser, asha);
    await page.goto("/account-deleted");
    await page.getByText(PRIVACY_MESSAGES.deleted).waitFor();
    await shoot(page, "account-deleted");
    await page.goto(`/user/${asha.id}/${asha.id}/Female`);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await page.getByRole("alertdialog", { name: "Delete your account?" }).waitFor();
    await shoot(page, "delete-dialog");
    await page.context().close();
  });
});
