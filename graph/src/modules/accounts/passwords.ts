import argon2 from "argon2";

/**
 * argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane). The native
 * binding hashes on libuv's thread pool, so the event loop keeps serving while it runs.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** True when a stored hash was made with weaker settings than today's and should be replaced. */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, OPTIONS);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

/** Makes the throw-away hash ahead of time, so the first unknown-email sign-in is not slower than the rest. */
export function prepareDummyHash(): void {
  dummy ??= argon2.hash("not-a-password-anyone-has", OPTIONS);
}

/**
 * Checks a password against a throw-away hash of the same cost. Used when no user has
 * the email, so "no such user" takes as long as "wrong password" and cannot be told apart.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  prepareDummyHash();
  await verifyPassword(await dummy!, password);
}
