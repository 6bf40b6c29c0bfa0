/** Same-origin paths served by graph/ (and proxied by the Vite dev server). */
export const GRAPHQL_PATH = "/graphql";
export const API_BASE = "/api";

/** ws:// or wss:// URL of the graphql-ws endpoint, on the page's own host. */
export function graphqlWsUrl(location: Pick<Location, "protocol" | "host"> = window.location): string {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}${GRAPHQL_PATH}`;
}
