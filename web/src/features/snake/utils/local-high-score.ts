import { MAX_SCORE } from "../engine/snake";

/**
 * The high score is also kept in localStorage (spec: "also kept locally"), per user so that
 * two students sharing a browser do not see each other's. Written only when greater.
 */
export const LOCAL_HIGH_SCORE_KEY = "snakeHighScore";

const keyFor = (userId: string) => `${LOCAL_HIGH_SCORE_KEY}:${userId}`;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function readLocalHighScore(userId: string): number {
  const value = Number(storage()?.getItem(keyFor(userId)));
  // Anything a game cannot score (edited by hand, or garbage) is ignored.
  return Number.isInteger(value) && value > 0 && value <= MAX_SCORE ? value : 0;
}

/** Stores `score` if it beats the stored one; returns the stored value afterwards. */
export function saveLocalHighScore(userId: string, score: number): number {
  const current = readLocalHighScore(userId);
  if (!(score > current)) return current;
  try {
    storage()?.setItem(keyFor(userId), String(score));
  } catch {
    /* storage full or disabled: the server copy still counts */
  }
  return score;
}
