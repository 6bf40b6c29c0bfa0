import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, it } from "vitest";
import { gql, launch } from "./support/browser.js";
import { chattingPair, signedInPage, type Student } from "./support/students.js";

describe("unread counts and presence in Chromium, two students", () => {
  let browser: Browser;
  let asha: Student;
  let ravi: Student;
  beforeAll(async () => {
    browser = await launch();
    ({ asha, ravi } = await chattingPair("TypeScript", "Rust"));
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("the dashboard counts a new message live, the list shows the partner online with a badge, opening the chat clears it", async () => {
    const a = await signedInPage(browser, asha);
    const b = await signedInPage(browser, ravi);
    await a.goto(`/dashboard/${asha.id}`);
    await a.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Chat", exact: true }).waitFor();
    // Ravi has the chat open: a live connection, so he is online.
    await b.goto(`/user/chat/${asha.id}`);
    await b.getByText("No messages yet").waitFor();

    await gql("mutation ($c: ID!, $b: String!) { sendMessage(chatWith: $c, body: $b) { id } }", { c: asha.id, b: "Hi Asha" }, ravi.token);
    await a.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Chat (1)" }).waitFor();

    await a.goto("/user/chat");
    const row = a.getByRole("link", { name: new RegExp(ravi.name) });
    await row.getByText("online", { exact: true }).waitFor();
    await row.getByText("unread message").waitFor();

    await row.click();
    // The chat itself, not the list's preview of the same words (still on screen while the chat loads).
    await a.waitForURL((url) => url.pathname === `/user/chat/${ravi.id}`);
    await a.getByRole("heading", { level: 1, name: ravi.name }).waitFor();
    await a.getByText("Hi Asha").waitFor();
    // Back inside the app (a full reload could cut the read request short).
    await a.getByRole("link", { name: "Back" }).click();
    await a.getByRole("heading", { name: "Chats", exact: true }).waitFor();
    await a.getByText("unread message").waitFor({ state: "detached" });

    // Ravi hides his status: Asha's list no longer shows him online.
    await gql("mutation { setOnlineStatusVisible(visible: false) { onlineStatusVisible } }", {}, ravi.token);
    await a.reload();
    await a.getByRole("link", { name: new RegExp(ravi.name) }).waitFor();
    await a.getByText("online", { exact: true }).waitFor({ state: "detached" });
  });
});
