import { GraphQLError } from "graphql";
import { VERIFY_MESSAGES } from "../../../common/accounts.js";

export type ErrorCode =
  | "BAD_USER_INPUT"
  | "UNAUTHENTICATED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "RATE_LIMITED"
  | "DETAILS_NOT_FILLED"
  | "EMAIL_NOT_VERIFIED"
  | "SERVICE_BUSY"
  | "INTERNAL_SERVER_ERROR";

const STATUS: Record<ErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  DETAILS_NOT_FILLED: 412,
  EMAIL_NOT_VERIFIED: 403,
  SERVICE_BUSY: 503,
  INTERNAL_SERVER_ERROR: 500,
};

/**
 * The one error type services throw. Both doors map it: GraphQL puts `code` in
 * `extensions.code`, REST answers `status` with `{ error: message }`.
 */
export class AppError extends GraphQLError {
  readonly code: ErrorCode;
  readonly status: number;
  constructor(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
    super(message, { extensions: { code, ...extra } });
    this.code = code;
    this.status = STATUS[code];
  }
}

export const badInput = (message: string, extra?: Record<string, unknown>) => new AppError("BAD_USER_INPUT", message, extra);
export const unauthenticated = (message = "Please sign in") => new AppError("UNAUTHENTICATED", message);
export const forbidden = (message = "You are not allowed to do that") => new AppError("FORBIDDEN", message);
export const notFound = (message = "Not found") => new AppError("NOT_FOUND", message);
export const conflict = (message: string) => new AppError("CONFLICT", message);
/**
 * A wait as a person says it: "in 30 seconds", "in a minute", "in 15 minutes", "in about an hour".
 * Minutes are rounded up, so nobody is told to come back before the limit lifts; hours and days are
 * approximate ("about") because a window of an hour usually has a few seconds less left.
 */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return s === 1 ? "in a second" : `in ${s} seconds`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return minutes === 1 ? "in a minute" : `in ${minutes} minutes`;
  const hours = Math.max(1, Math.round(s / 3600));
  if (hours < 24) return hours === 1 ? "in about an hour" : `in about ${hours} hours`;
  const days = Math.round(s / 86400);
  return days === 1 ? "in about a day" : `in about ${days} days`;
}

/** `retryAfter` (and REST's Retry-After header) stays the exact number of seconds, for programs. */
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError("RATE_LIMITED", `Too many attempts. Please try again ${waitInWords(retryAfterSeconds)}.`, {
    retryAfter: retryAfterSeconds,
  });
/**
 * The database could not take the work in time (every pooled connection busy, or a row lock held
 * past the bounded wait): nothing was changed, and the same request may simply be sent again.
 */
export const serviceBusy = (retryAfterSeconds = 1) =>
  new AppError("SERVICE_BUSY", "The service is busy. Please try again in a moment.", { retryAfter: retryAfterSeconds });

/** Profile has no gender or no required skills yet: clients send the user to /p. */
export const detailsNotFilled = () => new AppError("DETAILS_NOT_FILLED", "not filled details");

/** The caller has not opened the link mailed to their college address yet (accounts/email-verification.service.ts). */
export const emailNotVerified = () => new AppError("EMAIL_NOT_VERIFIED", VERIFY_MESSAGES.notVerified);

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
