import { describe, expect, it } from "vitest";
import { splitTitle } from "./prerender";

describe("prerendered pages", () => {
  it("moves React's <title> out of the body markup", () => {
    expect(splitTitle('<title>Sign In · Skill Exchange</title><div class="a">Welcome Back</div>')).toEqual({
      title: "Sign In · Skill Exchange",
      html: '<div class="a">Welcome Back</div>',
    });
    expect(splitTitle("<div>no title</div>")).toEqual({ title: null, html: "<div>no title</div>" });
  });
});
