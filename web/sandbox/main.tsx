import "graphiql/style.css";
import "./sandbox.css";
import { createGraphiQLFetcher, type Fetcher } from "@graphiql/toolkit";
import { GraphiQL } from "graphiql";
import { createClient } from "graphql-ws";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { getToken } from "../src/lib/auth";
import { GRAPHQL_PATH, graphqlWsUrl } from "../src/lib/endpoints";
import { SANDBOX_EXAMPLES } from "./examples";

/**
 * Self-hosted GraphiQL for /sandbox: everything is bundled by our Vite build, so it works
 * offline and under the server's same-origin CSP.
 *
 * HTTP requests carry whatever the headers editor holds. Subscriptions run over graphql-ws,
 * whose only "headers" are the connection params sent once per socket: we keep one lazy
 * socket client per Authorization value, so changing the header in the editor takes effect
 * for the next subscription.
 */
const fetchers = new Map<string, Fetcher>();

function fetcherFor(authorization: string | undefined): Fetcher {
  const key = authorization ?? "";
  let fetcher = fetchers.get(key);
  if (!fetcher) {
    const wsClient = createClient({
      url: graphqlWsUrl(),
      lazy: true,
      retryAttempts: 0,
      connectionParams: authorization ? { authorization } : {},
    });
    fetcher = createGraphiQLFetcher({ url: GRAPHQL_PATH, wsClient });
    fetchers.set(key, fetcher);
  }
  return fetcher;
}

function authorizationOf(headers: Record<string, unknown> | undefined): string | undefined {
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (name.toLowerCase() === "authorization" && typeof value === "string" && value.trim()) return value.trim();
  }
  return undefined;
}

const fetcher: Fetcher = (params, opts) => fetcherFor(authorizationOf(opts?.headers))(params, opts);

const token = getToken();
const signedInHeaders = token ? JSON.stringify({ Authorization: `Bearer ${token}` }, null, 2) : undefined;

// ?query=...&variables=... open the sandbox on a given operation (handy for links in docs).
const search = new URLSearchParams(window.location.search);

const defaultQuery = `# Welcome to the Skill Exchange GraphQL sandbox.
#
# Write a query, mutation or subscription and press Ctrl+Enter (Cmd+Enter) to run it.
# Signed in to the app? Your token is already in the Headers tab below.
# Subscriptions run over WebSocket with the same Authorization header.
# The other tabs hold an example of each main flow; the Docs pane describes every field.

{
  health {
    status
    database
  }
}
`;

/** A first visit opens the welcome tab and one tab per main flow (a ?query= link opens just that). */
const defaultTabs = search.has("query")
  ? undefined
  : [
      { query: defaultQuery, headers: signedInHeaders },
      ...SANDBOX_EXAMPLES.map((e) => ({
        query: e.query,
        variables: e.variables ? JSON.stringify(e.variables, null, 2) : undefined,
        headers: signedInHeaders,
      })),
    ];

function Sandbox() {
  return (
    <GraphiQL
      fetcher={fetcher}
      defaultQuery={defaultQuery}
      defaultTabs={defaultTabs}
      query={search.get("query") ?? undefined}
      variables={search.get("variables") ?? undefined}
      headers={signedInHeaders}
      defaultHeaders={signedInHeaders}
      isHeadersEditorEnabled
      shouldPersistHeaders={false}
      defaultEditorToolsVisibility={signedInHeaders ? "headers" : false}
    >
      <GraphiQL.Logo>
        <a className="sandbox-logo" href="/" title="Back to Skill Exchange">
          <svg width="22" height="22" viewBox="0 0 32 32" aria-hidden="true">
            <rect width="32" height="32" rx="9" fill="#6d5cf6" />
            <path
              d="M10 12.5h11.5M18 9l3.5 3.5L18 16M22 19.5H10.5M14 16l-3.5 3.5L14 23"
              fill="none"
              stroke="#fff"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="sandbox-logo-text">Skill Exchange GraphQL</span>
        </a>
      </GraphiQL.Logo>
    </GraphiQL>
  );
}

createRoot(document.getElementById("sandbox")!).render(
  <StrictMode>
    <Sandbox />
  </StrictMode>,
);
