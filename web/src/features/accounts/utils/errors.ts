import { CombinedGraphQLErrors } from "@apollo/client";
import { errorCode } from "../../../lib/graphql-errors";

/** The server's message when it is meant for people (bad input, rate limits); undefined otherwise. */
export function userFacingMessage(error: unknown): string | undefined {
  const code = errorCode(error);
  if (code !== "BAD_USER_INPUT" && code !== "RATE_LIMITED" && code !== "CONFLICT") return undefined;
  return CombinedGraphQLErrors.is(error) ? error.errors[0]?.message : undefined;
}
