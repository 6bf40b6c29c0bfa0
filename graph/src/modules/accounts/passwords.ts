import argon2 from "argon2";
import { availableParallelism } from "node:os";

/**
 * argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane). The native
 * binding hashes on libuv's thread pool, so the event loop itself never blocks on it.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many hashes run at once; the others wait their turn. Each hash keeps a core busy
 * for tens of milliseconds: unbounded, a burst of sign-ins fills the thread pool (4 threads by
 * default) and every core, so other requests wait for CPU and fs or DNS work waits for a thread.
 * One core (and thread-pool threads) always stays free for everything else.
 */
export const MAX_CONCURRENT_HASHES = Math.max(1, availableParallelism() - 1);

let running = 0;
const waiting: Array<() => void> = [];

/** Runs `work` once fewer than MAX_CONCURRENT_HASHES hashes are running (first come, first served). */
export async function hashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next)
      next(); // the slot passes straight to the next in line
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return hashSlot(() => argon2.hash(password, OPTIONS));
}

/** False for a wrong password and for a stored value that is not an argon2 hash. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await hashSlot(() => argon2.verify(hash, password));
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
  dummy ??= hashPassword("not-a-password-anyone-has");
}

/**
 * Checks a password against a throw-away hash of the same cost. Used when no user has
 * the email, so "no such user" takes as long as "wrong password" and cannot be told apart.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  prepareDummyHash();
  await verifyPassword(await dummy!, password);
}
