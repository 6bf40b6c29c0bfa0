import { useMutation, useSubscription } from "@apollo/client/react";
import { useEffect } from "react";
import {
  ChatListDocument,
  MarkChatReadDocument,
  UnreadMessageCountChangedDocument,
  UnreadMessageCountDocument,
} from "../../../gql/graphql";
import { CHATS_PAGE } from "../utils/paging";

/**
 * Keeps the cached `unreadMessageCount` (the dashboard's "Chat (n)") live: the server sends the
 * caller's new total whenever a message arrives or they read a chat, on any device.
 */
export function useLiveUnreadCount(enabled: boolean): void {
  useSubscription(UnreadMessageCountChangedDocument, {
    skip: !enabled,
    onData: ({ client, data }) => {
      const count = data.data?.unreadMessageCountChanged;
      if (typeof count === "number") client.cache.writeQuery({ query: UnreadMessageCountDocument, data: { unreadMessageCount: count } });
    },
  });
}

/**
 * Marks the open chat read when it opens and again whenever the partner's newest message changes
 * while it is open, and clears its badge in the cached chat list.
 */
export function useMarkChatRead(chatWith: string, latestFromPartner: number, enabled: boolean): void {
  const [markRead] = useMutation(MarkChatReadDocument, {
    update: (cache, { data }) => {
      const item = data?.markChatRead;
      if (!item) return;
      cache.updateQuery({ query: ChatListDocument, variables: { first: CHATS_PAGE, after: null } }, (list) => {
        if (!list?.chats.edges.some((e) => e.node.id === item.id && e.node.unreadCount !== item.unreadCount)) return undefined;
        const edges = list.chats.edges.map((e) =>
          e.node.id === item.id ? { ...e, node: { ...e.node, unreadCount: item.unreadCount } } : e,
        );
        return { chats: { ...list.chats, edges } };
      });
    },
  });
  useEffect(() => {
    if (enabled) void markRead({ variables: { chatWith } }).catch(() => undefined);
  }, [chatWith, latestFromPartner, enabled, markRead]);
}
