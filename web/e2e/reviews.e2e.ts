import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceServerClock, DESKTOP, gql, launch, PHONE, resetServerClock } from "./support/browser.js";
import { chattingPair, operatorStudent, PASSWORD, signedInPage, type Student } from "./support/students.js";

const DAY = 24 * 60 * 60 * 1000;
const ASHA_TEXT = "Ravi taught me Rust ownership with small, patient examples every evening.";
const RAVI_TEXT = "Asha explained TypeScript generics clearly and always came prepared.";

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `reviews-${name}.png`), fullPage: true });
}

/** Tokens live 7 days and the clock moves 10: each student signs in again through the API. */
async function freshToken(s: Student) {
  const { login } = await gql<{ login: { token: string } }>("mutation ($i: LoginInput!) { login(input: $i) { token } }", {
    i: { email: s.email, password: PASSWORD },
  });
  s.token = login.token;
}

/** Rating and finishing are the chat suite's subject: here they are arranged through the API. */
async function rateAndFinish(me: Student, other: Student, stars: number) {
  await gql("mutation ($c: ID!, $s: Int!) { rateChatPartner(chatWith: $c, stars: $s) { id } }", { c: other.id, s: stars }, me.token);
  await gql("mutation ($c: ID!) { finishChat(chatWith: $c) { ended } }", { c: other.id }, me.token);
}

