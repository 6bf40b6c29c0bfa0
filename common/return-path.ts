/**
 * The page a student is sent back to after signing in, registering or verifying their mail
 * (`?returnTo=`): the web follows it (web/src/lib/session.ts), and the server puts it into the
 * mailed verification link (graph/src/modules/accounts/email-verification.service.ts). One rule
 * for both, so a link the server mails is one the web follows. Plain TypeScript.
 */

/** Longer paths are not followed (none of our pages needs one; the server stores it with the link). */
export const RETURN_PATH_MAX = 1000;

/** Pages a student should not be sent back to after signing in (with any suffix). */
const NO_RETURN = /^\/(login|register|logout|reset-password)([/?#]|$)/;

/**
 * A same-site path to go back to, or null. Only "/x" paths: never "//host" or "/\host"
 * (protocol-relative), never a scheme, never control characters, never the sign-in pages themselves.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== "string" || raw.length > RETURN_PATH_MAX) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  if (/[\u0000-\u001F\u007F]/.test(raw)) return null;
  if (NO_RETURN.test(raw)) return null;
  return raw;
}
