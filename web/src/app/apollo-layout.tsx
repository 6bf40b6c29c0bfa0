import { ApolloProvider, getApolloContext } from "@apollo/client/react";
import { useContext, useEffect } from "react";
import { Outlet } from "react-router";
import { OfflineNotice } from "../components/layouts/OfflineNotice";
import { apolloClient, resetRealtime } from "../lib/apollo-client";
import { onReconnect } from "../lib/online";
import { useToken } from "../lib/auth";
import { AccountNav } from "./account-nav";

/**
 * The layout route around every page that talks to the server: it brings Apollo Client (and
 * graphql) with it, so pages that do not (the landing page, about) load neither. The client is
 * one module-level instance, so its cache outlives this route being left and entered again.
 * Under a provider of its own (a test's MockedProvider) it keeps that one.
 *
 * Without a network it says so above the page ("You are offline"); when the network returns, the
 * page's queries run again and the realtime socket reconnects at once, without a reload.
 */
export function Component() {
  const outer = useContext(getApolloContext()).client;
  const client = outer ?? apolloClient;
  useEffect(
    () =>
      onReconnect(() => {
        if (client === apolloClient) resetRealtime();
        void client.refetchObservableQueries();
      }),
    [client],
  );
  // Signed in, the student's links and live counts join the navbar on every page that talks to the
  // server (the public leaderboard and profiles too, not only the pages that need a token).
  const signedIn = Boolean(useToken());
  const page = (
    <>
      {signedIn && <AccountNav />}
      <OfflineNotice />
      <Outlet />
    </>
  );
  if (outer) return page;
  return <ApolloProvider client={apolloClient}>{page}</ApolloProvider>;
}
