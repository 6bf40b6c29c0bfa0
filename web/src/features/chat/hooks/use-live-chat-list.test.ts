import { InMemoryCache } from "@apollo/client";
import { describe, expect, it } from "vitest";
import { ChatListDocument } from "../../../gql/graphql";
import { typePolicies } from "../../../lib/type-policies";
import { CHATS_PAGE } from "../utils/paging";
import { applyChatListChange } from "./use-live-chat-list";

const node = (id: string, at: string, unreadCount = 0) => ({
  __typename: "ChatListItem" as const,
  id,
  status: "IN_PROGRESS" as const,
  lastMessageAt: at,
  lastMessagePreview: null,
  lastMessageFromMe: false,
  unreadCount,
  partner: { __typename: "ChatUser" as const, id: `u-${id}`, name: `Partner ${id}`, image: null, online: false },
});
const variables = { first: CHATS_PAGE, after: null };

function cacheWith(hasNextPage: boolean) {
  const cache = new InMemoryCache({ typePolicies });
  cache.writeQuery({
    query: ChatListDocument,
    variables,
    data: {
      chats: {
        __typename: "ChatListItemConnection",
        edges: [
          { __typename: "ChatListItemEdge", cursor: "c1", node: node("c1", "2026-01-05T10:00:00.000Z") },
          { __typename: "ChatListItemEdge", cursor: "c2", node: node("c2", "2026-01-05T09:00:00.000Z") },
        ],
        pageInfo: { __typename: "PageInfo", hasNextPage, endCursor: "c2" },
      },
    },
  });
  const ids = () => cache.readQuery({ query: ChatListDocument, variables })!.chats.edges.map((e) => e.node.id);
  return { cache, ids };
}

const change = (item: ReturnType<typeof node>) => ({ __typename: "ChatListChange" as const, cursor: `k-${item.id}`, item, partner: null });

describe("applyChatListChange", () => {
  it("puts a chat with a new message first and keeps the others' order", () => {
    const { cache, ids } = cacheWith(true);
    applyChatListChange(cache, change(node("c2", "2026-01-05T11:00:00.000Z", 1)));
    expect(ids()).toEqual(["c2", "c1"]);
    applyChatListChange(cache, change(node("c9", "2026-01-05T12:00:00.000Z")));
    expect(ids()).toEqual(["c9", "c2", "c1"]);
  });

  it("leaves an older chat beyond the loaded pages to 'Show more', and places it when the list is complete", () => {
    const older = node("c0", "2026-01-04T09:00:00.000Z", 2);
    const paged = cacheWith(true);
    applyChatListChange(paged.cache, change(older));
    expect(paged.ids()).toEqual(["c1", "c2"]);
    const whole = cacheWith(false);
    applyChatListChange(whole.cache, change(older));
    expect(whole.ids()).toEqual(["c1", "c2", "c0"]);
  });

  it("changes nothing for a presence change (the ChatUser merges by id)", () => {
    const { cache, ids } = cacheWith(false);
    applyChatListChange(cache, {
      __typename: "ChatListChange",
      cursor: null,
      item: null,
      partner: { __typename: "ChatUser", id: "u-c2", online: true },
    });
    expect(ids()).toEqual(["c1", "c2"]);
  });
});
