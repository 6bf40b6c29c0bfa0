/**
 * Accessibility guard: axe-core on every route at a viewport, with the dialogs that matter open.
 * Fails on any "serious" or "critical" violation and names the rule and target.
 */
import { appendFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AxeViolation, isSerious, runAxe } from "./axe.js";
import { advanceServerClock, baseURL, gql, launch, resetServerClock } from "./browser.js";
import { fillProfile, operatorStudent, PASSWORD, type ProfileFields, registerStudent, skill, type Student } from "./students.js";

/** Waits for the page to settle: a heading, no loading spinners, finished transitions. */
async function settle(page: Page) {
  await page.locator("h1").first().waitFor();
  await page.waitForFunction(
    () => !Array.from(document.querySelectorAll("[role=status]")).some((el) => /^Loading/.test(el.textContent?.trim() ?? "")),
  );
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** Runs axe on the page once it has settled. */
async function audit(page: Page): Promise<AxeViolation[]> {
  await settle(page);
  return runAxe(page);
}

const describeViolation = (where: string, v: AxeViolation) =>
  v.nodes.map((n) => `[${where}] ${v.impact} ${v.id}: ${v.help} -> ${n.target.map(String).join(" ")}`).join("\n");

const serious = (vs: AxeViolation[]) => vs.filter(isSerious);

/** Appends the moderate and minor ones (not failures) to the file A11Y_REPORT names, if any; returns the failing ones. */
function report(where: string, vs: AxeViolation[]): string[] {
  const minor = vs.filter((v) => !isSerious(v));
  if (minor.length && process.env.A11Y_REPORT)
    appendFileSync(process.env.A11Y_REPORT, minor.map((v) => describeViolation(where, v)).join("\n") + "\n");
  return serious(vs).map((v) => describeViolation(where, v));
}

const profile = (gender: "Male" | "Female", knows: string[], wants: string[], amount = 3): ProfileFields => ({
  gender,
  skillsKnown: knows.map((s) => skill(s)),
  skillsRequired: wants.map((s) => skill(s)),
  amount,
});

/**
 * The suite at the given viewports (`[label, size]`). Each viewport is a file of its own
 * (a11y-desktop.e2e.ts, a11y-phone.e2e.ts), so the two run side by side on two workers.
 */
export function accessibilitySuite(VIEWPORTS: ReadonlyArray<readonly [string, { width: number; height: number }]>): void {
  describe(`accessibility (axe-core) in Chromium at ${VIEWPORTS.map(([label]) => label).join(" and ")} px`, () => {
    let browser: Browser;
    let me: Student;
    let asker: Student;
    let partner: Student;
    let poster: Student;
    let postId: string;
    /** One signed-in and one signed-out context per viewport. */
    const contexts: Record<string, { user: Page; guest: Page; operator: Page }> = {};

    beforeAll(async () => {
      browser = await launch();
      [me, asker, partner, poster] = await Promise.all([
        registerStudent("Asha"),
        registerStudent("Bala"),
        registerStudent("Chitra"),
        registerStudent("Dev Anand Krishnamurthy Venkataraman Subramaniam Iyer"),
      ]);
      await Promise.all([
        fillProfile(me, profile("Female", ["TypeScript", "React"], ["Rust"])),
        fillProfile(asker, profile("Male", ["Rust"], ["React"])),
        fillProfile(partner, profile("Female", ["Rust", "Go"], ["TypeScript"])),
        fillProfile(poster, profile("Male", ["Kotlin"], ["TypeScript"])),
      ]);
      const swapInput = (receiverId: string, preach: string, learn: string) => ({
        input: { receiverId, preachSkill: skill(preach), learnSkill: skill(learn) },
      });
      const requestSwap = "mutation ($input: RequestSwapInput!) { requestSwap(input: $input) { id } }";
      // A pending request for me (a notification card), and an accepted one (a chat).
      await gql(requestSwap, swapInput(me.id, "Rust", "React"), asker.token);
      const { requestSwap: accepted } = await gql<{ requestSwap: { id: string } }>(
        requestSwap,
        swapInput(partner.id, "TypeScript", "Go"),
        me.token,
      );
      await gql("mutation ($id: ID!) { acceptRequest(id: $id) { id } }", { id: accepted.id }, partner.token);
      await gql(
        "mutation ($to: ID!, $b: String!) { sendMessage(chatWith: $to, body: $b) { id } }",
        { to: partner.id, b: "Hi Chitra! Rust on Monday?" },
        me.token,
      );
      await gql(
        "mutation ($to: ID!, $b: String!) { sendMessage(chatWith: $to, body: $b) { id } }",
        { to: me.id, b: "Sure, 6 pm works." },
        partner.token,
      );
      // Someone else's post (details page) and my own post with an applicant (my problems).
      const create = "mutation ($input: CreateImplementPostInput!) { createImplementPost(input: $input) { id } }";
      ({
        createImplementPost: { id: postId },
      } = await gql(create, { input: { title: "Campus robot", description: "A line-following robot for the fest." } }, poster.token));
      const { createImplementPost: mine } = await gql<{ createImplementPost: { id: string } }>(
        create,
        { input: { title: "Timetable app", description: "Builds each department's timetable." } },
        me.token,
      );
      await gql(
        "mutation ($input: JoinImplementPostInput!) { joinImplementPost(input: $input) { id } }",
        { input: { postId: mine.id, description: "I build Android apps." } },
        poster.token,
      );
      // (Before the clock moves: these tokens live 7 days.) The moderation console, with a report in its queue: the poster reports their chat with the asker.
      const { requestSwap: other } = await gql<{ requestSwap: { id: string } }>(
        requestSwap,
        swapInput(poster.id, "Rust", "Kotlin"),
        asker.token,
      );
      await gql("mutation ($id: ID!) { acceptRequest(id: $id) { id } }", { id: other.id }, poster.token);
      await gql(
        "mutation ($c: ID!, $r: ReportReason!) { reportChat(chatWith: $c, reason: $r) { id } }",
        { c: asker.id, r: "SPAM_OR_SCAM" },
        poster.token,
      );
      // Ten days on, the chat can be finished, so Finish opens the rating dialog (it checks the
      // 10-day rule first). Tokens live 7 days: mine is issued again.
      await advanceServerClock(10 * 24 * 60 * 60 * 1000 + 60_000);
      ({
        login: { token: me.token },
      } = await gql<{ login: { token: string } }>("mutation ($input: LoginInput!) { login(input: $input) { token } }", {
        input: { email: me.email, password: PASSWORD },
      }));

      // A lesson scheduled on our chat, two days ahead of the moved clock: Cancel lesson asks first. Chitra signs in again too.
      const {
        login: { token: partnerToken },
      } = await gql<{ login: { token: string } }>("mutation ($input: LoginInput!) { login(input: $input) { token } }", {
        input: { email: partner.email, password: PASSWORD },
      });
      const { proposeLesson: lesson } = await gql<{ proposeLesson: { id: string; slots: Array<{ id: string }> } }>(
        "mutation ($c: ID!, $s: [LessonSlotInput!]!, $tz: String!) { proposeLesson(chatWith: $c, slots: $s, timezone: $tz) { id slots { id } } }",
        {
          c: partner.id,
          s: [{ startsAt: new Date(Date.now() + 12 * 24 * 60 * 60 * 1000).toISOString(), durationMinutes: 60 }],
          tz: "Asia/Kolkata",
        },
        me.token,
      );
      await gql(
        "mutation ($l: ID!, $s: ID!) { acceptLessonSlot(lessonId: $l, slotId: $s) { id } }",
        { l: lesson.id, s: lesson.slots[0]!.id },
        partnerToken,
      );

      // The operator signs in after the clock moved (a fresh 7-day token).
      const operator = await operatorStudent();

      // bypassCSP: the app's Content-Security-Policy refuses inline scripts, axe's included.
      // Service workers blocked, as in support/browser.ts newContext.
      const context = async (viewport: { width: number; height: number }) => {
        const ctx = await browser.newContext({ baseURL: baseURL(), viewport, bypassCSP: true, serviceWorkers: "block" });
        ctx.setDefaultTimeout(15_000);
        return ctx;
      };
      for (const [label, viewport] of VIEWPORTS) {
        const user = await context(viewport);
        await user.addInitScript((token) => localStorage.setItem("jwt", token), me.token);
        const op = await context(viewport);
        await op.addInitScript((token) => localStorage.setItem("jwt", token), operator.token);
        contexts[label] = { user: await user.newPage(), guest: await (await context(viewport)).newPage(), operator: await op.newPage() };
      }
    });

    afterAll(async () => {
      await resetServerClock();
      await browser?.close();
    });

    type Check = {
      name: string;
      as: "user" | "guest" | "operator";
      url: () => string;
      then?: (page: Page) => Promise<void>;
      /** In a fresh page whose Date stands still (the payment result pages count 5 seconds by it, then move on). */
      pausedClock?: boolean;
    };
    const byName = (name: string) => (page: Page) => page.getByRole("heading", { name, level: 1 }).waitFor();

    const checks: Check[] = [
      { name: "landing", as: "guest", url: () => "/" },
      { name: "about", as: "guest", url: () => "/about" },
      { name: "contact", as: "guest", url: () => "/contact" },
      { name: "login", as: "guest", url: () => "/login" },
      { name: "register", as: "guest", url: () => "/register" },
      {
        name: "reset-password (invalid token)",
        as: "guest",
        url: () => "/reset-password/not-a-real-token",
        then: (page) => page.getByText("You are not able to reset your password").waitFor(),
      },
      { name: "404", as: "guest", url: () => "/no/such/page", then: byName("404 - Page Not Found") },
      {
        name: "verify email (used-up link)",
        as: "user",
        url: () => "/verify-email/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        then: (page) => page.getByText("This verification link does not work any more.").waitFor(),
      },
      { name: "account deleted", as: "guest", url: () => "/account-deleted", then: byName("Account deleted") },
      {
        name: "own profile (your data)",
        as: "user",
        url: () => `/user/${me.id}/${me.id}/Female`,
        then: (page) => page.getByRole("region", { name: "Your data" }).waitFor(),
      },
      { name: "profile details (/p)", as: "user", url: () => "/p" },
      {
        name: "dashboard",
        as: "user",
        url: () => `/dashboard/${me.id}`,
        then: (page) => page.getByRole("link", { name: "View Profile" }).first().waitFor(),
      },
      { name: "other profile", as: "user", url: () => `/user/${asker.id}/${me.id}/Female`, then: (page) => byName(asker.name)(page) },
      {
        name: "notifications",
        as: "user",
        url: () => `/${me.id}/notifications`,
        then: (page) => page.getByRole("listitem").filter({ hasText: asker.name }).waitFor(),
      },
      {
        name: "chat list",
        as: "user",
        url: () => "/user/chat",
        then: (page) => page.getByRole("link", { name: new RegExp(partner.name) }).waitFor(),
      },
      { name: "chat", as: "user", url: () => `/user/chat/${partner.id}`, then: (page) => page.getByText("Sure, 6 pm works.").waitFor() },
      { name: "skill coins", as: "user", url: () => "/skill-coins" },
      {
        name: "api keys",
        as: "user",
        url: () => "/settings/api-keys",
        then: (page) => page.getByRole("heading", { name: "No API keys yet" }).waitFor(),
      },
      { name: "skill coins rules", as: "guest", url: () => "/skill-coins/rules" },
      { name: "skill coins success", as: "guest", url: () => "/skill-coins/success", pausedClock: true },
      { name: "skill coins failure", as: "guest", url: () => "/skill-coins/failure", pausedClock: true },
      { name: "leaderboard", as: "user", url: () => `/leaderboard/${me.id}`, then: (page) => page.getByRole("table").waitFor() },
      {
        name: "implements list",
        as: "user",
        url: () => `/implements/${me.id}/${encodeURIComponent(me.name)}`,
        then: (page) => page.getByText("Campus robot").first().waitFor(),
      },
      {
        name: "implements mine",
        as: "user",
        url: () => `/implements/${me.id}`,
        then: (page) => page.getByText("I build Android apps.").waitFor(),
      },
      {
        name: "implements details",
        as: "user",
        url: () => `/implements/${me.id}/${encodeURIComponent(me.name)}/${postId}`,
        then: (page) => page.getByRole("heading", { name: "Campus robot" }).waitFor(),
      },
      { name: "implements create", as: "user", url: () => `/implements/${me.id}/${encodeURIComponent(me.name)}/create` },
      { name: "snake game", as: "user", url: () => `/game/${me.id}` },
      { name: "moderation (not an operator: 403)", as: "user", url: () => "/moderation", then: byName("403 - Operators only") },
      { name: "moderation console", as: "operator", url: () => "/moderation", then: (page) => page.getByRole("article").first().waitFor() },
    ];

    for (const check of checks) {
      it(`${check.name}: no serious or critical violations`, async () => {
        const failures: string[] = [];
        for (const [label] of VIEWPORTS) {
          let page = contexts[label][check.as];
          if (check.pausedClock) {
            page = await page.context().newPage();
            await page.clock.setFixedTime(Date.now());
          }
          await page.goto(check.url());
          await check.then?.(page);
          failures.push(...report(`${check.name} @${label}`, await audit(page)));
          if (check.pausedClock) await page.close();
        }
        expect(failures, failures.join("\n")).toEqual([]);
      });
    }

    /**
     * Opens a dialog with `open` and audits it; focus starts inside it (on `firstFocus` when given);
     * Tab and Shift+Tab keep it inside; Escape closes it and focus goes back to the opener (`openerName`).
     */
    async function auditDialog(
      page: Page,
      where: string,
      open: () => Promise<void>,
      openerName: string,
      firstFocus?: RegExp,
    ): Promise<string[]> {
      await open();
      const dialog = page.locator("dialog[open]");
      await dialog.waitFor();
      const failures = report(where, await audit(page));
      const first = await page.evaluate(() => {
        const el = document.activeElement;
        return { inside: !!el?.closest("dialog[open]"), name: (el?.getAttribute("aria-label") ?? el?.textContent ?? "").trim() };
      });
      if (!first.inside) failures.push(`[${where}] focus did not move into the dialog`);
      else if (firstFocus && !firstFocus.test(first.name)) failures.push(`[${where}] focus started on "${first.name}", not ${firstFocus}`);
      for (const key of ["Tab", "Shift+Tab"]) {
        for (let i = 0; i < 8; i++) {
          await page.keyboard.press(key);
          const inside = await page.evaluate(() => !!document.activeElement?.closest("dialog[open]"));
          if (!inside) {
            failures.push(`[${where}] ${key} moved focus out of the dialog`);
            break;
          }
        }
      }
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
      if (focused !== openerName) failures.push(`[${where}] focus went to "${focused}" after closing, not back to "${openerName}"`);
      return failures;
    }

    /** At each viewport: opens `url`, waits for `ready`, then audits the dialog each named button opens. */
    async function auditDialogsOn(url: string, ready: (page: Page) => Promise<void>, buttons: string[]): Promise<void> {
      const failures: string[] = [];
      for (const [label] of VIEWPORTS) {
        const page = contexts[label].user;
        await page.goto(url);
        await ready(page);
        for (const name of buttons) {
          failures.push(
            ...(await auditDialog(page, `${name} dialog @${label}`, () => page.getByRole("button", { name, exact: true }).click(), name)),
          );
        }
      }
      expect(failures, failures.join("\n")).toEqual([]);
    }

    it("Swap and Pay dialogs on someone else's profile", () =>
      auditDialogsOn(`/user/${asker.id}/${me.id}/Female`, (page) => page.getByRole("heading", { name: asker.name, level: 1 }).waitFor(), [
        "Swap",
        "Pay",
      ]));

    it("TEST MODE checkout dialog on /skill-coins", async () => {
      const failures: string[] = [];
      for (const [label] of VIEWPORTS) {
        const page = contexts[label].user;
        await page.goto("/skill-coins");
        await page.getByLabel("Amount (skill coins)").fill("2");
        failures.push(
          ...(await auditDialog(
            page,
            `checkout dialog @${label}`,
            async () => {
              await page.getByRole("button", { name: "Buy", exact: true }).click();
              await page.getByRole("dialog").getByText("TEST MODE").waitFor();
            },
            "Buy",
            /^Pay ₹20$/,
          )),
        );
      }
      expect(failures, failures.join("\n")).toEqual([]);
    });

    it("the meeting link, rating, report and cancel-lesson dialogs on a chat", () =>
      auditDialogsOn(`/user/chat/${partner.id}`, (page) => page.getByText("Sure, 6 pm works.").waitFor(), [
        "Meeting link",
        "Finish",
        "Report",
        "Cancel lesson",
      ]));

    it("the reject dialog for an applicant on Your Problems", async () => {
      const failures: string[] = [];
      for (const [label] of VIEWPORTS) {
        const page = contexts[label].user;
        await page.goto(`/implements/${me.id}`);
        const applicant = page.getByRole("listitem").filter({ hasText: "I build Android apps." });
        failures.push(
          ...(await auditDialog(
            page,
            `applicant reject dialog @${label}`,
            () => applicant.getByRole("button", { name: "Reject", exact: true }).click(),
            "Reject",
          )),
        );
      }
      expect(failures, failures.join("\n")).toEqual([]);
    });

    it("the reject confirmation on /notifications", async () => {
      const failures: string[] = [];
      for (const [label] of VIEWPORTS) {
        const page = contexts[label].user;
        await page.goto(`/${me.id}/notifications`);
        const card = page.getByRole("listitem").filter({ hasText: asker.name });
        failures.push(
          ...(await auditDialog(
            page,
            `reject dialog @${label}`,
            () => card.getByRole("button", { name: "Reject" }).click(),
            "Reject",
            /^Close$/,
          )),
        );
      }
      expect(failures, failures.join("\n")).toEqual([]);
    });
  });
}
