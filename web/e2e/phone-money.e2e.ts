/**
 * Money and finishing on a 375 x 812 touch screen (and at 1280 px where it differs): answers shown
 * where the student is looking, paying asks first, and both partners see a finished chat end.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { advanceServerClock, DESKTOP, gql, launch, resetServerClock, TOUCH_PHONE } from "./support/browser.js";
import { chattingPair, fillProfile, PASSWORD, registerStudent, signedInPage, skill, type Student, buyCoins } from "./support/students.js";

const DAY = 24 * 60 * 60 * 1000;
const CHESS = skill("Chess", "Hobbies & Crafts");
const REACT = skill("React");
const YOGA = skill("Yoga", "Fitness & Wellness");

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `phone-money-${name}.png`) });
}

type Screen = { width: number; height: number; touch?: boolean };

/** A tap on a touch screen, a click with a mouse. */
const press = (screen: Screen, target: Locator) => (screen.touch ? target.tap() : target.click());

/** The whole box of `target` lies inside the viewport, and it sits in a live region (or is one). */
async function expectShownAndAnnounced(page: Page, target: Locator) {
  const box = await target.boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  const live = await target.evaluate((el) => {
    const role = el.getAttribute("role");
    return role === "status" || role === "alert" || el.closest("[aria-live]") !== null;
  });
  expect(live).toBe(true);
}

const balanceOf = async (s: Student) =>
  (await gql<{ skillCoins: { balance: number } }>("{ skillCoins { balance } }", {}, s.token)).skillCoins.balance;

/** A fresh token (sessions expire after 7 days of server time). */
async function freshToken(s: Student) {
  const { login } = await gql<{ login: { token: string } }>("mutation ($input: LoginInput!) { login(input: $input) { token } }", {
    input: { email: s.email, password: PASSWORD },
  });
  s.token = login.token;
}

