/**
 * Answers where the student is looking, on a 375 x 812 touch screen: the answer to an action far
 * down a page (implements, lessons) shows inside the viewport and is announced, the next action
 * ends it, and on the chat page it never covers the message composer.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { gql, launch, TOUCH_PHONE } from "./support/browser.js";
import { chattingPair, fillProfile, registerStudent, signedInPage, skill, type Student } from "./support/students.js";

const shotsDir = process.env.E2E_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.screenshot({ path: path.join(shotsDir, `phone-feedback-${name}.png`) });
}

/** The whole box of `target` lies inside the viewport, and it is a status or an alert. */
async function expectShownAndAnnounced(page: Page, target: Locator, role: "status" | "alert") {
  const box = await target.boundingBox();
  const viewport = page.viewportSize()!;
  expect(viewport).toEqual({ width: 375, height: 812 });
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height);
  expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
  expect(await target.getAttribute("role")).toBe(role);
}

/** The page is scrolled: what the student tapped is not at the top of the document. */
const scrolled = (page: Page) => page.evaluate(() => window.scrollY);

const LONG = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1}: sensors, motors, a battery and a lot of patience.`).join("\n\n");

async function createPost(owner: Student, title: string, description = "A small project."): Promise<string> {
  const { createImplementPost } = await gql<{ createImplementPost: { id: string } }>(
    "mutation ($input: CreateImplementPostInput!) { createImplementPost(input: $input) { id } }",
    { input: { title, description } },
    owner.token,
  );
  return createImplementPost.id;
}

describe("answers on a phone", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("implements: joining far down a long problem and accepting an applicant far down Your Problems answer inside the viewport", async () => {
    const [owner, student] = [await registerStudent("Meena"), await registerStudent("Naveen")];
    const profile = { gender: "Female" as const, skillsKnown: [skill("React")], skillsRequired: [skill("Rust")] };
    await Promise.all([fillProfile(owner, profile), fillProfile(student, { ...profile, gender: "Male" })]);
    const postId = await createPost(owner, "Line-following robot", LONG);

    // The student joins: Join is below a long description, the answer at the bottom of the screen.
    const page = await signedInPage(browser, student, TOUCH_PHONE);
    await page.goto(`/implements/${student.id}/${encodeURIComponent(student.name)}/${postId}`);
    await page.getByRole("heading", { name: "Implement Details" }).waitFor();
    await page.getByLabel("Why do you want to join?").fill("I built a line follower for a contest.");
    await page.getByRole("button", { name: "Join" }).tap();
    const sent = page
      .getByTestId("action-feedback")
      .getByRole("status")
      .filter({ hasText: `Request sent. ${owner.name} decides` });
    await sent.waitFor();
    expect(await scrolled(page)).toBeGreaterThan(300);
    await expectShownAndAnnounced(page, sent, "status");
    await page.getByText("Status: Request Sent").waitFor();
    await shot(page, "join-375");
    await page.context().close();

    // Newer posts push the applicant's post down Your Problems; Accept is far down the page.
    for (let i = 0; i < 4; i++) await createPost(owner, `Newer project ${i}`, LONG.slice(0, 400));
    const mine = await signedInPage(browser, owner, TOUCH_PHONE);
    await mine.goto(`/implements/${owner.id}`);
    const row = mine.getByRole("listitem", { name: student.name });
    await row.getByText("Pending").waitFor();
    await row.getByRole("button", { name: "Accept" }).tap();
    const accepted = mine.getByRole("status").filter({ hasText: `You accepted ${student.name}. You can chat with them now.` });
    await accepted.waitFor();
    expect(await scrolled(mine)).toBeGreaterThan(800);
    await expectShownAndAnnounced(mine, accepted, "status");
    await row.getByText("Accepted").waitFor();
    await shot(mine, "accept-375");

    // The next action ends it: opening Reject clears the answer before anything is sent.
    await row.getByRole("button", { name: "Reject", exact: true }).tap();
    await mine.getByRole("dialog").waitFor();
    expect(await mine.getByText(`You accepted ${student.name}`).count()).toBe(0);
    await mine.getByRole("dialog").getByRole("button", { name: "Cancel" }).tap();
    await mine.context().close();
  });

  it("chat: the newest messages scroll out from under a long answer, which stays above the composer", async () => {
    const { asha, ravi } = await chattingPair("Clojure", "Erlang");
    for (let i = 1; i <= 14; i++)
      await gql(
        "mutation ($c: ID!, $b: String!) { sendMessage(chatWith: $c, body: $b) { id } }",
        { c: i % 2 ? ravi.id : asha.id, b: `Message number ${i}` },
        i % 2 ? asha.token : ravi.token,
      );
    const page = await signedInPage(browser, asha, TOUCH_PHONE);
    await page.goto(`/user/chat/${ravi.id}`);
    await page.getByText("Message number 14").waitFor();
    // Too early to finish: the answer is long (the spec's text) and stays until the next action. The
    // answer is held until "Finishing..." shows: the wider label wraps the header's actions for a moment,
    // so the list shrinks and grows again around the answer, as on a phone whose network is not instant.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/graphql", async (route) => {
      if (route.request().postData()?.includes("FinishChat")) await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Finish" }).tap();
    await page.getByRole("button", { name: "Finishing..." }).waitFor();
    release();
    const early = page.getByRole("alert").filter({ hasText: "You should have learned for atleast 10 days" });
    await early.waitFor();
    // The reader was at the bottom: the list keeps them there, the newest message above the answer.
    const bar = (await early.boundingBox())!;
    const newest = page.getByText("Message number 14");
    await expect.poll(async () => (await newest.boundingBox())!.y + (await newest.boundingBox())!.height).toBeLessThanOrEqual(bar.y);
    const composer = (await page.getByRole("form", { name: "Send a message" }).boundingBox())!;
    expect(bar.y + bar.height).toBeLessThanOrEqual(composer.y);
    await shot(page, "chat-room-under-answer-375");
    // Dismissed, the room goes with it.
    await early.getByRole("button", { name: "Dismiss" }).tap();
    await early.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--action-feedback-height"))).toBe("");
    await page.context().close();
  });

  it("lessons: proposing a lesson answers inside the viewport, above the chat's composer, and the next action ends it", async () => {
    const { asha, ravi } = await chattingPair("Elixir", "Haskell");
    const page = await signedInPage(browser, asha, TOUCH_PHONE);
    await page.goto(`/user/chat/${ravi.id}`);
    await page.getByRole("heading", { name: "Lessons" }).waitFor();
    await page.getByRole("button", { name: "Schedule a lesson" }).tap();
    const dialog = page.getByRole("dialog", { name: "Schedule a lesson" });
    const tomorrow = new Date(Date.now() + 86_400_000);
    const day = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, "0")}-${String(tomorrow.getDate()).padStart(2, "0")}`;
    await dialog.getByLabel("Date").fill(day);
    await dialog.getByLabel("Start time").fill("18:30");
    await dialog.getByLabel("Duration").selectOption("60");
    await dialog.getByRole("button", { name: "Propose time" }).tap();
    await dialog.waitFor({ state: "detached" });

    const proposed = page.getByRole("status").filter({ hasText: `Lesson proposed to ${ravi.name}.` });
    await proposed.waitFor();
    await expectShownAndAnnounced(page, proposed, "status");
    await page.getByText("You proposed: waiting for").waitFor();

    // The composer stays uncovered and usable while the answer shows.
    const composer = page.getByRole("form", { name: "Send a message" });
    const input = page.getByLabel("Message", { exact: true });
    const bar = (await proposed.boundingBox())!;
    const box = (await composer.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(812);
    expect(bar.y + bar.height).toBeLessThanOrEqual(box.y);
    await shot(page, "lesson-proposed-375");
    await input.tap();
    await input.fill("See you tomorrow");
    await page.getByRole("button", { name: "Send" }).tap();
    // Sending is the next action: the proposal's answer is gone, the message is in.
    await page.getByText("See you tomorrow").last().waitFor();
    expect(await page.getByText(`Lesson proposed to ${ravi.name}.`).count()).toBe(0);

    // Ravi accepts (it arrives live); cancelling the lesson answers in the same place, still above the composer.
    const { lessons } = await gql<{ lessons: { edges: Array<{ node: { id: string; slots: Array<{ id: string }> } }> } }>(
      "query ($c: ID!) { lessons(chatWith: $c, first: 5) { edges { node { id slots { id } } } } }",
      { c: asha.id },
      ravi.token,
    );
    const lesson = lessons.edges[0]!.node;
    await gql(
      "mutation ($l: ID!, $s: ID!) { acceptLessonSlot(lessonId: $l, slotId: $s) { id } }",
      { l: lesson.id, s: lesson.slots[0]!.id },
      ravi.token,
    );
    await page.getByText(/Lesson scheduled:/).waitFor();
    await page.getByRole("button", { name: "Cancel lesson" }).tap();
    // It mails both students: asked once more first.
    const ask = page.getByRole("alertdialog", { name: "Cancel this lesson?" });
    await ask.waitFor();
    await shot(page, "cancel-lesson-ask-375");
    await ask.getByRole("button", { name: "Cancel lesson" }).tap();
    const cancelled = page.getByRole("status").filter({ hasText: "Lesson cancelled." });
    await cancelled.waitFor();
    await expectShownAndAnnounced(page, cancelled, "status");
    const after = (await cancelled.boundingBox())!;
    const composerNow = (await composer.boundingBox())!;
    expect(after.y + after.height).toBeLessThanOrEqual(composerNow.y);
    await page.context().close();
  });
});
