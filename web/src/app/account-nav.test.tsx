import { act, fireEvent, screen, within } from "@testing-library/react";
import { Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { Navbar } from "../components/layouts/Navbar";
import { renderWithClient } from "../features/profiles/components/test-client";
import { ACCOUNT_MENU_LABEL, AccountNav } from "./account-nav";

const me = {
  __typename: "Me",
  id: "u1",
  name: "Asha Rao",
  email: "22z212@psgtech.ac.in",
  image: null,
  gender: "FEMALE",
  detailsFilled: true,
  isOperator: false,
};

/** A promise the test settles: a subscription's one event, sent when the test says. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** The navbar and a signed-in page that is not the dashboard (the coins page's place). */
function renderSignedInPage(overrides: Record<string, () => unknown> = {}) {
  return renderWithClient(
    [
      {
        element: (
          <>
            <Navbar />
            <AccountNav />
            <Outlet />
          </>
        ),
        children: [{ path: "/skill-coins", element: <h1>Skill Coins</h1> }],
      },
    ],
    "/skill-coins",
    {
      DashboardViewer: () => ({ me }),
      DashboardCounts: () => ({ notificationCount: 3, unreadMessageCount: 2 }),
      NotificationAdded: () => new Promise(() => undefined),
      UnreadMessageCountChanged: () => new Promise(() => undefined),
      ...overrides,
    },
  );
}

describe("AccountNav: the student's navigation on every signed-in page", () => {
  it("shows the notification and unread counts in the bar, as badges on the links that lead to them", async () => {
    renderSignedInPage();
    const bar = screen.getByRole("navigation", { name: "Main" });
    const notifications = await within(bar).findByRole("link", { name: "Notifications: 3" });
    expect(notifications.getAttribute("href")).toBe("/u1/notifications");
    expect(notifications.textContent).toBe("3");
    const chat = within(bar).getByRole("link", { name: "Chat: 2" });
    expect(chat.getAttribute("href")).toBe("/user/chat");
    expect(chat.textContent).toBe("2");
  });

  it("puts Notifications, Chat, Coins, Profile, Leaderboard, Implement, Game, Settings and Logout in the menu, with their spec paths", async () => {
    renderSignedInPage();
    const toggle = screen.getByRole("button", { name: "Open menu" });
    const menu = document.getElementById(toggle.getAttribute("aria-controls")!)!;
    const account = await within(menu).findByRole("list", { name: ACCOUNT_MENU_LABEL });
    await within(account).findByText("Chat (2)");
    const links = within(account)
      .getAllByRole("link")
      .map((a) => [a.textContent, a.getAttribute("href")]);
    expect(links).toEqual([
      ["Notifications (3)", "/u1/notifications"],
      ["Chat (2)", "/user/chat"],
      ["Profile", "/user/u1/u1/Female"],
      ["Implement", "/implements/u1/Asha%20Rao"],
      ["Leaderboard", "/leaderboard/u1"],
      ["Game", "/game/u1"],
      ["Coins", "/skill-coins"],
      ["Settings", "/settings/notifications"],
      ["Logout", "/logout"],
    ]);
    fireEvent.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    // One menu button, whatever the page.
    expect(screen.getAllByRole("button", { name: /menu/i })).toHaveLength(1);
  });

  it("keeps the counts live: a message arriving on any page changes the chat badge", async () => {
    const unread = later<{ unreadMessageCountChanged: number }>();
    renderSignedInPage({ UnreadMessageCountChanged: () => unread.promise });
    const bar = screen.getByRole("navigation", { name: "Main" });
    await within(bar).findByRole("link", { name: "Chat: 2" });
    await act(async () => unread.resolve({ unreadMessageCountChanged: 5 }));
    expect((await within(bar).findByRole("link", { name: "Chat: 5" })).textContent).toBe("5");
  });

  it("shows no badge for zero and no student links before the student is known", async () => {
    const viewer = later<{ me: typeof me }>();
    renderSignedInPage({ DashboardViewer: () => viewer.promise, DashboardCounts: () => ({ notificationCount: 0, unreadMessageCount: 0 }) });
    const bar = screen.getByRole("navigation", { name: "Main" });
    expect(within(bar).queryByRole("link", { name: /^Chat/ })).toBeNull();
    await act(async () => viewer.resolve({ me }));
    // The menu's link and the bar's icon (no badge), both plain "Chat" (the menu comes first in the page, as its
    // site links show left of the icons on wide screens).
    const chats = await within(bar).findAllByRole("link", { name: "Chat" });
    expect(chats.map((a) => a.textContent)).toEqual(["Chat", ""]);
  });
});
