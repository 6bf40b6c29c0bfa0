import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, launch, PHONE } from "./support/browser.js";
import { fillProfile, type ProfileFields, registerStudent, signedInPage, skill, type Student } from "./support/students.js";

/** Screenshots for a human to look at, when E2E_SCREENSHOTS is a folder (desktop and phone). */
const shotsDir = process.env.E2E_SCREENSHOTS;
async function shots(browser: Browser, who: Student, url: string, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const [label, viewport] of [
    ["1280", undefined],
    ["375", PHONE],
  ] as const) {
    const page = await signedInPage(browser, who, viewport);
    await page.goto(url);
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(shotsDir, `implements-${name}-${label}.png`), fullPage: true });
    await page.context().close();
  }
}

/** The profile both students fill (the chat pages need one). */
const PROFILE: ProfileFields = { gender: "Female", skillsKnown: [skill("React")], skillsRequired: [skill("Rust")] };

const listUrl = (s: Student) => `/implements/${s.id}/${encodeURIComponent(s.name)}`;

/** Scrolls the list box to its bottom with the mouse wheel, batch after batch, until `target` loads or the list ends. */
async function scrollUntil(page: Page, target: Locator): Promise<boolean> {
  const box = page.getByTestId("implements-scroll");
  await box.hover();
  for (let i = 0; i < 40; i++) {
    if (await target.count()) return true;
    if (await page.getByText("End of the list").count()) return false;
    const before = await box.locator("article").count();
    await page.mouse.wheel(0, 20_000);
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll("[data-testid=implements-scroll] article").length > n ||
        document.body.innerText.includes("End of the list"),
      before,
    );
  }
  return (await target.count()) > 0;
}

