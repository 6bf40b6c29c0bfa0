import { ACCOUNT_MESSAGES, PASSWORD_MAX, PASSWORD_MIN } from "../../../../common/accounts.js";
import { badInput } from "../../shared/errors.js";

/** The texts the web pages show too are in common/accounts.ts; these are the server's own. */
export const MESSAGES = {
  ...ACCOUNT_MESSAGES,
  fieldsRequired: "Username, email and password are required.",
  nameLength: "Username must be at most 60 characters long.",
  forgotSent: "If an account exists for that email, a link to reset the password has been sent to it.",
  contactEmail: "Please enter a valid email address.",
  contactTooLong: "Your message is too long.",
  contactSent: "The mail has been sent successfully ",
} as const;

export const NAME_MAX = 60;
export const EMAIL_MAX = 254;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * The college address rule: two digits, one letter, three digits, "@" and the college
 * domain, nothing else. Returns the address lower-cased, or null.
 *
 * The ASCII check comes BEFORE lower-casing: `toLowerCase` maps some non-ASCII letters
 * onto ASCII (the Kelvin sign K becomes "k"), and full-width or Arabic-Indic digits must
 * not count as digits. Sub-domains and look-alike domains fail the exact match.
 */
export function normaliseCollegeEmail(raw: string, domain: string): string | null {
  const email = raw.trim();
  if (email.length > EMAIL_MAX || !PRINTABLE_ASCII.test(email)) return null;
  const lower = email.toLowerCase();
  const rule = new RegExp(`^[0-9]{2}[a-z][0-9]{3}@${escapeRegExp(domain.toLowerCase())}$`);
  return rule.test(lower) ? lower : null;
}

/** How a typed-in sign-in or reset email is looked up: trimmed, lower-case, or null when it cannot be one of ours. */
export function lookupEmail(raw: string): string | null {
  const email = raw.trim();
  if (!email || email.length > EMAIL_MAX || !PRINTABLE_ASCII.test(email)) return null;
  return email.toLowerCase();
}

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export const charLength = (s: string) => [...s].length;

export function assertPassword(password: string): void {
  const n = charLength(password);
  if (n < PASSWORD_MIN || n > PASSWORD_MAX) throw badInput(MESSAGES.passwordLength, { field: "password" });
}

/** Trimmed, with no control characters; the key used for case-insensitive uniqueness is its lower case. */
export function normaliseName(raw: string): string {
  const name = raw.normalize("NFC").trim().replace(/\s+/g, " ");
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]/.test(name)) {
    throw badInput("Username contains characters that are not allowed.", { field: "name" });
  }
  if (charLength(name) > NAME_MAX) throw badInput(MESSAGES.nameLength, { field: "name" });
  return name;
}

/** A plain address check for the contact form, which anyone may use. */
export function isPlausibleEmail(raw: string): boolean {
  return raw.length <= EMAIL_MAX && /^[^\s@<>()",;:]+@[^\s@<>()",;:]+\.[^\s@<>()",;:]+$/.test(raw);
}
