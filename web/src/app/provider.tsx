import { type ReactNode, StrictMode } from "react";

/**
 * App-wide providers. Apollo Client is not one of them: the pages that talk to the server get
 * it from their layout route (./apollo-layout.tsx), so the landing page loads without it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return <StrictMode>{children}</StrictMode>;
}
