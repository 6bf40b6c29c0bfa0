/** A feed or search page as the doors get it, and how it is put together from the walked rows and their cards. */
import type { Cards, ProfileRow, UserSkills } from "./profiles.service.js";

export interface FeedPage {
  users: ProfileRow[];
  /** The skills of `users` (read with them: a card shows both). */
  skills: Map<string, UserSkills>;
  /** The cursor of `users[i]` (a keyset position), made only when asked (a page's reader usually needs the last one). */
  cursor(i: number): string;
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  /**
   * A filtered page that stopped at its walk's budget: where to keep looking (past its last card,
   * possibly past students who did not match). Undefined otherwise: the last card's cursor.
   */
  endCursor?: string;
}

export type SearchPage = FeedPage;

/**
 * A page's cards in its rows' order, each with its own row's cursor. A row whose student is gone by
 * the time the cards are read is left out with its cursor, so `cursor(i)` stays the position of
 * `users[i]` and the next page starts after the last card shown.
 */
export function cardsInOrder<R extends { id: string }>(
  rows: readonly R[],
  read: Cards,
  cursorOf: (row: R) => string,
): Omit<FeedPage, "hasNextPage" | "hasPreviousPage"> {
  const kept = rows.filter((r) => read.users.has(r.id));
  const { users, skills } = inOrder(
    kept.map((r) => r.id),
    read,
  );
  return { users, skills, cursor: (i) => cursorOf(kept[i]) };
}

export const noCursor = (i: number): string => {
  throw new RangeError(`no row ${i} on an empty page`);
};

/** The cards of `ids` in that order (a student gone meanwhile is left out), from cards read with their skills. */
export function inOrder(ids: readonly string[], read: Cards): Pick<FeedPage, "users" | "skills"> {
  return { users: ids.map((id) => read.users.get(id)).filter((u): u is ProfileRow => Boolean(u)), skills: read.skills };
}
