/**
 * Read-only API keys for integrators (a college site, a club bot, a dashboard): the limits and the
 * texts the server answers and the settings page shows. Shared by graph/src/modules/accounts
 * (api-keys.service.ts), the doors and web/src/features/api-keys. Plain TypeScript.
 */

/** Every key starts with this, so a door tells a key from a session token by its first characters. */
export const API_KEY_PREFIX = "sxk_";

/** Active (unrevoked) keys a student may hold at once. */
export const MAX_API_KEYS = 10;

/** A key's name, trimmed. */
export const API_KEY_NAME_MAX = 60;

export const API_KEY_MESSAGES = {
  nameRequired: "Give the key a name, such as the site or bot that will use it",
  nameTooLong: `Use at most ${API_KEY_NAME_MAX} characters for the key's name`,
  tooMany: `You have ${MAX_API_KEYS} active API keys, the most allowed. Revoke one before creating another.`,
  notFound: "API key not found",
  /** A `sxk_` bearer that matches no active key. */
  invalid: "This API key is not valid: it was revoked or never existed.",
  /** A key whose owner is suspended: it works again when the suspension ends. */
  ownerSuspended: "This API key does not work while its owner's account is suspended.",
  /** Any write, private field or private subscription asked for with a key. */
  readOnly: "API keys are read-only and see public data only; sign in to do this.",
} as const;

/** Whether a bearer is an API key rather than a session token (a JWT never starts with the prefix). */
export const isApiKeySecret = (token: string): boolean => token.startsWith(API_KEY_PREFIX);
