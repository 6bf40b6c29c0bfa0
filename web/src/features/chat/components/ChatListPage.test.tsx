import { InMemoryCache } from "@apollo/client";
import { MockedProvider } from "@apollo/client/testing/react";
import { render, screen, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ChatListDocument } from "../../../gql/graphql";
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

describe("chat list", () => {
  it("shows who is online and each chat's unread count, with words for screen readers", async () => {
    const router = createMemoryRouter([{ path: "/user/chat", element: <ChatListPage /> }], { initialEntries: ["/user/chat"] });
    render(
      <MockedProvider
        mocks={[{ request: { query: ChatListDocument, variables: { first: CHATS_PAGE, after: null } }, result: { data: { chats } } }]}
        cache={new InMemoryCache({ typePolicies })}
      >
        <RouterProvider router={router} />
      </MockedProvider>,
    );
    const ravi = await screen.findByRole("link", { name: /Ravi Kumar/ });
    expect(ravi.textContent).toContain("online");
    expect(within(ravi).getByText(/unread messages/).parentElement?.textContent).toBe("3 unread messages");
    const meera = screen.getByRole("link", { name: /Meera Das/ });
    expect(meera.textContent).not.toContain("online");
    expect(meera.textContent).not.toContain("unread");
  });
});
