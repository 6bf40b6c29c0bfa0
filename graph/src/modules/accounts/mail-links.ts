import { createHash, randomBytes } from "node:crypto";

/**
 * The tokens of links we mail (password reset, college-mail verification): 32 random bytes (256
 * bits) in base64url, always 43 characters. Only their SHA-256 is stored, so a database leak gives
 * nobody a working link.
 */
export const newLinkToken = () => randomBytes(32).toString("base64url");

export const hashLinkToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

/** Whether a value can be one of our link tokens at all (checked before any lookup). */
export const isLinkToken = (token: unknown): token is string => typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
