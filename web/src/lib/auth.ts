import { createContext, useContext, useSyncExternalStore } from "react";
import { PAGE_TOKEN_COOKIE, PAGE_TOKEN_PATH, TOKEN_KEY } from "../../../common/pages";

export { TOKEN_KEY };

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed iframe)
  }
}

/** The stored session token, or null when signed out. Empty strings count as signed out. */
export function getToken(): string | null {
  const token = storage()?.getItem(TOKEN_KEY);
  return token ? token : null;
}

export function setToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
  mirrorToCookie(token);
  emit();
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_KEY);
  storage()?.removeItem(RETURN_TO_KEY);
  mirrorToCookie(null);
  emit();
}

/**
 * The page a student asked for before they had an account, kept from registering until the mailed
 * verification link is opened (perhaps in another tab of this browser). Signing out forgets it.
 */
const RETURN_TO_KEY = "returnTo";

export function rememberReturnTo(path: string | null): void {
  if (path) storage()?.setItem(RETURN_TO_KEY, path);
  else storage()?.removeItem(RETURN_TO_KEY);
}

/** The remembered page as stored; callers check it (lib/session safeReturnPath) before following it. */
export function rememberedReturnTo(): string | null {
  return storage()?.getItem(RETURN_TO_KEY) ?? null;
}

/** A JWT's claims as it says them (not verified: only the server's answers count), or null. */
function claimsOf(token: string): Record<string, unknown> | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(payload.length / 4) * 4, "="),
    );
    const claims = JSON.parse(json) as unknown;
    return claims && typeof claims === "object" ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The `exp` claim of a JWT in ms, or null when the token does not say (or is not a JWT). */
export function tokenExpiresAt(token: string): number | null {
  const exp = claimsOf(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
}

/** The student a JWT names (its `sub`), unverified: to skip work meant for another student, never to trust. */
export function tokenSubject(token: string): string | null {
  const sub = claimsOf(token)?.sub;
  return typeof sub === "string" ? sub : null;
}

/**
 * The cookie that lets the server render the signed-in dashboard's HTML with the student's data
 * (graph/src/server/page-render.ts), so a phone paints it before the JavaScript has run. It is a
 * copy of the token, sent only with page requests under /dashboard (its path): the API never reads
 * cookies (the Authorization header carries the session), so it adds no way to act as the student.
 */
export { PAGE_TOKEN_COOKIE };

/** The page token cookie's value in this browser, or null. */
export function pageTokenCookie(): string | null {
  if (typeof document === "undefined") return null;
  const prefix = `${PAGE_TOKEN_COOKIE}=`;
  const found = document.cookie.split("; ").find((c) => c.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) || null : null;
}

/** Keeps the page token cookie equal to the token: set until the token's own expiry, or removed. */
function mirrorToCookie(token: string | null): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  const expiresAt = token ? tokenExpiresAt(token) : null;
  const maxAge = token
    ? expiresAt === null
      ? ""
      : `; Max-Age=${Math.max(0, Math.floor((expiresAt - Date.now()) / 1000))}`
    : "; Max-Age=0";
  document.cookie = `${PAGE_TOKEN_COOKIE}=${token ? encodeURIComponent(token) : ""}; Path=${PAGE_TOKEN_PATH}; SameSite=Lax${maxAge}${secure}`;
}

export function isSignedIn(): boolean {
  return getToken() !== null;
}

/** `Bearer <jwt>` for an Authorization header, or null when signed out. */
export function authorizationHeader(): string | null {
  const token = getToken();
  return token ? `Bearer ${token}` : null;
}

/**
 * Calls `listener` whenever the token changes, in this tab (setToken/clearToken) or in
 * another tab (the storage event). Returns the unsubscribe function.
 */
export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function emit(): void {
  const token = getToken();
  for (const listener of [...listeners]) listener(token);
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (event) => {
    if (event.key === TOKEN_KEY || event.key === null) emit();
  });
}

/**
 * Puts the page token cookie in line with the token, on the app's start (web/src/app/main.tsx, once
 * it has compared them): a session stored before the cookie existed gets it, and a cookie left from
 * a session this browser no longer has goes. Changes later reach it through setToken and clearToken
 * (another tab's, through that tab).
 */
export function syncPageTokenCookie(): void {
  if (pageTokenCookie() !== getToken()) mirrorToCookie(getToken());
}

const subscribeForReact = (onChange: () => void) => subscribeToken(onChange);

/**
 * The token a page was rendered with outside the browser: none for the build's static pages; the
 * student's for a dashboard the server rendered, on the server and while the browser hydrates it
 * (web/src/app/main.tsx), so both render the same signed-in page.
 */
export const RenderedTokenContext = createContext<string | null>(null);

/** The current token, re-rendering the caller when it changes. */
export function useToken(): string | null {
  const rendered = useContext(RenderedTokenContext);
  return useSyncExternalStore(subscribeForReact, getToken, () => rendered);
}
