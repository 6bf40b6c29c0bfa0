import { CombinedGraphQLErrors } from "@apollo/client";

/** The server's error code (BAD_USER_INPUT, NOT_FOUND, ...) of a failed operation, if any. */
export function errorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === "string" ? code : undefined;
}

/** Messages the server meant for people (bad input, conflicts, refusals); null for anything else. */
export function userMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const first = error.errors[0];
  const code = first?.extensions?.code;
  return code === "BAD_USER_INPUT" || code === "CONFLICT" || code === "FORBIDDEN" || code === "NOT_FOUND" ? (first?.message ?? null) : null;
}
