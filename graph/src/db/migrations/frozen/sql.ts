/**
 * Frozen copies of the db/sql.ts helpers the data migrations use (rawQuery, insertIgnoreRows,
 * isSqlite, readDate, as they were when the migrations were frozen, issue 49). A migration
 * never imports live code: a later change to db/sql.ts must not change what an old migration does.
 * Do not edit; a migration that needs something else copies it beside its own name.
 */
import type { DataSource, EntityManager } from "typeorm";

type Runner = DataSource | EntityManager;

/** Raw SQL with `:name` / `:...list` parameters, escaped by the dialect's driver. */
export async function rawQuery<T = Record<string, unknown>>(db: Runner, sql: string, params: Record<string, unknown> = {}): Promise<T[]> {
  const ds = "connection" in db ? db.connection : db;
  const [query, values] = ds.driver.escapeQueryWithParameters(sql, params, {});
  return db.query(query, values) as Promise<T[]>;
}

export function isSqlite(db: Runner): boolean {
  const ds = "connection" in db ? db.connection : db;
  return ds.options.type === "better-sqlite3" || ds.options.type === "sqlite";
}

/** `INSERT IGNORE` (`INSERT OR IGNORE` on SQLite) of `rows`, `size` rows a statement. */
export async function insertIgnoreRows(db: Runner, table: string, columns: string[], rows: unknown[][], size = 200): Promise<void> {
  const insert = isSqlite(db) ? "INSERT OR IGNORE" : "INSERT IGNORE";
  const { driver } = "connection" in db ? db.connection : db;
  const names = `${driver.escape(table)} (${columns.map((c) => driver.escape(c)).join(", ")})`;
  for (let i = 0; i < rows.length; i += size) {
    // Named parameters: rawQuery writes each value as the dialect stores it (dates as text on SQLite).
    const params: Record<string, unknown> = {};
    const marks = rows
      .slice(i, i + size)
      .map((row, r) => `(${row.map((value, c) => ((params[`p${r}_${c}`] = value), `:p${r}_${c}`)).join(", ")})`)
      .join(", ");
    await rawQuery(db, `${insert} INTO ${names} VALUES ${marks}`, params);
  }
}

/** A datetime column read through raw SQL: a Date on MySQL, "YYYY-MM-DD HH:MM:SS.SSS" (UTC) on SQLite. */
export function readDate(v: unknown): Date {
  if (v instanceof Date) return v;
  const s = String(v);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s.replace(" ", "T")}Z`);
}
