import { useApolloClient } from "@apollo/client/react";
import { useCallback, useRef, useState } from "react";
import { OlderMessagesDocument } from "../../../gql/graphql";

/**
 * Loads the page before the oldest message shown (`before`: the connection's startCursor); the
 * cache policy prepends it to the chat.
 * One request at a time.
 */
export function useOlderMessages(chatWith: string) {
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const busy = useRef(false);
  const loadOlder = useCallback(
    async (before: string) => {
      if (busy.current) return;
      busy.current = true;
      setLoading(true);
      setFailed(false);
      try {
        await client.query({ query: OlderMessagesDocument, variables: { chatWith, before }, fetchPolicy: "network-only" });
      } catch {
        setFailed(true);
      } finally {
        busy.current = false;
        setLoading(false);
      }
    },
    [client, chatWith],
  );
  return { loadOlder, loading, failed };
}
