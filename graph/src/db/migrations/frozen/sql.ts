/**
 * The SQL helpers the data migrations use, frozen with them (issue 49): a migration never imports
 * live code, so a later change to db/sql.ts cannot change what an old migration does. Only the
 * documented `query(sql, parameters)` of TypeORM's DataSource / EntityManager, with positional `?`
 * parameters (mysql2 and better-sqlite3 both take them). Do not edit; a migration that needs
 * something else copies it beside its own name.
 */
import type { DataSource, EntityManager } from "typeorm";

type Runner = DataSource | EntityManager;

export function isSqlite(db: Runner): boolean {
  const ds = "connection" in db ? db.connection : db;
  return ds.options.type === "better-sqlite3" || ds.options.type === "sqlite";
}

/** "YYYY-MM-DD HH:MM:SS.SSS" in UTC: how the SQLite schema stores a datetime. */
const sqliteDateTime = (d: Date) => d.toISOString().replace("T", " ").replace("Z", "");

/**
 * A value as the dialect stores it: on SQLite a date as UTC text and a boolean as 0/1
 * (better-sqlite3 binds neither); MySQL's driver takes both as they are.
 */
function bindable(db: Runner, value: unknown): unknown {
  if (!isSqlite(db)) return value;
  if (value instanceof Date) return sqliteDateTime(value);
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/** Raw SQL with positional `?` parameters. */
export async function rawQuery<T = Record<string, unknown>>(db: Runner, sql: string, params: unknown[] = []): Promise<T[]> {
  return db.query(
    sql,
    params.map((p) => bindable(db, p)),
  ) as Promise<T[]>;
}

/** `?, ?, ?` for a list of `n` values. */
export const marks = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/** A table or column name, quoted for the dialect (the names here are the migrations' own constants). */
const quoted = (db: Runner, name: string) => (isSqlite(db) ? `"${name}"` : `\`${name}\``);

/** `INSERT IGNORE` (`INSERT OR IGNORE` on SQLite) of `rows`, `size` rows a statement. */
export async function insertIgnoreRows(db: Runner, table: string, columns: string[], rows: unknown[][], size = 200): Promise<void> {
  const insert = isSqlite(db) ? "INSERT OR IGNORE" : "INSERT IGNORE";
  const names = `${quoted(db, table)} (${columns.map((c) => quoted(db, c)).join(", ")})`;
  for (let i = 0; i < rows.length; i += size) {
    const batch = rows.slice(i, i + size);
    const values = batch.map((row) => `(${marks(row.length)})`).join(", ");
    await rawQuery(db, `${insert} INTO ${names} VALUES ${values}`, batch.flat());
  }
}

/** A datetime column read through raw SQL: a Date on MySQL, "YYYY-MM-DD HH:MM:SS.SSS" (UTC) on SQLite. */
export function readDate(v: unknown): Date {
  if (v instanceof Date) return v;
  const s = String(v);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s.replace(" ", "T")}Z`);
}
