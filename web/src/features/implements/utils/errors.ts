import { CombinedGraphQLErrors } from "@apollo/client";

/** Messages the server meant for people (bad input, conflicts, refusals); null for anything else. */
export function userMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const first = error.errors[0];
  const code = first?.extensions?.code;
  return code === "BAD_USER_INPUT" || code === "CONFLICT" || code === "FORBIDDEN" || code === "NOT_FOUND" ? (first?.message ?? null) : null;
}
