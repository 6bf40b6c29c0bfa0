import { useSubscription } from "@apollo/client/react";
import type { ApolloCache } from "@apollo/client";
import { ChatDocument, ChatUpdatedDocument, MessageAddedDocument } from "../../../gql/graphql";
import type { ChatMessage } from "../utils/messages";

/** Adds a message to the cached chat (once: the cache policy merges by id and orders by seq). */
export function addMessageToCache(cache: ApolloCache, chatWith: string, message: ChatMessage): void {
  cache.updateQuery({ query: ChatDocument, variables: { chatWith } }, (data) => {
    if (!data?.chat) return undefined;
    const edges = data.chat.messages.edges;
    if (edges.some((e) => e.node.id === message.id)) return undefined;
    const edge = { __typename: "ChatMessageEdge" as const, node: message };
    return { chat: { ...data.chat, messages: { ...data.chat.messages, edges: [...edges, edge] } } };
  });
}

/**
 * Keeps an open chat live: new messages from either side (the server sends this chat's only,
 * to its two participants only) and changes of link, finish or status, which the cache merges
 * into the Chat by id.
 */
export function useLiveChat(chatWith: string, enabled: boolean): void {
  useSubscription(MessageAddedDocument, {
    variables: { chatWith },
    skip: !enabled,
    onData: ({ client, data }) => {
      const m = data.data?.messageAdded;
      if (m) addMessageToCache(client.cache, chatWith, m);
    },
  });
  useSubscription(ChatUpdatedDocument, { variables: { chatWith }, skip: !enabled });
}
