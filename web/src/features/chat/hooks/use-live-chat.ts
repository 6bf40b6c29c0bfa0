import { useSubscription } from "@apollo/client/react";
import type { ApolloCache } from "@apollo/client";
import { useState } from "react";
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
 * into the Chat by id. `lastSeq` is the newest message the cached chat holds: the subscription
 * asks for what came after the seq it had when the subscription started (`afterSeq`), so a message
 * sent between the chat's answer and the subscription being live on the server still arrives.
 */
export function useLiveChat(chatWith: string, enabled: boolean, lastSeq: number): void {
  // Taken once as the subscription starts and kept while it runs: variables that followed every new
  // message would make Apollo resubscribe on each one. (A message the catch-up repeats merges by id.)
  const [since, setSince] = useState<{ chatWith: string; seq: number } | null>(null);
  if (!enabled && since) setSince(null);
  else if (enabled && since?.chatWith !== chatWith) setSince({ chatWith, seq: lastSeq });
  const afterSeq = since?.chatWith === chatWith ? since.seq : lastSeq;
  useSubscription(MessageAddedDocument, {
    variables: { chatWith, afterSeq },
    skip: !enabled,
    onData: ({ client, data }) => {
      const m = data.data?.messageAdded;
      if (m) addMessageToCache(client.cache, chatWith, m);
    },
  });
  useSubscription(ChatUpdatedDocument, { variables: { chatWith }, skip: !enabled });
}
