import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataDir, gql, launch, PHONE } from "./support/browser.js";
import {
  fillProfile as fillStudentProfile,
  registerStudent,
  type Skill,
  signedInPage,
  skill,
  type Student as Registered,
  buyCoins,
} from "./support/students.js";

interface Student extends Registered {
  gender: "Male" | "Female";
}

const REACT = skill("React");
const GUITAR = skill("Guitar", "Music & Performing Arts");
const CHESS = skill("Chess", "Hobbies & Crafts");
const YOGA = skill("Yoga", "Fitness & Wellness");

async function register(prefix: string, gender: Student["gender"]): Promise<Student> {
  return { ...(await registerStudent(prefix)), gender };
}

/** A filled profile: what they know, wanting Yoga, 3 coins a course. */
const fillProfile = (s: Student, known: Skill[]) =>
  fillStudentProfile(s, { gender: s.gender, skillsKnown: known, skillsRequired: [YOGA], amount: 3 });

const balanceOf = async (s: Student) =>
  (await gql<{ skillCoins: { balance: number } }>("{ skillCoins { balance } }", {}, s.token)).skillCoins.balance;

/** The server's own SQLite file, read-only: what the ledger and the chat table hold. */
function readDb<T>(sql: string, ...params: unknown[]): T | undefined {
  const db = new Database(path.join(dataDir(), "skill-exchange.sqlite"), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).get(...params) as T | undefined;
  } finally {
    db.close();
  }
}

const profileUrl = (of: Student, viewer: Student) => `/user/${of.id}/${viewer.id}/${viewer.gender}`;

/** Screenshots for a human to look at, when E2E_SCREENSHOTS is a folder. */
async function shot(page: Page, name: string) {
  const dir = process.env.E2E_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `swaps-${name}.png`) });
}

