/**
 * Account limits and the texts both sides show, shared by the server's checks
 * (graph/src/modules/accounts/account-rules.ts) and the sign-up, sign-in, reset and contact
 * pages (web/src/features/accounts/utils/validation.ts). Plain TypeScript: no Node or DOM APIs.
 */

/** Password length in characters as a person counts them (an emoji is one). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Texts the spec names. */
export const ACCOUNT_MESSAGES = {
  invalidCollegeEmail: "Invalid email format. Please enter a valid PSG Tech email address.",
  passwordLength: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`,
  nameTaken: "Username already exists",
  wrongCredentials: "Wrong email or password",
  forgotEmailRequired: "Please enter the email and click the forget password.",
  resetInvalid: "You are not able to reset your password",
  contactRequired: "All fields are required.",
  /** A 7-day token ran out (or was revoked): the sign-in page says so, the server's refusal too. */
  sessionExpired: "Your session expired, please sign in again",
} as const;
