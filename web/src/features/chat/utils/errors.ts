import { CombinedGraphQLErrors } from "@apollo/client";

/** A named extension of the first error (e.g. `reason: "RATING_REQUIRED"`). */
export function errorExtension(error: unknown, name: string): unknown {
  return CombinedGraphQLErrors.is(error) ? error.errors[0]?.extensions?.[name] : undefined;
}
