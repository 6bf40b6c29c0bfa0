import { describe, expect, it } from "vitest";
import { expectSentToRegister, routeOf } from "../../test/routes";

describe("profiles routes", () => {
  it("match the form, both dashboards and a profile", () => {
    expect(routeOf("/p")).toBe("p");
    expect(routeOf("/dashboard")).toBe("dashboard");
    expect(routeOf("/dashboard/u1")).toBe("dashboard/:userId");
    expect(routeOf("/user/u2/u1/Male")).toBe("user/:userID/:currentID/:gender");
  });

  it.each(["/p", "/dashboard", "/dashboard/u1"])("send a visitor without a token from %s to /register", expectSentToRegister);
});
