import { describe, expect, it } from "vitest";
import { expectSentToSignIn, routeOf } from "../../test/routes";

describe("implements routes", () => {
  it("match each page, with /create winning over a post id", () => {
    expect(routeOf("/implements/u1")).toBe("implements/:userID");
    expect(routeOf("/implements/u1/Asha")).toBe("implements/:userID/:userName");
    expect(routeOf("/implements/u1/Asha/create")).toBe("implements/:userId/:userName/create");
    expect(routeOf("/implements/u1/Asha/p-123")).toBe("implements/:userID/:userName/:postID");
    expect(routeOf("/implements/u1/Asha%20K/create")).toBe("implements/:userId/:userName/create");
  });

  it.each(["/implements/u1", "/implements/u1/Asha", "/implements/u1/Asha/create", "/implements/u1/Asha/p-123"])(
    "send a visitor without a token from %s to sign-in (a mail's link: they have an account)",
    expectSentToSignIn,
  );
});
