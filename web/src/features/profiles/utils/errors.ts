import { CombinedGraphQLErrors } from "@apollo/client";
import { errorCode } from "../../../lib/graphql-errors";

/** The server's own words for refused input; a generic line for network or server faults. */
export function errorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error) && errorCode(error) === "BAD_USER_INPUT") return error.errors[0].message;
  if (error instanceof Error && !CombinedGraphQLErrors.is(error) && error.message && !/fetch|network/i.test(error.message)) return error.message;
  return "Something went wrong. Please try again.";
}
