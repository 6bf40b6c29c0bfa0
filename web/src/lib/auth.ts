import { useSyncExternalStore } from "react";

/** localStorage key of the session token (spec: "token in browser local storage under key jwt"). */
export const TOKEN_KEY = "jwt";

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
  emit();
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_KEY);
  emit();
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

const subscribeForReact = (onChange: () => void) => subscribeToken(onChange);

/** The current token, re-rendering the caller when it changes. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeForReact, getToken, () => null);
}