describe("swap and pay requests in Chromium", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("A asks B for a swap; B's count rises live; B accepts; both have the chat", async () => {
    const a = await register("Asha", "Female");
    const b = await register("Bala", "Male");
    await Promise.all([fillProfile(a, [REACT]), fillProfile(b, [GUITAR, CHESS])]);
    const pageA = await signedInPage(browser, a);
    const pageB = await signedInPage(browser, b);

    await pageB.goto(`/dashboard/${b.id}`);
    const bell = pageB.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: /^Notifications/ });
    await bell.waitFor();
    expect(await bell.textContent()).toBe("Notifications");
    await pageB.evaluate(() => ((window as unknown as { marker: string }).marker = "same page"));

    // A: the Swap popup needs both skills.
    await pageA.goto(profileUrl(b, a));
    await pageA.getByRole("heading", { name: b.name }).waitFor();
    await pageA.getByRole("button", { name: "Swap" }).click();
    const dialog = pageA.getByRole("dialog");
    await dialog.getByLabel("Skill you will teach").selectOption({ label: "React" });
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByRole("alert").filter({ hasText: "select skills" }).waitFor();
    await dialog.getByLabel(/Skill you want to learn/).selectOption({ label: "Guitar" });
    await shot(pageA, "swap-popup");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await pageA
      .getByRole("status")
      .filter({ hasText: `Swap request sent to ${b.name}` })
      .waitFor();
    expect(await pageA.getByRole("dialog").count()).toBe(0);

    // A second request answers the pending message.
    await pageA.getByRole("button", { name: "Pay" }).click();
    await pageA
      .getByRole("dialog")
      .getByRole("alert")
      .filter({ hasText: "Swap request already sent to the user and waiting for his response." })
      .waitFor();
    await pageA.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    // B's dashboard count rises through the subscription, without a reload.
    await pageB.getByRole("link", { name: "Notifications (1)" }).waitFor();
    expect(await pageB.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe("same page");

    await pageB.getByRole("link", { name: "Notifications (1)" }).click();
    await pageB.waitForURL((u) => u.pathname === `/${b.id}/notifications`);
    const card = pageB.getByRole("listitem").filter({ hasText: a.name });
    await card.getByText("React", { exact: true }).waitFor();
    await shot(pageB, "notifications");
    // The bar's badge counts it, and follows the action at once, not at the next reload.
    const badge = (page: Page) => page.getByRole("link", { name: "Notifications: 1" });
    await badge(pageB).waitFor();
    await card.getByRole("button", { name: "Accept" }).click();
    await pageB.getByRole("status").filter({ hasText: "Your chat is open." }).waitFor();
    await pageB.getByRole("heading", { name: "No notifications" }).waitFor();
    await badge(pageB).waitFor({ state: "detached" });

    // A learns it live on the notifications page and acknowledges it with Ok.
    await pageA.goto(`/${a.id}/notifications`);
    const accepted = pageA.getByRole("listitem").filter({ hasText: "accepted your swap request" });
    await accepted.waitFor();
    await badge(pageA).waitFor();
    await accepted.getByRole("button", { name: "Ok" }).click();
    await pageA.getByRole("heading", { name: "No notifications" }).waitFor();
    await badge(pageA).waitFor({ state: "detached" });

    // Both have the chat; Swap and Pay are disabled now.
    for (const [page, other] of [
      [pageA, b],
      [pageB, a],
    ] as const) {
      await page.goto("/user/chat");
      await page
        .getByRole("list", { name: "Your chats" })
        .getByRole("link", { name: new RegExp(other.name) })
        .waitFor();
    }
    await pageA.goto(profileUrl(b, a));
    await pageA.getByText(`You already have a chat with ${b.name}.`).waitFor();
    expect(await pageA.getByRole("button", { name: "Swap" }).isDisabled()).toBe(true);
    expect(await pageA.getByRole("button", { name: "Pay" }).isDisabled()).toBe(true);
    await pageA.context().close();
    await pageB.context().close();
  });

  it("pay request: the teacher accepts, the learner pays, coins leave the balance and sit in escrow", async () => {
    const learner = await register("Chitra", "Female");
    const teacher = await register("Dev", "Male");
    await Promise.all([fillProfile(learner, [REACT]), fillProfile(teacher, [CHESS])]);
    await buyCoins(learner, 10);
    expect(await balanceOf(learner)).toBe(10);
    const pageL = await signedInPage(browser, learner, PHONE);
    const pageT = await signedInPage(browser, teacher);

    await pageL.goto(profileUrl(teacher, learner));
    await pageL.getByRole("button", { name: "Pay" }).click();
    const dialog = pageL.getByRole("dialog");
    await dialog.getByLabel(/Skill you want to learn/).selectOption({ label: "Chess" });
    await dialog.getByLabel("Skill coins").fill("");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Enter skill coins" }).waitFor();
    await dialog.getByLabel("Skill coins").fill("4");
    await shot(pageL, "pay-popup");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await pageL
      .getByRole("status")
      .filter({ hasText: `Pay request sent to ${teacher.name}` })
      .waitFor();
    // Pay again while it waits: the pay request's own pending message (not the swap's).
    await pageL.getByRole("button", { name: "Pay" }).click();
    await pageL
      .getByRole("dialog")
      .getByRole("alert")
      .filter({ hasText: "Pay request already sent to the user and waiting for his response." })
      .waitFor();
    expect(await pageL.getByRole("dialog").getByText("Swap request already sent").count()).toBe(0);
    await shot(pageL, "pay-pending-375");
    await pageL.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();

    await pageT.goto(`/${teacher.id}/notifications`);
    const request = pageT.getByRole("listitem").filter({ hasText: learner.name });
    await request.getByText("Chess", { exact: true }).waitFor();
    await request.getByRole("button", { name: "Accept" }).click();
    await pageT.getByRole("heading", { name: "No notifications" }).waitFor();
    expect(await balanceOf(learner)).toBe(10);

    await pageL.goto(`/${learner.id}/notifications`);
    const ready = pageL.getByRole("listitem").filter({ hasText: "accepted your pay request" });
    await ready.getByRole("button", { name: "Pay 4" }).click();
    // Paying asks first, naming the teacher, the amount and the balance after.
    const confirm = pageL.getByRole("alertdialog", { name: `Pay ${teacher.name} 4 skill coins?` });
    await confirm.getByTestId("balance-after").filter({ hasText: "6 skill coins" }).waitFor();
    await confirm.getByRole("button", { name: "Pay 4" }).click();
    await pageL.getByRole("status").filter({ hasText: "Payment Successful!! 4 has been detected from your account." }).waitFor();
    await pageL.getByRole("heading", { name: "No notifications" }).waitFor();
    // The paid card went with its buttons, the confirmation closed: the keyboard is on the answer's next step.
    await expect.poll(() => pageL.evaluate(() => document.activeElement?.textContent)).toBe("Go to the chat");

    expect(await balanceOf(learner)).toBe(6);
    const request_ = readDb<{ id: string; status: string; chatId: string }>(
      "SELECT id, status, chatId FROM swap_requests WHERE requesterId = ?",
      learner.id,
    )!;
    expect(request_.status).toBe("paid");
    const hold = readDb<{ amount: number; holdState: string; beneficiaryId: string }>(
      "SELECT amount, holdState, beneficiaryId FROM coin_transfers WHERE key = ?",
      `hold:pay:${request_.id}`,
    );
    expect(hold).toEqual({ amount: 4, holdState: "held", beneficiaryId: teacher.id });
    const chat = readDb<{ id: string; coins: number; escrowRef: string }>(
      "SELECT id, coins, escrowRef FROM chats WHERE id = ?",
      request_.chatId,
    );
    expect(chat).toMatchObject({ coins: 4, escrowRef: `pay:${request_.id}` });
    const escrow = readDb<{ balance: number }>("SELECT balance FROM coin_accounts WHERE id = 'system:escrow'")!;
    expect(escrow.balance).toBeGreaterThanOrEqual(4);

    // The teacher's open notifications page shows the payment live.
    await pageT.getByRole("listitem").filter({ hasText: "paid for your course" }).waitFor();
    // Their coins page shows the payment held for them, apart from what they can spend.
    await pageT.goto("/skill-coins");
    await pageT.getByTestId("coins-held-for-you").filter({ hasText: "+ 4 coins paid to you, held until the course finishes" }).waitFor();
    await pageL.context().close();
    await pageT.context().close();
  });
  it("short of coins: Pay links to buying coins, and the student comes back and pays", async () => {
    const learner = await register("Esha", "Female");
    const teacher = await register("Farid", "Male");
    await Promise.all([fillProfile(learner, [REACT]), fillProfile(teacher, [CHESS])]);
    const { requestPay } = await gql<{ requestPay: { id: string } }>(
      "mutation ($input: RequestPayInput!) { requestPay(input: $input) { id } }",
      { input: { receiverId: teacher.id, learnSkill: CHESS, skillCoins: 4 } },
      learner.token,
    );
    await gql("mutation ($id: ID!) { acceptRequest(id: $id) { id } }", { id: requestPay.id }, teacher.token);

    // The phone first (it stops at the coins page), then the whole round trip at 1280 px.
    for (const [label, viewport] of [
      ["375", PHONE],
      ["1280", undefined],
    ] as const) {
      const page = await signedInPage(browser, learner, viewport);
      await page.goto(`/${learner.id}/notifications`);
      const card = page.getByRole("listitem").filter({ hasText: "accepted your pay request" });
      await card.getByRole("button", { name: "Pay 4" }).click();
      // The confirmation reads the balance first: short, it says so and offers buying coins.
      const short = page.getByRole("alertdialog").getByRole("alert").filter({ hasText: "You do not have enough skill coins" });
      await short.waitFor();
      await shot(page, `short-of-coins-${label}`);
      await short.getByRole("link", { name: "Buy skill coins" }).click();
      await page.waitForURL((u) => u.pathname === "/skill-coins");
      expect(new URL(page.url()).searchParams.get("returnTo")).toBe(`/${learner.id}/notifications`);
      await page.getByRole("link", { name: "Back to Notifications" }).waitFor();
      // The buy form starts at what the payment lacks: 4 coins on a balance of 0.
      expect(await page.getByLabel("Amount (skill coins)").inputValue()).toBe("4");
      await page.getByTestId("coin-balance").waitFor();
      await shot(page, `coins-with-way-back-${label}`);
      if (label === "375") {
        await page.context().close();
        continue;
      }

      await page.getByLabel("Amount (skill coins)").fill("5");
      await page.getByRole("button", { name: "Buy", exact: true }).click();
      await page.getByRole("dialog").getByRole("button", { name: /^Pay/ }).click();
      await page.waitForURL("**/skill-coins/success");
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      await shot(page, `bought-with-way-back-${label}`);
      await page.getByRole("link", { name: "Back to Notifications" }).click();
      await page.waitForURL((u) => u.pathname === `/${learner.id}/notifications`);
      await page.getByRole("listitem").filter({ hasText: "accepted your pay request" }).getByRole("button", { name: "Pay 4" }).click();
      const confirm = page.getByRole("alertdialog", { name: `Pay ${teacher.name} 4 skill coins?` });
      await confirm.getByTestId("balance-after").filter({ hasText: "1 skill coin" }).waitFor();
      await confirm.getByRole("button", { name: "Pay 4" }).click();
      await page.getByRole("status").filter({ hasText: "Payment Successful!! 4 has been detected from your account." }).waitFor();
      expect(await balanceOf(learner)).toBe(1);
      await page.context().close();
    }
  });
});
