/**
 * Reads of the `users` table for other modules (profiles, moderation, coins): the accounts module
 * owns the table, so the SQL that names it lives here. Each function takes a `DataSource` or, inside
 * a transaction, the transaction's `em` (a transaction never reads through the pool). Raw SQL, as
 * these back hot pages (profile cards, the feed's reindexing) or run once per command.
 *
 * `fromUsers` is the one fragment another module embeds: a statement that reads students' rows
 * together with that module's own rows of them (a JOIN or EXISTS on its tables) in one round trip,
 * which splitting into two reads would make two statements per request.
 */
import type { DataSource, EntityManager } from "typeorm";
import { rawQuery, readDate } from "../../db/sql.js";
import type { User } from "./user.entity.js";

type Runner = DataSource | EntityManager;

/** A column of `users` (user-columns.ts says which module writes it). */
export type UserColumn = keyof User;

/** `FROM users <alias>`: the table under an alias, for a statement that joins the module's own rows to it. */
export const fromUsers = (alias: string) => `FROM users ${alias}`;

/** The select list of `columns` read from `alias`, each under its own name (`u.id AS id, ...`). */
export const userSelectList = (columns: readonly UserColumn[], alias: string) => columns.map((c) => `${alias}.${c} AS ${c}`).join(", ");

/** The rows of `ids` (those that exist), `columns` only, as the driver returns them (dates as text on SQLite). */
export async function userColumnsByIds(
  db: Runner,
  ids: readonly string[],
  columns: readonly UserColumn[],
): Promise<Record<string, unknown>[]> {
  if (ids.length === 0) return [];
  return rawQuery<Record<string, unknown>>(db, `SELECT ${userSelectList(columns, "u")} ${fromUsers("u")} WHERE u.id IN (:...ids)`, {
    ids,
  });
}

const isTrue = (v: unknown) => Number(v) === 1 || v === true;

/** What a student's directory rows carry from their account: name, sign-up time, visibility; null for an unknown id. */
export async function listingFactsOf(
  db: Runner,
  id: string,
): Promise<{ name: string; createdAt: Date; visible: boolean; amount: number; ratingSum: number; ratingCount: number } | null> {
  const [row] = await userColumnsByIds(db, [id], ["name", "createdAt", "visible", "amount", "ratingSum", "ratingCount"]);
  return row
    ? {
        name: String(row.name),
        createdAt: readDate(row.createdAt),
        visible: isTrue(row.visible),
        amount: Number(row.amount ?? 0),
        ratingSum: Number(row.ratingSum ?? 0),
        ratingCount: Number(row.ratingCount ?? 0),
      }
    : null;
}

/** A student's picture (null when they have none); undefined for an unknown id. */
export async function imageOf(db: Runner, id: string): Promise<string | null | undefined> {
  const [row] = await userColumnsByIds(db, [id], ["image"]);
  return row ? ((row.image ?? null) as string | null) : undefined;
}

/** An account that is not deleted, found by id or by (lower-case) address; null when there is none. */
export async function liveAccount(
  db: Runner,
  by: { id: string } | { email: string },
): Promise<{ id: string; email: string; verified: boolean } | null> {
  const [where, params] = "id" in by ? ["u.id = :id", { id: by.id }] : ["u.email = :email", { email: by.email }];
  const [row] = await rawQuery<{ id: string; email: string; emailVerifiedAt: unknown }>(
    db,
    `SELECT u.id AS id, u.email AS email, u.emailVerifiedAt AS emailVerifiedAt ${fromUsers("u")} WHERE ${where} AND u.deletedAt IS NULL`,
    params,
  );
  return row ? { id: row.id, email: row.email, verified: row.emailVerifiedAt != null } : null;
}

/** The addresses of `ids` (those that exist), in no particular order. */
export async function emailsOf(db: Runner, ids: readonly string[]): Promise<string[]> {
  return (await userColumnsByIds(db, ids, ["email"])).map((r) => String(r.email));
}

/** Every student's `skillCoins` (the ledger's mirror of their balance), for the ledger's invariant check. */
export async function skillCoinMirrors(db: Runner): Promise<Array<{ id: string; coins: unknown }>> {
  return rawQuery<{ id: string; coins: unknown }>(db, `SELECT u.id AS id, u.skillCoins AS coins ${fromUsers("u")}`);
}

/**
 * The leaderboard's ranking: students others may see (verified, in good standing), best rated
 * first, index-only (the index on visible, ratingAvg, ratingCount, skillCoins).
 */
export function rankingQuery(ds: DataSource, limit: number) {
  return (
    ds
      .createQueryBuilder()
      .from("users", "u")
      .select("u.id", "id")
      .addSelect("u.ratingAvg", "ratingAvg")
      .addSelect("u.ratingCount", "ratingCount")
      .addSelect("u.skillCoins", "skillCoins")
      // An equality on the index's first column.
      .where("u.visible = 1")
      .orderBy("u.ratingAvg", "DESC")
      .addOrderBy("u.ratingCount", "DESC")
      .addOrderBy("u.skillCoins", "DESC")
      .limit(limit)
  );
}

/**
 * Every student others may see, with the ranking's values, in the ranking's order up to ties (the
 * leaderboard's views build on it): the same index as `rankingQuery`, walked whole. Raw SQL, as the
 * query builder's per-row cost shows at 100,000 rows.
 */
export function rankedStudents(db: Runner): Promise<Array<{ id: string; ratingAvg: unknown; ratingCount: unknown; skillCoins: unknown }>> {
  return rawQuery(
    db,
    `SELECT u.id AS id, u.ratingAvg AS ratingAvg, u.ratingCount AS ratingCount, u.skillCoins AS skillCoins ${fromUsers("u")}
      WHERE u.visible = 1 ORDER BY u.ratingAvg DESC, u.ratingCount DESC, u.skillCoins DESC`,
  );
}

/** `rankedStudents` for `ids` only (those that exist and are visible): what a leaderboard patch re-reads. */
export function rankedStudentsByIds(
  db: Runner,
  ids: readonly string[],
): Promise<Array<{ id: string; ratingAvg: unknown; ratingCount: unknown; skillCoins: unknown }>> {
  if (ids.length === 0) return Promise.resolve([]);
  return rawQuery(
    db,
    `SELECT u.id AS id, u.ratingAvg AS ratingAvg, u.ratingCount AS ratingCount, u.skillCoins AS skillCoins ${fromUsers("u")}
      WHERE u.id IN (:...ids) AND u.visible = 1`,
    { ids },
  );
}
