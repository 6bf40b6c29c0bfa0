import { ApolloProvider } from "@apollo/client/react";
import { apolloClient } from "../lib/apollo-client";
import { AccountNav } from "./account-nav";

/** The student's links and live counts with the app's one Apollo Client, for a page outside ./apollo-layout.tsx. */
export default function StandaloneAccountNav() {
  return (
    <ApolloProvider client={apolloClient}>
      <AccountNav />
    </ApolloProvider>
  );
}
