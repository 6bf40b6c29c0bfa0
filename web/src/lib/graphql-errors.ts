// The errors entry point alone: pages that only read errors (sign-in) do not load the whole client.
import { CombinedGraphQLErrors, ServerError, ServerParseError } from "@apollo/client/errors";

/**
 * The one policy turning a failed request into words for the student (every form, dialog and
 * page uses it; a feature passes its own spec text as the fallback):
 * - a refusal the server words for people (bad input, conflicts, refusals, limits, not found,
 *   unverified mail): the server's own message;
 * - our own helpers' `UserFacingError`s (an upload's refusal): their message;
 * - anything else (server faults, "not filled details", no answer at all): the feature's own
 *   text when the spec gives one ('Registration failed', ...), otherwise "Could not reach ..."
 *   when the request got no answer and "Something went wrong" when it failed on the server.
 */
export const GENERIC_ERROR_TEXT = "Something went wrong. Please try again.";
export const NETWORK_ERROR_TEXT = "Could not reach Skill Exchange. Check your connection and try again.";

/** Codes whose message the server writes for people (graph/src/shared/errors.ts). */
const SPOKEN_CODES = new Set([
  "BAD_USER_INPUT",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "EMAIL_NOT_VERIFIED",
  "UNAUTHENTICATED",
]);

/** An error a web helper raises with a message meant for the student. */
export class UserFacingError extends Error {
  override name = "UserFacingError";
}

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

/** Any extension of the first error (`daysCompleted` of the 10-day refusal, ...), if the server sent it. */
export function errorExtension(error: unknown, key: string): unknown {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  return error.errors[0]?.extensions?.[key];
}

/** The server's own words when its code says they are meant for people; undefined otherwise. */
export function serverMessage(error: unknown): string | undefined {
  const code = errorCode(error);
  if (!code || !SPOKEN_CODES.has(code) || !CombinedGraphQLErrors.is(error)) return undefined;
  return error.errors[0]?.message || undefined;
}

/**
 * True when the server answered the request with a refusal (a GraphQL error, or 401/403): not when it got no answer
 * or failed on the server's side, which another try may mend.
 */
export function serverRefused(error: unknown): boolean {
  return CombinedGraphQLErrors.is(error) || (ServerError.is(error) && (error.statusCode === 401 || error.statusCode === 403));
}

/** True when the request got no answer at all (offline, DNS, connection refused). */
export function isNetworkError(error: unknown): boolean {
  if (ServerError.is(error) || ServerParseError.is(error)) return false;
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

/** What to tell the student about a failed action (see the policy above). */
export function errorText(error: unknown, fallback?: string): string {
  const spoken = serverMessage(error);
  if (spoken) return spoken;
  if (error instanceof UserFacingError) return error.message;
  if (fallback !== undefined) return fallback;
  return isNetworkError(error) ? NETWORK_ERROR_TEXT : GENERIC_ERROR_TEXT;
}
