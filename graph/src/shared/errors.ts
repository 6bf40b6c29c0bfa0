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
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError("RATE_LIMITED", `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`, {
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
