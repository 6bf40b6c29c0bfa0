import { afterEach, describe, expect, it } from "vitest";
import { getToken, setToken } from "./auth";
import { clearPendingExpiry, markSessionExpired, pendingExpiry, safeReturnPath, signInPath, tokenExpired, tokenExpiresAt } from "./session";

const jwt = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_")}.s`;

describe("session expiry", () => {
  afterEach(() => {
    clearPendingExpiry();
    window.localStorage.clear();
  });

  it("reads a JWT's exp and tells whether it has passed; other tokens are not judged", () => {
    const token = jwt({ sub: "u1", exp: 1_700_000_000 });
    expect(tokenExpiresAt(token)).toBe(1_700_000_000_000);
    expect(tokenExpired(token, 1_700_000_000_001)).toBe(true);
    expect(tokenExpired(token, 1_699_999_999_000)).toBe(false);
    expect(tokenExpired("token-1")).toBe(false);
    expect(tokenExpired("a.%%%.b")).toBe(false);
    expect(tokenExpired(null)).toBe(false);
  });

  it("goes back only to a path of this site, never to the sign-in pages", () => {
    expect(safeReturnPath("/user/chat/42?x=1#end")).toBe("/user/chat/42?x=1#end");
    for (const bad of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/login",
      "/register",
      "/logout",
      "/login?returnTo=/x",
      "/register#top",
      "/reset-password/abc",
      "/user/chat\u0000/x",
      "/user\tchat",
      `/${"a".repeat(1000)}`,
      "",
      null,
    ]) {
      expect(safeReturnPath(bad)).toBeNull();
    }
    expect(signInPath("/skill-coins")).toBe("/login?expired=1&returnTo=%2Fskill-coins");
    expect(signInPath("//evil.example")).toBe("/login?expired=1");
  });

  it("forgets the token and remembers the page, unless the refused token is an older one", () => {
    window.history.replaceState(null, "", "/user/chat/7");
    setToken("current");
    markSessionExpired("older");
    expect(getToken()).toBe("current");
    expect(pendingExpiry()).toBeNull();
    markSessionExpired("current");
    expect(getToken()).toBeNull();
    expect(pendingExpiry()).toEqual({ returnTo: "/user/chat/7" });
  });
});
