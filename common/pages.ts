/**
 * What the server and the web app agree on for the signed-in dashboard the server renders
 * (graph/src/server/page-render.ts, web/src/app/main.tsx).
 */

/** The cookie the web app keeps a copy of the token in (web/src/lib/auth.ts), sent with page requests under its path only. */
export const PAGE_TOKEN_COOKIE = "page_token";
export const PAGE_TOKEN_PATH = "/dashboard";

/** The id of the JSON a server-rendered page carries for its hydration (Apollo's cache and the loaders' data). */
export const PAGE_STATE_ID = "page-state";
