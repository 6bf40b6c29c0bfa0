/**
 * The feed's and search's opaque cursors (shared/cursor.ts encodes them): a feed position with the
 * snapshot time its session reads and the filters' key; a search position with the search (prefix,
 * field, filters) that made it, which it alone continues.
 */
import { decodeCursor as decodeCursorParts, encodeCursor as encodeCursorParts } from "../../shared/cursor.js";
import type { CursorKey, SearchKey } from "./feed-query.js";
import type { SearchFilter } from "./search-filter.js";
import { FEED_TIERS } from "./profile-index.js";

/** A feed position plus the snapshot time its session reads (and, for a filtered feed, the filters' key). */
export interface FeedCursor extends CursorKey {
  asOf: Date | null;
  filters: string;
}

/** A feed position and the session's snapshot time (two arguments: a row is not copied to add it). */
export function encodeCursor(k: CursorKey, asOf: Date | null, filters = ""): string {
  const parts = [k.score, k.createdAt.toISOString(), k.id, asOf?.toISOString() ?? null, k.tier];
  return encodeCursorParts("feed", filters ? [...parts, filters] : parts);
}

export function decodeCursor(cursor: string): FeedCursor {
  return decodeCursorParts("feed", cursor, ([score, at, id, asOf, tier, filters]) => {
    const createdAt = new Date(String(at));
    const snapshot = typeof asOf === "string" ? new Date(asOf) : null;
    if (typeof score !== "number" || !Number.isInteger(score) || score < 0 || score > 3) return undefined;
    if (typeof id !== "string" || Number.isNaN(createdAt.getTime()) || (snapshot && Number.isNaN(snapshot.getTime()))) return undefined;
    if (!(FEED_TIERS as readonly unknown[]).includes(tier)) return undefined;
    if (filters !== undefined && typeof filters !== "string") return undefined;
    return { score, tier: tier as number, createdAt, id, asOf: snapshot, filters: filters ?? "" };
  });
}

/** A REST session's stored position; one the current format cannot read starts the walk over. */
export function storedPosition(cursor: string): FeedCursor | null {
  try {
    return decodeCursor(cursor);
  } catch {
    return null;
  }
}

export function encodeSearchCursor(k: SearchKey, prefix: string, filter: SearchFilter, filters = ""): string {
  const parts = [k.term, k.sortKey, k.id, prefix, filter];
  return encodeCursorParts("search", filters ? [...parts, filters] : parts);
}

/** A search cursor continues only the search (and the filters) that made it. */
export function decodeSearchCursor(cursor: string, prefix: string, filter: SearchFilter, filters: string): SearchKey {
  return decodeCursorParts("search", cursor, ([term, sortKey, id, p, f, k]) =>
    typeof term === "string" &&
    typeof sortKey === "string" &&
    typeof id === "string" &&
    p === prefix &&
    f === filter &&
    (k ?? "") === filters
      ? { term, sortKey, id }
      : undefined,
  );
}
