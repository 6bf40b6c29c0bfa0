import type { ApolloCache } from "@apollo/client";
import { useSubscription } from "@apollo/client/react";
import { ChatListChangedDocument, ChatListDocument, type ChatListChangedSubscription } from "../../../gql/graphql";
import { CHATS_PAGE } from "../utils/paging";

type ListChange = ChatListChangedSubscription["chatListChanged"];

/** The server's list order: latest activity first, then the higher id. */
const newestFirst = (a: { node: { lastMessageAt: string; id: string } }, b: { node: { lastMessageAt: string; id: string } }) =>
  Date.parse(b.node.lastMessageAt) - Date.parse(a.node.lastMessageAt) || (a.node.id < b.node.id ? 1 : a.node.id > b.node.id ? -1 : 0);

/**
 * Writes one live change into the cached chat list (its first pages): the chat goes where its
 * latest activity puts it (a new message or a new chat: the top) with its preview and unread
 * count. A chat beyond the pages loaded that does not reach them is left for "Show more". A
 * partner's presence needs nothing here: the cache merges the ChatUser by id.
 */
export function applyChatListChange(cache: ApolloCache, change: ListChange): void {
  const { item, cursor } = change;
  if (!item || !cursor) return;
  cache.updateQuery({ query: ChatListDocument, variables: { first: CHATS_PAGE, after: null } }, (data) => {
    if (!data?.chats) return undefined;
    const edge = { __typename: "ChatListItemEdge" as const, cursor, node: item };
    const rest = data.chats.edges.filter((e) => e.node.id !== item.id);
    // Before the first chat it is newer than; the others keep their order.
    let at = rest.findIndex((e) => newestFirst(edge, e) < 0);
    if (at < 0) {
      const listed = rest.length !== data.chats.edges.length;
      if (!listed && data.chats.pageInfo.hasNextPage) return undefined;
      at = rest.length;
    }
    return { chats: { ...data.chats, edges: [...rest.slice(0, at), edge, ...rest.slice(at)] } };
  });
}

/**
 * Keeps an open chat list live over the realtime socket: the server sends the caller's own
 * changes only (their chats' messages either way, new chats, reads on another device, status
 * changes, partners coming online or going offline).
 */
export function useLiveChatList(enabled: boolean): void {
  useSubscription(ChatListChangedDocument, {
    skip: !enabled,
    onData: ({ client, data }) => {
      const change = data.data?.chatListChanged;
      if (change) applyChatListChange(client.cache, change);
    },
  });
}
