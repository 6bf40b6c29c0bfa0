import { afterEach, describe, expect, it, vi } from "vitest";
import {
  authorizationHeader,
  clearToken,
  getToken,
  PAGE_TOKEN_COOKIE,
  pageTokenCookie,
  setToken,
  subscribeToken,
  syncPageTokenCookie,
  TOKEN_KEY,
  tokenExpiresAt,
  tokenSubject,
} from "./auth";

/** A JWT whose payload says it expires at `exp` (seconds). */
const jwt = (exp: number) => `h.${btoa(JSON.stringify({ sub: "u1", exp })).replace(/=+$/, "")}.s`;

describe("auth token store", () => {
  it("keeps the token in localStorage under jwt and notifies subscribers", () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToken(listener);
    expect(TOKEN_KEY).toBe("jwt");
    expect(getToken()).toBeNull();

    setToken("abc");
    expect(window.localStorage.getItem("jwt")).toBe("abc");
    expect(authorizationHeader()).toBe("Bearer abc");
    expect(listener).toHaveBeenLastCalledWith("abc");

    clearToken();
    expect(window.localStorage.getItem("jwt")).toBeNull();
    expect(authorizationHeader()).toBeNull();
    expect(listener).toHaveBeenLastCalledWith(null);
    unsubscribe();
  });

  it("treats an empty stored token as signed out", () => {
    window.localStorage.setItem("jwt", "");
    expect(getToken()).toBeNull();
  });
});

describe("the page token cookie (the server renders the dashboard with it)", () => {
  afterEach(() => {
    clearToken();
    window.history.pushState({}, "", "/");
  });

  it("is the token, sent with /dashboard pages only, until the token itself expires, and goes with it", () => {
    const token = jwt(Math.floor(Date.now() / 1000) + 3600);
    window.history.pushState({}, "", "/dashboard/u1");
    setToken(token);
    expect(PAGE_TOKEN_COOKIE).toBe("page_token");
    expect(pageTokenCookie()).toBe(token);
    // Scoped to /dashboard: another page (and so the API, /graphql and /api) never gets it.
    window.history.pushState({}, "", "/chat");
    expect(pageTokenCookie()).toBeNull();
    window.history.pushState({}, "", "/dashboard/u1");
    clearToken();
    expect(pageTokenCookie()).toBeNull();
    // A token that has run out is not kept as a cookie at all.
    setToken(jwt(Math.floor(Date.now() / 1000) - 60));
    expect(pageTokenCookie()).toBeNull();
  });

  it("is put in line with the token on the app's start: made for a session stored before it, removed without one", () => {
    window.history.pushState({}, "", "/dashboard/u1");
    const token = jwt(Math.floor(Date.now() / 1000) + 3600);
    window.localStorage.setItem("jwt", token);
    expect(pageTokenCookie()).toBeNull();
    syncPageTokenCookie();
    expect(pageTokenCookie()).toBe(token);
    window.localStorage.removeItem("jwt");
    syncPageTokenCookie();
    expect(pageTokenCookie()).toBeNull();
  });
});

describe("what a token says of itself (unverified)", () => {
  it("reads its subject and expiry, and nothing from what is not a JWT", () => {
    expect(tokenSubject(jwt(2_000_000_000))).toBe("u1");
    expect(tokenExpiresAt(jwt(2_000_000_000))).toBe(2_000_000_000_000);
    for (const bad of ["", "abc", "a.%%%.c", "a.bnVsbA.c"]) {
      expect(tokenSubject(bad)).toBeNull();
      expect(tokenExpiresAt(bad)).toBeNull();
    }
  });
});
