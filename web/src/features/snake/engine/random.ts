/**
 * A small seedable PRNG (mulberry32). The game state carries the seed state, so a game is a
 * pure function of its seed and inputs: tests replay exact apple positions.
 */
export function nextRandom(state: number): [value: number, next: number] {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return [((t ^ (t >>> 14)) >>> 0) / 4294967296, next];
}

/** A fresh seed from the platform's randomness (outside tests). */
export function randomSeed(): number {
  return Math.floor(Math.random() * 4294967296) >>> 0;
}
