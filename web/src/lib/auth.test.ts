import { describe, expect, it, vi } from "vitest";
import { authorizationHeader, clearToken, getToken, setToken, subscribeToken, TOKEN_KEY } from "./auth";

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
