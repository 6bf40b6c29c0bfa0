import { CombinedGraphQLErrors } from "@apollo/client";

/** The server's code of a failed operation (BAD_USER_INPUT, NOT_FOUND, DETAILS_NOT_FILLED, ...), if it sent one. */
export function errorCode(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === "string" ? code : undefined;
}

/** The server's `reason` extension of a refusal (RATING_REQUIRED, NOT_ENOUGH_COINS, ...), if any. */
export function errorReason(error: unknown): string | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const reason = error.errors[0]?.extensions?.reason;
  return typeof reason === "string" ? reason : undefined;
}

/** The server's own words for a refused action; a generic line for network or server faults. */
export function actionMessage(error: unknown): string {
  if (CombinedGraphQLErrors.is(error) && errorCode(error) !== "INTERNAL_SERVER_ERROR") {
    return error.errors[0]?.message ?? "Something went wrong. Please try again.";
  }
  return "Something went wrong. Please try again.";
}
