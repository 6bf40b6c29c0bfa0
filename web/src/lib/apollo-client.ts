import { ApolloClient, ApolloLink, CombinedGraphQLErrors, HttpLink, InMemoryCache, ServerError } from "@apollo/client";
import { SetContextLink } from "@apollo/client/link/context";
import { ErrorLink } from "@apollo/client/link/error";
import { PersistedQueryLink } from "@apollo/client/link/persisted-queries";
import { OperationTypeNode } from "graphql";
import { Observable, type Subscription } from "rxjs";
import { authorizationHeader, clearToken, getToken, setToken, subscribeToken } from "./auth";
import { GRAPHQL_PATH } from "./endpoints";
import { clearPendingExpiry, markSessionExpired, tokenExpired } from "./session";
import { typePolicies } from "./type-policies";
import type * as Realtime from "./realtime";

let realtime: Promise<typeof Realtime> | null = null;
/** The graphql-ws client and link (./realtime.ts), downloaded with the first subscription. */
export function loadRealtime(): Promise<typeof Realtime> {
  return (realtime ??= import("./realtime"));
}

/** Subscriptions go over the realtime socket, once its chunk has loaded. */
const realtimeLink = new ApolloLink(
  (operation) =>
    new Observable<ApolloLink.Result>((observer) => {
      let inner: Subscription | undefined;
      let stopped = false;
      loadRealtime().then(
        ({ wsLink }) => {
          if (!stopped) inner = wsLink.request(operation).subscribe(observer);
        },
        (error: unknown) => observer.error(error),
      );
      return () => {
        stopped = true;
        inner?.unsubscribe();
      };
    }),
);

/**
 * Drops the current socket so that active subscriptions reconnect with the current token.
 * Called automatically whenever the token changes; exported for explicit use. Nothing to do
 * before the first subscription loaded the socket.
 */
export function resetRealtime(): void {
  void realtime?.then(({ wsClient }) => wsClient.terminate());
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

/**
 * Public reads: the same answer for everyone, which the server lets shared caches keep when asked
 * by GET without a session (the leaderboard's `@cacheControl`). Sent as Apollo's automatic persisted
 * queries: the query's SHA-256 only, by GET (`?operationName&variables&extensions`), so the URL is
 * short and the same for every visitor; an unknown hash gets PERSISTED_QUERY_NOT_FOUND and the link
 * sends the text once by POST, which registers it.
 */
export const PUBLIC_READS: ReadonlySet<string> = new Set(["LeaderboardView"]);

/** Hex SHA-256 of a query's text, by the browser's Web Crypto (secure contexts: https and localhost). */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * The page reads the board again after every live change: a GET the browser has cached (max-age=10)
 * would answer the old board, so each read revalidates (`no-cache`: the browser sends its ETag and
 * mostly gets a 304 with no body).
 */
const revalidateLink = new SetContextLink((prevContext) => ({ fetchOptions: { ...prevContext.fetchOptions, cache: "no-cache" } }));

/** Without Web Crypto (a page served over plain http from another host) public reads are plain POSTs. */
const publicReadLink =
  typeof crypto !== "undefined" && crypto.subtle
    ? ApolloLink.from([revalidateLink, new PersistedQueryLink({ sha256: sha256Hex, useGETForHashedQueries: true }), httpLink])
    : httpLink;

const link = ApolloLink.split(
  (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
  realtimeLink,
  ApolloLink.from([
    authLink,
    sessionLink,
    ApolloLink.split(
      (operation) => operation.operationType === OperationTypeNode.QUERY && PUBLIC_READS.has(operation.operationName ?? ""),
      publicReadLink,
      httpLink,
    ),
  ]),
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
