/**
 * What the server and the web app agree on for the signed-in dashboard the server renders
 * (graph/src/server/page-render.ts, web/src/app/main.tsx).
 */

/** The cookie the web app keeps a copy of the token in (web/src/lib/auth.ts), sent with page requests under its path only. */
export const PAGE_TOKEN_COOKIE = "page_token";
export const PAGE_TOKEN_PATH = "/dashboard";

/** The id of the JSON a server-rendered page carries for its hydration (Apollo's cache and the loaders' data). */
export const PAGE_STATE_ID = "page-state";

/**
 * The attribute on <html> that says, before the app has run, that this browser holds a session token: the
 * prerendered pages (landing, about) were rendered signed out, and until they hydrate the navbar's "Sign in" stays
 * hidden under it instead of flashing at a signed-in student (web/src/components/layouts/Navbar.tsx removes it once
 * its render agrees with the token).
 */
export const SIGNED_IN_HINT_ATTRIBUTE = "data-signed-in";

/** localStorage key of the session token (spec: "token in browser local storage under key jwt"; web/src/lib/auth.ts). */
export const TOKEN_KEY = "jwt";

/**
 * Put first in every page's <head> (vite.config.ts) and allowed by its hash in the server's Content-Security-Policy
 * (graph/src/server/http.ts): nothing else on the pages is an inline script.
 */
export const SIGNED_IN_HINT_SCRIPT = `try{localStorage.getItem("${TOKEN_KEY}")&&document.documentElement.setAttribute("${SIGNED_IN_HINT_ATTRIBUTE}","")}catch(e){}`;
