/** Client-side checks that mirror the server's rules, so mistakes are caught before any request. */

export const COLLEGE_EMAIL_DOMAIN: string = import.meta.env.VITE_COLLEGE_EMAIL_DOMAIN ?? "psgtech.ac.in";
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const MESSAGES = {
  invalidCollegeEmail: "Invalid email format. Please enter a valid PSG Tech email address.",
  passwordLength: `Password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters long.`,
  nameTaken: "Username already exists",
  registrationFailed: "Registration failed",
  wrongCredentials: "Wrong email or password",
  forgotEmailRequired: "Please enter the email and click the forget password.",
  forgotFailed: "Failed to process forget password request.",
  resetInvalid: "You are not able to reset your password",
  passwordUpdated: "Password Updated",
  loggedOut: "Logged Out Successfully",
  contactRequired: "All fields are required.",
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
