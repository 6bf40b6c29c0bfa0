import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launch, PHONE } from "./support/browser.js";
import { chattingPair, fillProfile, openSwapChat, registerStudent, signedInPage, type Student, techProfile } from "./support/students.js";

const shotsDir = process.env.E2E_SCREENSHOTS;
/** The page at phone and desktop widths (only when E2E_SCREENSHOTS names a folder). */
async function shots(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  const before = page.viewportSize();
  for (const [label, size] of [
    ["375", PHONE],
    ["1280", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: path.join(shotsDir, `chat-live-${name}-${label}.png`) });
  }
  if (before) await page.setViewportSize(before);
}

/** The names in the chat list, top first. */
const listed = (page: Page) => page.getByRole("list", { name: "Your chats" }).getByRole("link");

describe("a chat that feels live, in Chromium", () => {
  let browser: Browser;
  let asha: Student;
  let ravi: Student;
  let kiran: Student;
  beforeAll(async () => {
    browser = await launch();
    ({ asha, ravi } = await chattingPair("Go", "Kotlin"));
    // A later chat with Kiran: it starts above Ravi's in Asha's list.
    kiran = await registerStudent("Kiran");
    await fillProfile(kiran, techProfile("Male", "Kotlin", "Go"));
    await openSwapChat(kiran, asha, "Kotlin", "Go");
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the open chat list moves on a new message, and shows the partner come online, without a reload", async () => {
    const a = await signedInPage(browser, asha, PHONE);
    const b = await signedInPage(browser, ravi);
    await a.goto("/user/chat");
    await expect.poll(() => listed(a).allTextContents()).toEqual([expect.stringContaining(kiran.name), expect.stringContaining(ravi.name)]);
    const raviRow = listed(a).filter({ hasText: ravi.name });
    expect(await raviRow.getByText("online", { exact: true }).count()).toBe(0);

    // Ravi opens the app: his dot turns on in Asha's open list.
    await b.goto(`/user/chat/${asha.id}`);
    await b.getByText("No messages yet").waitFor();
    await raviRow.getByText("online", { exact: true }).waitFor();

    await b.getByLabel("Message", { exact: true }).fill("Are you free at six?");
    await b.getByRole("button", { name: "Send" }).click();
    // Asha's list (never reloaded) puts Ravi's chat first, with the preview and one unread message.
    await expect.poll(() => listed(a).first().textContent()).toEqual(expect.stringContaining(ravi.name));
    await raviRow.getByText("Are you free at six?").waitFor();
    await raviRow.getByText("unread message").waitFor();
    await shots(a, "list");
    await a.context().close();
    await b.context().close();
  });

  it("the typing line appears while the partner types and clears when the message is sent", async () => {
    const a = await signedInPage(browser, asha, PHONE);
    const b = await signedInPage(browser, ravi);
    await a.goto(`/user/chat/${ravi.id}`);
    await b.goto(`/user/chat/${asha.id}`);
    await a.getByText("Are you free at six?").waitFor();
    await b.getByText("Are you free at six?").waitFor();

    const typingLine = a.getByText(`${ravi.name.split(" ")[0]} is typing…`);
    await b.getByLabel("Message", { exact: true }).pressSequentially("Six works, see", { delay: 40 });
    await typingLine.waitFor();
    expect(await typingLine.getAttribute("aria-live")).toBe("polite");
    await shots(a, "typing");

    await b.getByLabel("Message", { exact: true }).press("Enter");
    await a.getByText("Six works, see").waitFor();
    await typingLine.waitFor({ state: "detached" });
    await a.context().close();
    await b.context().close();
  });
});
