import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { type Client as WsClient, CloseCode, createClient } from "graphql-ws";
import { authorizationHeader } from "./auth";
import { graphqlWsUrl } from "./endpoints";

/**
 * The realtime socket, in its own chunk: apollo-client.ts imports this module with the first
 * subscription, so pages that never subscribe do not download graphql-ws.
 * Lazy: it opens with the first subscription and closes after the last.
 * The token is read at connect time, so a reconnect always carries the current one.
 */
export const wsClient: WsClient = createClient({
  url: () => graphqlWsUrl(),
  lazy: true,
  connectionParams: () => {
    const authorization = authorizationHeader();
    return authorization ? { authorization } : {};
  },
  retryAttempts: Infinity,
  // First retry almost at once (a token change terminates the socket on purpose), then
  // exponential backoff with jitter, capped at 30s, for a server that is restarting.
  retryWait: (retries) =>
    new Promise((resolve) => setTimeout(resolve, Math.min(30_000, retries === 0 ? 0 : 1000 * 2 ** retries) + Math.random() * 300)),
  // A server that stops closes sockets with 1012 (Service Restart, graph/src/server/ws.ts): graphql-ws
  // counts it as retryable and so do we, so the socket comes back on another instance or the restarted one.
  // 4403 means the server rejected our token; retrying with the same token cannot help.
  // A token change terminates the socket (4499), which does retry, with the new token.
  shouldRetry: (event) => !(isCloseEvent(event) && event.code === CloseCode.Forbidden),
});

function isCloseEvent(value: unknown): value is { code: number } {
  return typeof value === "object" && value !== null && "code" in value;
}

export const wsLink = new GraphQLWsLink(wsClient);
