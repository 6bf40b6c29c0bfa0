import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache, ServerError } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { ErrorLink } from "@apollo/client/link/error";
import { GraphQLWsLink } from "@apollo/client/link/subscriptions";
import { OperationTypeNode } from "graphql";
import { type Client as WsClient, CloseCode, createClient } from "graphql-ws";
import { authorizationHeader, clearToken, getToken, setToken, subscribeToken } from "./auth";
import { GRAPHQL_PATH, graphqlWsUrl } from "./endpoints";
import { clearPendingExpiry, markSessionExpired, tokenExpired } from "./session";
import { typePolicies } from "./type-policies";

/**
 * The realtime socket. Lazy: it opens with the first subscription and closes after the last.
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
  // 4403 means the server rejected our token; retrying with the same token cannot help.
  // A token change terminates the socket (4499), which does retry, with the new token.
  shouldRetry: (event) => !(isCloseEvent(event) && event.code === CloseCode.Forbidden),
});

function isCloseEvent(value: unknown): value is { code: number } {
  return typeof value === "object" && value !== null && "code" in value;
}

/**
 * Drops the current socket so that active subscriptions reconnect with the current token.
 * Called automatically whenever the token changes; exported for explicit use.
 */
export function resetRealtime(): void {
  wsClient.terminate();
}

const authLink = new SetContextLink((prevContext) => {
  // A token this browser's clock already says has run out is not sent: the session is over.
  if (tokenExpired(getToken())) markSessionExpired();
  const authorization = authorizationHeader();
  if (!authorization) return {};
  return { headers: { ...prevContext.headers, authorization } };
});

/**
 * Operations whose UNAUTHENTICATED answer is about the form, not the session: wrong
 * credentials, or revoking a session that has already ended.
 */
const SESSION_OPERATIONS = new Set(["Login", "Register", "Logout", "ForgotPassword", "UpdatePassword", "ResetTokenValid"]);

/** The server refused the token a request carried (expired or revoked): the session is over. */
const sessionLink = new ErrorLink(({ error, operation }) => {
  if (SESSION_OPERATIONS.has(operation.operationName ?? "")) return;
  const sent = (operation.getContext().headers as Record<string, string> | undefined)?.authorization;
  if (!sent) return;
  const refused =
    (CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === "UNAUTHENTICATED")) ||
    (ServerError.is(error) && error.statusCode === 401);
  if (refused) markSessionExpired(sent.replace(/^Bearer /, ""));
});

const httpLink = new HttpLink({ uri: GRAPHQL_PATH });

const link = ApolloLink.split(
  (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
  new GraphQLWsLink(wsClient),
  ApolloLink.from([authLink, sessionLink, httpLink]),
);

export const apolloClient = new ApolloClient({
  link,
  cache: new InMemoryCache({ typePolicies }),
  devtools: { enabled: import.meta.env.DEV },
});

subscribeToken(() => resetRealtime());

/** Stores the token, reconnects realtime and refetches active queries as the new user. */
export async function signIn(token: string): Promise<void> {
  clearPendingExpiry();
  setToken(token);
  await apolloClient.resetStore();
}

/** Forgets the token and everything cached for the previous user (no refetch). */
export async function signOut(): Promise<void> {
  clearToken();
  await apolloClient.clearStore();
}
