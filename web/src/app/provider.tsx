import { ApolloProvider } from "@apollo/client/react";
import { type ReactNode, StrictMode } from "react";
import { apolloClient } from "../lib/apollo-client";

/** App-wide providers. The router sits inside, so routes can use Apollo hooks. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <ApolloProvider client={apolloClient}>{children}</ApolloProvider>
    </StrictMode>
  );
}
