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
  /** A 7-day token ran out, or the student signed out (signing out ends every device's session) or changed the password
   * elsewhere: the sign-in page says so, the server's refusal too (one text: "expired" was wrong after a sign-out). */
  sessionExpired: "You were signed out, please sign in again",
} as const;

/** How long a verification link works, and how long an unverified account holds its address and name. */
export const VERIFICATION_HOURS = 48;

/** College-mail verification: the texts the server answers and the pages show. */
export const VERIFY_MESSAGES = {
  notVerified: "Verify your college mail first: open the link we mailed to your address.",
  linkInvalid: "This verification link does not work any more. Sign in and ask for a new one.",
  alreadyVerified: "Your college mail is already verified.",
  resent: "We sent a new link to your college mail.",
  verified: "Your college mail is verified.",
  /** Someone else cannot receive requests (unverified, and later suspended or deleted). */
  unavailable: "This student cannot take requests right now.",
} as const;

/** What a deleted account is called wherever it still appears (messages, ratings, chats). */
export const DELETED_STUDENT_NAME = "Deleted student";

/** Export and deletion of one's own account. */
export const PRIVACY_MESSAGES = {
  passwordRequired: "Please enter your password to delete your account.",
  wrongPassword: "That password is not right. Your account was not deleted.",
  deleted: "Your account was deleted.",
} as const;
