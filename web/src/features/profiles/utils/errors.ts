import { CombinedGraphQLErrors } from "@apollo/client";

/** The server's code of a failed operation (DETAILS_NOT_FILLED, UNAUTHENTICATED, ...), if any. */
export function errorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === "string" ? code : undefined;
}

/** The server's own words for refused input; a generic line for network or server faults. */
export function errorMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error) && errorCode(error) === "BAD_USER_INPUT") return error.errors[0].message;
  if (error instanceof Error && !CombinedGraphQLErrors.is(error) && error.message && !/fetch|network/i.test(error.message)) return error.message;
  return "Something went wrong. Please try again.";
}