describe("written reviews in Chromium, two students", () => {
  let browser: Browser;
  let asha: Student;
  let ravi: Student;
  beforeAll(async () => {
    browser = await launch();
    ({ asha, ravi } = await chattingPair("TypeScript", "Rust"));
    await advanceServerClock(10 * DAY + 60_000);
    await freshToken(asha);
    await freshToken(ravi);
    await rateAndFinish(asha, ravi, 5);
    await rateAndFinish(ravi, asha, 4);
  });
  afterAll(async () => {
    await resetServerClock();
    await browser?.close();
  });

  it("both write a review on the finished chat; each is shown on the other's profile once both have", async () => {
    // Asha, on a desktop, writes first: hers waits for Ravi's.
    const a = await signedInPage(browser, asha, DESKTOP);
    await a.goto(`/user/chat/${ravi.id}`);
    await a.getByRole("region", { name: "Review" }).getByRole("button", { name: "Write a review" }).click();
    const form = a.getByRole("dialog", { name: `Write a review of ${ravi.name}` });
    await form.getByText(new RegExp(`Your review is shown when ${ravi.name} writes theirs, or on `)).waitFor();
    const box = form.getByLabel(`What did you learn from ${ravi.name}, and how did it go?`);
    await box.fill("Great!");
    await form.getByText("6 / 1000 characters").waitFor();
    await form.getByRole("button", { name: "Post review" }).click();
    await form.getByText("Please write at least 20 characters").waitFor();
    await shot(a, "form-1280");
    await box.fill(ASHA_TEXT);
    await form.getByRole("button", { name: "Post review" }).click();
    const mine = a.getByRole("region", { name: `Your review of ${ravi.name}` });
    await mine.getByText(ASHA_TEXT).waitFor();
    await mine
      .getByRole("status")
      .getByText(new RegExp(`Your review is shown when ${ravi.name} writes theirs`))
      .waitFor();
    await shot(a, "pending-1280");

    // Blind: Ravi's profile shows no review yet, to Asha or anyone.
    await a.goto(`/user/${ravi.id}/${asha.id}/Female`);
    await a.getByRole("heading", { name: "Reviews" }).waitFor();
    await a.getByText(`No reviews of ${ravi.name} yet.`).waitFor();

    // Ravi, on a phone, writes his: both are shown now.
    const b = await signedInPage(browser, ravi, PHONE);
    await b.goto(`/user/chat/${asha.id}`);
    const strip = b.getByRole("region", { name: "Review" });
    await strip.getByRole("button", { name: "Write a review" }).waitFor();
    await shot(b, "strip-375");
    await strip.getByRole("button", { name: "Write a review" }).click();
    const bForm = b.getByRole("dialog", { name: `Write a review of ${asha.name}` });
    await bForm.getByLabel(`What did you learn from ${asha.name}, and how did it go?`).fill(RAVI_TEXT);
    await shot(b, "form-375");
    await bForm.getByRole("button", { name: "Post review" }).click();
    await b
      .getByRole("region", { name: `Your review of ${asha.name}` })
      .getByText(new RegExp(`Shown on ${asha.name}'s profile since`))
      .waitFor();

    // Asha's profile (seen by Ravi on the phone) shows Ravi's review with its stars and skill.
    await b.goto(`/user/${asha.id}/${ravi.id}/Male`);
    const review = b.getByRole("listitem", { name: `Review by ${ravi.name}` });
    await review.getByText(RAVI_TEXT).waitFor();
    expect(await review.getByLabel("4 out of 5 stars").count()).toBe(1);
    await review.getByText(/Learned TypeScript/).waitFor();
    await shot(b, "profile-375");

    // Ravi's own profile: "Reviews about you" with Asha's review, answered once, publicly.
    await b.goto(`/user/${ravi.id}/${ravi.id}/Male`);
    const about = b.getByRole("region", { name: "Reviews about you" });
    const hers = about.getByRole("listitem", { name: `Review by ${asha.name}` });
    await hers.getByText(ASHA_TEXT).waitFor();
    await hers.getByRole("button", { name: "Answer" }).click();
    await hers.getByLabel(new RegExp(`Your public answer to ${asha.name}`)).fill("Thank you, Asha! Keep practising.");
    await hers.getByRole("button", { name: "Post answer" }).click();
    await hers.getByText("Thank you, Asha! Keep practising.").waitFor();
    expect(await hers.getByRole("button", { name: "Answer" }).count()).toBe(0);

    // Asha sees Ravi's profile with her review and his answer, at 1280 px.
    await a.goto(`/user/${ravi.id}/${asha.id}/Female`);
    const shown = a.getByRole("listitem", { name: `Review by ${asha.name}` });
    await shown.getByText(ASHA_TEXT).waitFor();
    await shown.getByText("Thank you, Asha! Keep practising.").waitFor();
    await shot(a, "profile-1280");
    await a.context().close();
    await b.context().close();
  }, 240_000);

  it("the reviewed student reports a review; an operator hides it and it is gone from the profile", async () => {
    const b = await signedInPage(browser, ravi, DESKTOP);
    await b.goto(`/user/${ravi.id}/${ravi.id}/Male`);
    // The profile and its reviews load in several requests: act once the page has settled.
    await b.waitForLoadState("networkidle");
    const hers = b.getByRole("region", { name: "Reviews about you" }).getByRole("listitem", { name: `Review by ${asha.name}` });
    await hers.getByRole("button", { name: "Report" }).click();
    const dialog = b.getByRole("dialog", { name: `Report ${asha.name}'s review` });
    await dialog.getByLabel("Inappropriate behavior").check();
    await dialog.getByRole("button", { name: "Report review" }).click();
    await hers.getByText("Reported to the moderators").waitFor();

    const op = await operatorStudent();
    const page = await signedInPage(browser, op, DESKTOP);
    await page.goto("/moderation");
    const card = page.getByRole("article", { name: `Reported review by ${asha.name}` });
    await card.getByText(ASHA_TEXT).waitFor();
    await card.getByRole("button", { name: /Show the chat's messages/ }).click();
    await shot(page, "moderation-1280");
    await card.getByRole("button", { name: "Hide review" }).click();
    const hide = page.getByRole("dialog", { name: `Hide ${asha.name}'s review` });
    await hide.getByLabel(/Reason/).fill("Checked the chat: the review is fine, testing the hide action");
    await hide.getByRole("button", { name: "Hide review" }).click();
    await page.getByText("No open review reports").waitFor();

    // Gone from the profile as anyone else reads it (Ravi's own page lists the reviews about him).
    await page.goto(`/user/${ravi.id}/${op.id}/Male`);
    await page.getByRole("heading", { name: "Reviews" }).waitFor();
    await page.getByText(`No reviews of ${ravi.name} yet.`).waitFor();
    await page.context().close();
    await b.context().close();
  }, 240_000);
});
