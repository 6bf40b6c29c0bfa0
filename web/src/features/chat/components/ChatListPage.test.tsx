import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ChatListChangedDocument, ChatListDocument } from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { CHATS_PAGE } from "../utils/paging";
import { ChatListPage } from "./ChatListPage";

const item = (id: string, name: string, unreadCount: number, online: boolean) => ({
  __typename: "ChatListItem",
  id,
  status: "IN_PROGRESS",
  lastMessageAt: "2026-01-05T09:01:00.000Z",
  lastMessagePreview: "hello",
  lastMessageFromMe: false,
  unreadCount,
  partner: { __typename: "ChatUser", id: `u-${id}`, name, image: null, online },
});

const chats = {
  __typename: "ChatListItemConnection",
  edges: [
    { __typename: "ChatListItemEdge", cursor: "a", node: item("c1", "Ravi Kumar", 3, true) },
    { __typename: "ChatListItemEdge", cursor: "b", node: item("c2", "Meera Das", 0, false) },
  ],
  pageInfo: { __typename: "PageInfo", hasNextPage: false, endCursor: "b" },
};

/** The list page with its query answered and, optionally, one live change delivered after it loaded. */
function renderList(change?: unknown) {
  const router = createMemoryRouter([{ path: "/user/chat", element: <ChatListPage /> }], { initialEntries: ["/user/chat"] });
  const live = change
    ? { request: { query: ChatListChangedDocument }, result: { data: { chatListChanged: change } }, delay: 30 }
    : { request: { query: ChatListChangedDocument }, result: { data: {} }, delay: Infinity };
  render(
    <MockedProvider
      mocks={[{ request: { query: ChatListDocument, variables: { first: CHATS_PAGE, after: null } }, result: { data: { chats } } }, live]}
      cache={new InMemoryCache({ typePolicies })}
    >
      <RouterProvider router={router} />
    </MockedProvider>,
  );
}

const names = () =>
  within(screen.getByRole("list", { name: "Your chats" }))
    .getAllByRole("link")
    .map((a) => within(a).getByText(/Ravi Kumar|Meera Das|Kiran Rao/).textContent);

describe("chat list", () => {
  it("shows who is online and each chat's unread count, with words for screen readers", async () => {
    renderList();
    const ravi = await screen.findByRole("link", { name: /Ravi Kumar/ });
    expect(ravi.textContent).toContain("online");
    expect(within(ravi).getByText(/unread messages/).parentElement?.textContent).toBe("3 unread messages");
    const meera = screen.getByRole("link", { name: /Meera Das/ });
    expect(meera.textContent).not.toContain("online");
    expect(meera.textContent).not.toContain("unread");
  });
});

describe("the live chat list", () => {
  it("moves a chat with a new message to the top with its preview and unread count", async () => {
    renderList({
      __typename: "ChatListChange",
      cursor: "m",
      item: { ...item("c2", "Meera Das", 2, false), lastMessageAt: "2026-01-05T10:00:00.000Z", lastMessagePreview: "are you free at six?" },
      partner: null,
    });
    await screen.findByRole("link", { name: /Ravi Kumar/ });
    await waitFor(() => expect(names()).toEqual(["Meera Das", "Ravi Kumar"]));
    const meera = screen.getByRole("link", { name: /Meera Das/ });
    expect(meera.textContent).toContain("are you free at six?");
    expect(within(meera).getByText(/unread messages/).parentElement?.textContent).toBe("2 unread messages");
  });

  it("adds a new chat at the top", async () => {
    renderList({
      __typename: "ChatListChange",
      cursor: "n",
      item: { ...item("c3", "Kiran Rao", 0, true), lastMessageAt: "2026-01-05T11:00:00.000Z", lastMessagePreview: null },
      partner: null,
    });
    await waitFor(() => expect(names()).toEqual(["Kiran Rao", "Ravi Kumar", "Meera Das"]));
    expect(screen.getByRole("link", { name: /Kiran Rao/ }).textContent).toContain("No messages yet. Say hello!");
  });

  it("turns a partner's presence dot on in place", async () => {
    renderList({ __typename: "ChatListChange", cursor: null, item: null, partner: { __typename: "ChatUser", id: "u-c2", online: true } });
    await waitFor(() => expect(screen.getByRole("link", { name: /Meera Das/ }).textContent).toContain("online"));
    expect(names()).toEqual(["Ravi Kumar", "Meera Das"]);
  });
});
