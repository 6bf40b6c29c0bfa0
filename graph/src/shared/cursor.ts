import { badInput } from "./errors.js";

/** What a cursor may carry: the keyset position of one row (sort keys + id), never an offset where a key exists. */
export type CursorPart = string | number | boolean | null;

/**
 * The one cursor encoding of the API: base64url of the JSON array `[kind, ...parts]`. Clients treat
 * it as opaque; `kind` names the list that made it, so a cursor of one list is refused by another.
 */
export function encodeCursor(kind: string, parts: readonly CursorPart[]): string {
  return Buffer.from(JSON.stringify([kind, ...parts])).toString("base64url");
}

/**
 * Reads a cursor of `kind`. `read` checks the parts and returns the position, or undefined
 * (or throws) when they are not what this list writes: then BAD_USER_INPUT "Invalid cursor".
 */
export function decodeCursor<T>(kind: string, cursor: string, read: (parts: unknown[]) => T | undefined): T {
  let value: T | undefined;
  try {
    const decoded = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(decoded) && decoded[0] === kind) value = read(decoded.slice(1));
  } catch {
    value = undefined;
  }
  if (value === undefined) throw badInput("Invalid cursor");
  return value;
}

/** A (time, id) keyset position, the most common one: newest first with the id as tie-break. */
export interface TimeKey {
  at: Date;
  id: string;
}

export const encodeTimeKey = (kind: string, k: TimeKey) => encodeCursor(kind, [k.at.toISOString(), k.id]);

export function decodeTimeKey(kind: string, cursor: string): TimeKey {
  return decodeCursor(kind, cursor, ([at, id]) => {
    if (typeof at !== "string" || typeof id !== "string") return undefined;
    const date = new Date(at);
    return Number.isNaN(date.getTime()) ? undefined : { at: date, id };
  });
}