describe("money on a phone", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await resetServerClock();
    await browser?.close();
  });

  for (const [label, screen] of [
    ["375", TOUCH_PHONE],
    ["1280", DESKTOP],
  ] as const) {
    it(`answers pay requests where the student looks and confirms before paying (${label})`, async () => {
      const learner = await registerStudent("Lata");
      const teacher = await registerStudent("Tarun");
      await Promise.all([
        fillProfile(learner, { gender: "Female", skillsKnown: [REACT], skillsRequired: [CHESS], amount: 3 }),
        fillProfile(teacher, { gender: "Male", skillsKnown: [CHESS], skillsRequired: [YOGA], amount: 4 }),
      ]);
      const page = await signedInPage(browser, learner, screen);

      // The pay request from the teacher's profile: its answer is inside the viewport and announced.
      await page.goto(`/user/${teacher.id}/${learner.id}/Female`);
      await press(screen, page.getByRole("button", { name: "Pay", exact: true }));
      const form = page.getByRole("dialog");
      await form.getByLabel(/Skill you want to learn/).selectOption({ label: "Chess" });
      await form.getByLabel("Skill coins").fill("4");
      await press(screen, form.getByRole("button", { name: "Submit" }));
      const sent = page.getByRole("status").filter({ hasText: `Pay request sent to ${teacher.name}` });
      await sent.waitFor();
      await expectShownAndAnnounced(page, sent);
      await shot(page, `pay-request-sent-${label}`);
      // The next action's answer replaces it: the message is gone as soon as Pay is tapped again.
      await press(screen, page.getByRole("button", { name: "Pay", exact: true }));
      const pending = page.getByRole("dialog").getByRole("alert").filter({ hasText: "Pay request already sent" });
      await pending.waitFor();
      expect(await page.getByText(`Pay request sent to ${teacher.name}`).count()).toBe(0);
      await expectShownAndAnnounced(page, pending);
      await press(screen, page.getByRole("dialog").getByRole("button", { name: "Cancel" }));

      // The teacher accepts; later requests from others push the learner's Pay card far down the list.
      const { swapAvailability } = await gql<{ swapAvailability: { openRequest: { id: string } } }>(
        "query ($u: ID!) { swapAvailability(userId: $u) { openRequest { id } } }",
        { u: teacher.id },
        learner.token,
      );
      await gql("mutation ($id: ID!) { acceptRequest(id: $id) { id } }", { id: swapAvailability.openRequest.id }, teacher.token);
      for (const name of ["Kavi", "Mona", "Nila"]) {
        const other = await registerStudent(name);
        await fillProfile(other, { gender: "Female", skillsKnown: [CHESS], skillsRequired: [REACT] });
        await gql(
          "mutation ($input: RequestSwapInput!) { requestSwap(input: $input) { id } }",
          { input: { receiverId: learner.id, preachSkill: CHESS, learnSkill: REACT } },
          other.token,
        );
      }

      await page.goto(`/${learner.id}/notifications`);
      const card = page.getByRole("listitem").filter({ hasText: "accepted your pay request" });
      const payButton = card.getByRole("button", { name: "Pay 4" });
      await payButton.scrollIntoViewIfNeeded();
      // Short of coins: the refusal is inside the viewport (in the confirmation) and nothing is paid.
      await press(screen, payButton);
      let confirm = page.getByRole("alertdialog", { name: `Pay ${teacher.name} 4 skill coins?` });
      const short = confirm.getByRole("alert").filter({ hasText: "You do not have enough skill coins" });
      await short.waitFor();
      await expectShownAndAnnounced(page, short);
      expect(await confirm.getByRole("button", { name: "Pay 4" }).isDisabled()).toBe(true);
      await shot(page, `short-of-coins-${label}`);
      await press(screen, confirm.getByRole("button", { name: "Cancel" }));
      await confirm.waitFor({ state: "detached" });

      // With coins: partner, amount and the balance after; Cancel spends nothing.
      await buyCoins(learner, 10);
      await press(screen, payButton);
      confirm = page.getByRole("alertdialog", { name: `Pay ${teacher.name} 4 skill coins?` });
      await confirm.getByTestId("balance-after").filter({ hasText: "6 skill coins" }).waitFor();
      expect(await confirm.textContent()).toContain(teacher.name);
      expect(await confirm.textContent()).toContain("10 skill coins");
      await shot(page, `pay-confirm-${label}`);
      await press(screen, confirm.getByRole("button", { name: "Cancel" }));
      await confirm.waitFor({ state: "detached" });
      expect(await balanceOf(learner)).toBe(10);

      // Confirm: the spec's text, inside the viewport and announced, and the coins left.
      await press(screen, payButton);
      await confirm.getByTestId("balance-after").waitFor();
      await press(screen, confirm.getByRole("button", { name: "Pay 4" }));
      const paid = page.getByRole("status").filter({ hasText: "Payment Successful!! 4 has been detected from your account." });
      await paid.waitFor();
      await expectShownAndAnnounced(page, paid);
      await shot(page, `paid-${label}`);
      expect(await balanceOf(learner)).toBe(6);
      await page.context().close();
    });
  }

  it("finishing: Finish waits its turn before day 10, counts the header's days, and both partners see the chat end", async () => {
    const { asha, ravi } = await chattingPair("TypeScript", "Rust");
    await advanceServerClock(3 * DAY + 60_000);
    let a = await signedInPage(browser, asha, TOUCH_PHONE);
    await a.goto(`/user/chat/${ravi.id}`);
    await a.getByText("3 of 10 days completed").waitFor();

    // Before day 10 Finish is not the primary action: it looks like the other secondary buttons.
    const look = (b: Locator) => b.evaluate((el) => getComputedStyle(el).backgroundColor);
    const finishA = a.getByRole("button", { name: "Finish" });
    expect(await look(finishA)).toBe(await look(a.getByRole("button", { name: "Meeting link" })));
    // A tap still answers, with the same day count as the header, inside the viewport.
    await finishA.tap();
    const early = a.getByRole("alert").filter({ hasText: "You should have learned for atleast 10 days" });
    await early.waitFor();
    expect(await early.textContent()).toContain("You have just completed 3 days.");
    await expectShownAndAnnounced(a, early);
    await shot(a, "finish-too-early-375");
    await a.context().close();

    // Day 10 (sessions have expired meanwhile): both have rated; Asha finishes first.
    await advanceServerClock(7 * DAY);
    await Promise.all([freshToken(asha), freshToken(ravi)]);
    for (const [me, other, stars] of [
      [asha, ravi, 5],
      [ravi, asha, 4],
    ] as const)
      await gql("mutation ($c: ID!, $s: Int!) { rateChatPartner(chatWith: $c, stars: $s) { id } }", { c: other.id, s: stars }, me.token);
    a = await signedInPage(browser, asha, TOUCH_PHONE);
    const b = await signedInPage(browser, ravi, DESKTOP);
    await a.goto(`/user/chat/${ravi.id}`);
    await b.goto(`/user/chat/${asha.id}`);
    // Ravi's chat is live once a message reaches it without a reload (its subscriptions start together).
    await gql(
      "mutation ($c: ID!, $b: String!) { sendMessage(chatWith: $c, body: $b) { id } }",
      { c: ravi.id, b: "Shall we finish?" },
      asha.token,
    );
    await b.getByText("Shall we finish?").waitFor();
    const ready = a.getByRole("button", { name: "Finish" });
    await a.getByText("10 of 10 days completed").waitFor();
    expect(await look(ready)).not.toBe(await look(a.getByRole("button", { name: "Meeting link" })));
    await ready.tap();
    await a.getByText(`The chat is complete as soon as ${ravi.name} finishes too.`).waitFor();
    await b.getByText(`${asha.name} has finished`).waitFor();

    // Ravi finishes last: he stays on the chat, now ended, with the review prompt, like Asha.
    await b.getByRole("button", { name: "Finish" }).click();
    for (const page of [a, b]) {
      await page.getByText("You both finished this chat. Well done!").waitFor();
      await page.getByRole("button", { name: "Write a review" }).waitFor();
      expect(await page.getByText("finishes too").count()).toBe(0);
      expect(await page.getByText("has finished").count()).toBe(0);
    }
    expect(new URL(b.url()).pathname).toBe(`/user/chat/${asha.id}`);
    await shot(a, "ended-375");
    await shot(b, "ended-1280");

    // Rated this week, both are on the week's board: five columns at 375 px, each header inside its own.
    await a.goto(`/leaderboard/${asha.id}?period=week`);
    await a.getByRole("row").filter({ hasText: ravi.name }).waitFor();
    const spilling = await a
      .getByRole("columnheader")
      .evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
    expect(spilling).toEqual([]);
    await shot(a, "week-board-375");
    await a.context().close();
    await b.context().close();
  });
});
