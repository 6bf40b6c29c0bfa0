import { ApolloProvider, getApolloContext } from "@apollo/client/react";
import { useContext } from "react";
import { Outlet } from "react-router";
import { apolloClient } from "../lib/apollo-client";

/**
 * The layout route around every page that talks to the server: it brings Apollo Client (and
 * graphql) with it, so pages that do not (the landing page, about) load neither. The client is
 * one module-level instance, so its cache outlives this route being left and entered again.
 * Under a provider of its own (a test's MockedProvider) it keeps that one.
 */
export function Component() {
  const outer = useContext(getApolloContext()).client;
  if (outer) return <Outlet />;
  return (
    <ApolloProvider client={apolloClient}>
      <Outlet />
    </ApolloProvider>
  );
}