describe("implements in Chromium", () => {
  let browser: Browser;
  let a: Student;
  let b: Student;
  let postId: string;
  const title = `Campus robot ${randomBytes(2).toString("hex")}`;

  beforeAll(async () => {
    browser = await launch();
    [a, b] = [await registerStudent("Asha"), await registerStudent("Bala")];
    await Promise.all([fillProfile(a, PROFILE), fillProfile(b, PROFILE)]);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("A posts a problem, B finds it by scrolling and joins, A accepts, both have the chat, A hides it", async () => {
    const pageA = await signedInPage(browser, a);
    const pageB = await signedInPage(browser, b);

    // A posts: both fields required
    await pageA.goto(`${listUrl(a)}/create`);
    await pageA.getByRole("heading", { name: "Post Problem" }).waitFor();
    await pageA.getByRole("button", { name: "Post Problem" }).click();
    await pageA.getByRole("alert").filter({ hasText: "Please enter a title." }).waitFor();
    await pageA.getByLabel("Title").fill(title);
    await pageA.getByLabel("Description").fill("A line-following robot for the library.\n<b>Needs</b> Arduino & C++.");
    await pageA.getByRole("button", { name: "Post Problem" }).click();
    await pageA.waitForURL((u) => u.pathname === `/implements/${a.id}`);
    await pageA.getByRole("heading", { name: "Your Problems" }).waitFor();
    await pageA.getByRole("heading", { name: title }).waitFor();
    postId = (
      await gql<{ myImplementPosts: { edges: Array<{ node: { id: string } }> } }>(
        "{ myImplementPosts { edges { node { id } } } }",
        {},
        a.token,
      )
    ).myImplementPosts.edges[0].node.id;

    // Newer problems push A's below the first page, so B has to scroll to find it.
    const c = await registerStudent("Chitra");
    for (let i = 0; i < 14; i++) {
      await gql(
        "mutation ($input: CreateImplementPostInput!) { createImplementPost(input: $input) { id } }",
        { input: { title: `Filler ${i}`, description: "Another project" } },
        c.token,
      );
    }
    await pageB.goto(listUrl(b));
    await pageB.getByRole("heading", { name: "Problems to solve" }).waitFor();
    const card = pageB.getByRole("heading", { name: title });
    await pageB.getByRole("heading", { name: "Filler 13" }).waitFor();
    expect(await card.count()).toBe(0); // not on the first page
    expect(await scrollUntil(pageB, card)).toBe(true);
    await card.click();
    await pageB.waitForURL((u) => u.pathname === `${listUrl(b)}/${postId}`);
    await pageB.getByRole("heading", { name: "Implement Details" }).waitFor();
    // rendered as text, never as markup
    await pageB.getByText("<b>Needs</b> Arduino & C++.").waitFor();
    expect(await pageB.locator("article b").count()).toBe(0);

    await shots(browser, b, `${listUrl(b)}/${postId}`, "details-join");

    // B joins: a reason is required
    await pageB.getByRole("button", { name: "Join" }).click();
    await pageB.getByRole("alert").filter({ hasText: "Please provide a reason to join." }).waitFor();
    await pageB.getByLabel("Why do you want to join?").fill("I built a line follower for a robotics contest.");
    await pageB.getByRole("button", { name: "Join" }).click();
    await pageB.getByText("Status: Request Sent").waitFor();
    expect(await pageB.getByRole("button", { name: "Join" }).count()).toBe(0);
    await pageB.reload();
    await pageB.getByText("Status: Request Sent").waitFor();
    expect(await pageB.getByRole("button", { name: "Join" }).count()).toBe(0);

    // A sees the applicant and accepts
    await pageA.reload();
    const row = pageA.getByRole("listitem", { name: b.name });
    await row.getByText("I built a line follower for a robotics contest.").waitFor();
    await row.getByText("Pending").waitFor();
    await row.getByRole("button", { name: "Accept" }).click();
    await row.getByText("Accepted").waitFor();
    await row.getByRole("link", { name: "Open chat" }).waitFor();

    // both have the chat
    const chatsOf = async (s: Student) =>
      (
        await gql<{ chats: { edges: Array<{ node: { partner: { id: string } } }> } }>(
          "{ chats { edges { node { partner { id } } } } }",
          {},
          s.token,
        )
      ).chats.edges.map((x) => x.node.partner.id);
    expect(await chatsOf(a)).toEqual([b.id]);
    expect(await chatsOf(b)).toEqual([a.id]);
    for (const [page, partner] of [
      [pageA, b],
      [pageB, a],
    ] as const) {
      await page.goto("/user/chat");
      const link = page.locator(`a[href="/user/chat/${partner.id}"]`);
      await link.waitFor();
      expect(await link.innerText()).toContain(partner.name);
    }
    await pageB.goto(`${listUrl(b)}/${postId}`);
    await pageB.getByText("Status: Accepted").waitFor();
    await pageB.getByRole("link", { name: `Chat with ${a.name}` }).waitFor();

    await shots(browser, a, `/implements/${a.id}`, "your-problems");
    await shots(browser, b, `${listUrl(b)}/${postId}`, "details");
    await shots(browser, b, listUrl(b), "list");
    await shots(browser, b, `${listUrl(b)}/create`, "create");

    // A hides the post: B no longer sees it in the list or its details
    await pageA.goto(`/implements/${a.id}`);
    await pageA.getByRole("button", { name: "Hide Post" }).first().click();
    await pageA.getByRole("button", { name: "Show Post" }).first().waitFor();
    await pageB.goto(listUrl(b));
    await pageB.getByRole("heading", { name: "Filler 13" }).waitFor();
    expect(await scrollUntil(pageB, pageB.getByRole("heading", { name: title }))).toBe(false);
    await pageB.getByText("End of the list").waitFor();
    await pageB.goto(`${listUrl(b)}/${postId}`);
    await pageB.getByText("This problem is not available").waitFor();

    await pageA.context().close();
    await pageB.context().close();
  });

  it("rejects with a reason from the dialog; the rejected student no longer sees the post", async () => {
    const owner = await registerStudent("Devi");
    const applicant = await registerStudent("Ezhil");
    const { createImplementPost } = await gql<{ createImplementPost: { id: string } }>(
      "mutation ($input: CreateImplementPostInput!) { createImplementPost(input: $input) { id } }",
      { input: { title: "Rejectable project", description: "Needs a designer" } },
      owner.token,
    );
    await gql(
      "mutation ($input: JoinImplementPostInput!) { joinImplementPost(input: $input) { id } }",
      { input: { postId: createImplementPost.id, description: "I design" } },
      applicant.token,
    );
    const page = await signedInPage(browser, owner);
    await page.goto(`/implements/${owner.id}`);
    const row = page.getByRole("listitem", { name: applicant.name });
    await row.getByRole("button", { name: "Reject permanently" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Reject permanently" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Please select or provide a reason for rejection" }).waitFor();
    await dialog.getByLabel("Other").check();
    await dialog.getByRole("button", { name: "Reject permanently" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Please provide a reason for rejection" }).waitFor();
    await dialog.getByLabel("Describe the reason").fill("We need someone on campus");
    if (shotsDir) await page.screenshot({ path: path.join(shotsDir, "implements-reject-dialog-1280.png") });
    await dialog.getByRole("button", { name: "Reject permanently" }).click();
    await row.getByText("Reason: We need someone on campus").waitFor();
    await row.getByText("Rejected permanently").waitFor();
    expect(await row.getByRole("button", { name: "Accept" }).count()).toBe(0);
    await page.context().close();

    const seen = await gql<{ implementPosts: { edges: Array<{ node: { id: string } }> } }>(
      "{ implementPosts(first: 50) { edges { node { id } } } }",
      {},
      applicant.token,
    );
    expect(seen.implementPosts.edges.map((e) => e.node.id)).not.toContain(createImplementPost.id);
  });
});
