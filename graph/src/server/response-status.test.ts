import { describe, expect, it } from "vitest";
import { graphqlOverHttpStatus } from "./response-status.js";

const errorsOf = (...codes: Array<string | undefined>) =>
  JSON.stringify({ errors: codes.map((code) => ({ message: "x", ...(code ? { extensions: { code } } : {}) })) });
const JSON_TYPE = "application/json; charset=utf-8";

describe("graphqlOverHttpStatus", () => {
  it.each([
    [400, JSON_TYPE, errorsOf("GRAPHQL_PARSE_FAILED"), 200],
    [400, JSON_TYPE, errorsOf("GRAPHQL_VALIDATION_FAILED", "GRAPHQL_VALIDATION_FAILED"), 200],
    [400, "Application/JSON", errorsOf("BAD_USER_INPUT"), 200],
    // The client asked for the GraphQL response type: 400 stays.
    [400, "application/graphql-response+json; charset=utf-8", errorsOf("GRAPHQL_VALIDATION_FAILED"), 400],
    // Not only request errors, an error without a code, data alongside, no errors, not JSON.
    [400, JSON_TYPE, errorsOf("GRAPHQL_VALIDATION_FAILED", "BAD_REQUEST"), 400],
    [400, JSON_TYPE, errorsOf(undefined), 400],
    [400, JSON_TYPE, JSON.stringify({ data: null, errors: [{ message: "x", extensions: { code: "BAD_USER_INPUT" } }] }), 400],
    [400, JSON_TYPE, JSON.stringify({ errors: [] }), 400],
    [400, JSON_TYPE, "not json", 400],
    [400, undefined, errorsOf("GRAPHQL_PARSE_FAILED"), 400],
    // Other statuses are never touched.
    [200, JSON_TYPE, errorsOf("GRAPHQL_PARSE_FAILED"), 200],
    [429, JSON_TYPE, errorsOf("BAD_USER_INPUT"), 429],
  ])("%s %s %s -> %s", (status, type, body, expected) => {
    expect(graphqlOverHttpStatus(status, type, body)).toBe(expected);
  });
});
