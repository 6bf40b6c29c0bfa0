import { describe, it } from "vitest";
import { expectSentToRegister } from "../../test/routes";

describe("/game/:userID", () => {
  it("sends a visitor without a token to /register", () => expectSentToRegister("/game/abc"));
});
