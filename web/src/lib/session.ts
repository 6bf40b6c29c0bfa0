import { useSyncExternalStore } from "react";
import { useLocation, useSearchParams } from "react-router";
import { ACCOUNT_MESSAGES } from "../../../common/accounts";
import { safeReturnPath } from "../../../common/return-path";
import { clearToken, getToken, tokenExpiresAt } from "./auth";

export { tokenExpiresAt };
import { paths } from "./paths";

/** What the sign-in page says after a session ran out (the server's answer to a stale token too). */
export const SESSION_EXPIRED_MESSAGE = ACCOUNT_MESSAGES.sessionExpired;

/**
 * Where a session that ran out sends the student: sign-in, told why, and back afterwards.
 * `markSessionExpired` forgets the token and remembers the page the student was on; the
 * layout (RootLayout) sees the pending expiry and goes to the sign-in page, before any page
 * can treat the missing token as "never signed in" and send them to Create Account.
 */
interface Expiry {
  returnTo: string;
}

let pending: Expiry | null = null;
const listeners = new Set<() => void>();

/**
 * A same-origin path to go back to, or null: the rule the server applies to the mailed
 * verification link too (common/return-path.ts).
 */
export { safeReturnPath };

/** /login with the reason and the way back. */
export function signInPath(returnTo: string | null): string {
  const params = new URLSearchParams({ expired: "1" });
  const back = safeReturnPath(returnTo);
  if (back) params.set("returnTo", back);
  return `${paths.login}?${params.toString()}`;
}

/** The page asked for in this address's `?returnTo=`, when it is a safe one (else null). */
export function useReturnTo(): string | null {
  const [params] = useSearchParams();
  return safeReturnPath(params.get("returnTo"));
}

/** This page's address as a path to come back to (null for the sign-in pages themselves). */
export function useCurrentPath(): string | null {
  const { pathname, search, hash } = useLocation();
  return safeReturnPath(`${pathname}${search}${hash}`);
}

/** True when the token says it has run out by this browser's clock (the server decides too). */
export function tokenExpired(token: string | null, now = Date.now()): boolean {
  if (!token) return false;
  const exp = tokenExpiresAt(token);
  return exp !== null && exp <= now;
}

/**
 * The session ran out (or was revoked): forget the token and remember where the student was.
 * `sentToken` is the token the refused request carried: a refusal of an older token must not
 * end a session signed in since.
 */
export function markSessionExpired(sentToken: string | null = getToken()): void {
  const current = getToken();
  if (!current || (sentToken !== null && sentToken !== current)) return;
  if (!pending && typeof window !== "undefined") {
    const { pathname, search, hash } = window.location;
    pending = { returnTo: `${pathname}${search}${hash}` };
    emit();
  }
  clearToken();
}

/** The expiry waiting to be shown, if any. */
export function pendingExpiry(): Expiry | null {
  return pending;
}

/** The sign-in page has been reached: the expiry is shown there now. */
export function clearPendingExpiry(): void {
  if (!pending) return;
  pending = null;
  emit();
}

function emit() {
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The pending expiry, re-rendering the caller when it changes. */
export function usePendingExpiry(): Expiry | null {
  return useSyncExternalStore(subscribe, pendingExpiry, () => null);
}
