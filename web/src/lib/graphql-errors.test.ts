import { CombinedGraphQLErrors, ServerError } from "@apollo/client";
import { describe, expect, it } from "vitest";
import { errorText, GENERIC_ERROR_TEXT, NETWORK_ERROR_TEXT, serverMessage, UserFacingError } from "./graphql-errors";

const refused = (code: string, message: string) => new CombinedGraphQLErrors({ errors: [{ message, extensions: { code } }] });

describe("the error-to-text policy", () => {
  it("shows the server's words for refusals meant for people", () => {
    expect(errorText(refused("CONFLICT", "Username already exists"), "Registration failed")).toBe("Username already exists");
    expect(errorText(refused("BAD_USER_INPUT", "Rating must be 1 to 5"))).toBe("Rating must be 1 to 5");
    expect(errorText(refused("RATE_LIMITED", "Too many attempts. Please try again in 30 seconds."))).toBe(
      "Too many attempts. Please try again in 30 seconds.",
    );
    expect(serverMessage(refused("FORBIDDEN", "Suspended until 1 May"))).toBe("Suspended until 1 May");
  });

  it("never shows a server fault or a code's technical text", () => {
    expect(errorText(refused("INTERNAL_SERVER_ERROR", "SQLITE_BUSY: database is locked"))).toBe(GENERIC_ERROR_TEXT);
    expect(errorText(refused("DETAILS_NOT_FILLED", "not filled details"))).toBe(GENERIC_ERROR_TEXT);
    expect(serverMessage(refused("INTERNAL_SERVER_ERROR", "boom"))).toBeUndefined();
  });

  it("says when the server could not be reached, unless the feature has its own text", () => {
    expect(errorText(new TypeError("Failed to fetch"))).toBe(NETWORK_ERROR_TEXT);
    expect(errorText(new TypeError("Failed to fetch"), "Registration failed")).toBe("Registration failed");
    const status500 = new ServerError("Response not successful", { response: new Response("", { status: 500 }), bodyText: "" });
    expect(errorText(status500)).toBe(GENERIC_ERROR_TEXT);
  });

  it("shows the message of a web helper's UserFacingError, not of other exceptions", () => {
    expect(errorText(new UserFacingError("The image is larger than 2 MB."))).toBe("The image is larger than 2 MB.");
    expect(errorText(new Error("no token"))).toBe(GENERIC_ERROR_TEXT);
  });
});
