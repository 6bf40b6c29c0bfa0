import { CombinedGraphQLErrors } from "@apollo/client";

/** The server's error code (CONFLICT, RATE_LIMITED, ...) of a failed operation, if it sent one. */
export function errorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === "string" ? code : undefined;
}

/** The server's message when it is meant for people (bad input, rate limits); undefined otherwise. */
export function userFacingMessage(error: unknown): string | undefined {
  const code = errorCode(error);
  if (code !== "BAD_USER_INPUT" && code !== "RATE_LIMITED" && code !== "CONFLICT") return undefined;
  return CombinedGraphQLErrors.is(error) ? error.errors[0]?.message : undefined;
}
