import { describe, expect, it, vi } from "vitest";
import { renderSignedIn, splitTitle } from "./prerender";

describe("prerendered pages", () => {
  it("moves React's <title> out of the body markup", () => {
    expect(splitTitle('<title>Sign In · Skill Exchange</title><div class="a">Welcome Back</div>')).toEqual({
      title: "Sign In · Skill Exchange",
      html: '<div class="a">Welcome Back</div>',
    });
    expect(splitTitle("<div>no title</div>")).toEqual({ title: null, html: "<div>no title</div>" });
  });
});

describe("the signed-in dashboard rendered by the server", () => {
  const tokenOf = (sub: string) => `h.${btoa(JSON.stringify({ sub, exp: 9_999_999_999 })).replace(/=+$/, "")}.s`;

  it("is not rendered for another student's dashboard (a shared link): nothing is asked, the browser sends them to their own", async () => {
    const fetch = vi.fn();
    expect(await renderSignedIn({ url: "http://localhost/dashboard/someone-else", token: tokenOf("me"), fetch })).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});
