import { describe, expect, it } from "vitest";
import { expectSentToRegister, routeOf } from "../../test/routes";

describe("chat routes", () => {
  it("match the list and a conversation, apart from profiles", () => {
    expect(routeOf("/user/chat")).toBe("user/chat");
    expect(routeOf("/user/chat/u-2")).toBe("user/chat/:chatUserID");
    expect(routeOf("/user/u-2/u-1/Male")).toBe("user/:userID/:currentID/:gender");
  });

  it.each(["/user/chat", "/user/chat/u-2"])("send a visitor without a token from %s to /register", expectSentToRegister);
});
