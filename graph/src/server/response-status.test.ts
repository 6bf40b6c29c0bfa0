import { describe, expect, it } from "vitest";
import { preferredGraphqlMediaType } from "./response-status.js";

describe("preferredGraphqlMediaType", () => {
  it.each([
    [undefined, "application/json"],
    ["", "application/json"],
    ["*/*", "application/json"],
    ["application/json", "application/json"],
    ["application/graphql-response+json", "application/graphql-response+json"],
    ["application/graphql-response+json,application/json;q=0.9", "application/graphql-response+json"],
    ["application/json;q=0.5, application/graphql-response+json", "application/graphql-response+json"],
    ["application/json, application/graphql-response+json", "application/json"],
    ["application/graphql-response+json, application/json", "application/graphql-response+json"],
    ["application/*, application/graphql-response+json;q=0.8", "application/json"],
    ["*/*;q=0.1, application/graphql-response+json", "application/graphql-response+json"],
    ["application/json;q=0, */*", "application/graphql-response+json"],
    ["text/html", null],
  ])("%s -> %s", (accept, expected) => {
    expect(preferredGraphqlMediaType(accept)).toBe(expected);
  });
});
