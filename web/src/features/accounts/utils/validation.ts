/** Client-side checks that mirror the server's rules, so mistakes are caught before any request. */
import { ACCOUNT_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "../../../../../common/accounts";

export const COLLEGE_EMAIL_DOMAIN: string = import.meta.env.VITE_COLLEGE_EMAIL_DOMAIN ?? "psgtech.ac.in";

/** The server's texts (common/accounts.ts) and the pages' own. */
export const MESSAGES = {
  ...ACCOUNT_MESSAGES,
  registrationFailed: "Registration failed",
  forgotFailed: "Failed to process forget password request.",
  passwordUpdated: "Password Updated",
  loggedOut: "Logged Out Successfully",
  contactSent: "Message sent successfully!",
  contactFailed: "Failed to send message. Please try again.",
} as const;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const collegeEmail = new RegExp(`^[0-9]{2}[a-z][0-9]{3}@${escapeRegExp(COLLEGE_EMAIL_DOMAIN)}$`, "i");

/** Two digits, one letter, three digits, then the college domain (ASCII only, any case). */
export function isCollegeEmail(email: string): boolean {
  return collegeEmail.test(email.trim());
}

/** Characters as a person counts them (an emoji is one). */
export function passwordLengthOk(password: string): boolean {
  const n = [...password].length;
  return n >= PASSWORD_MIN && n <= PASSWORD_MAX;
}
