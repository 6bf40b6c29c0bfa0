import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { SendMessageDocument } from "../../../gql/graphql";
import { type ChatMessage, OPTIMISTIC_PREFIX } from "../utils/messages";
import { addMessageToCache } from "./use-live-chat";

function newClientId(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

interface SendContext {
  chatWith: string;
  chatId: string;
  meId: string;
  lastSeq: number;
}

/**
 * Sends a message, showing it at once: an optimistic copy goes into the cached chat and is
 * replaced by the stored message when the server answers (or dropped, when it refuses).
 */
export function useSendMessage({ chatWith, chatId, meId, lastSeq }: SendContext) {
  const [mutate] = useMutation(SendMessageDocument);
  return useCallback(
    async (body: string): Promise<void> => {
      const clientId = newClientId();
      const optimistic: ChatMessage = {
        __typename: "ChatMessage",
        id: `${OPTIMISTIC_PREFIX}${clientId}`,
        chatId,
        seq: lastSeq + 1,
        fromUserId: meId,
        toUserId: chatWith,
        body,
        createdAt: new Date().toISOString(),
        clientId,
      };
      await mutate({
        variables: { chatWith, body, clientId },
        optimisticResponse: { sendMessage: optimistic },
        update: (cache, { data }) => {
          if (data?.sendMessage) addMessageToCache(cache, chatWith, data.sendMessage);
        },
      });
    },
    [mutate, chatWith, chatId, meId, lastSeq],
  );
}
