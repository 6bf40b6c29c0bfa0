import type { DataSource, EntityManager } from "typeorm";

type Runner = DataSource | EntityManager;

/**
 * Raw SQL with TypeORM's named parameters (`:id`, `:...ids`), expanded for the current
 * dialect (dates become the stored text on SQLite). Column and table names in our SQL are
 * unquoted and case-insensitive on both databases.
 */
export async function rawQuery<T = Record<string, unknown>>(db: Runner, sql: string, params: Record<string, unknown> = {}): Promise<T[]> {
  const ds = "connection" in db ? db.connection : db;
  const [query, values] = ds.driver.escapeQueryWithParameters(sql, params, {});
  return (await db.query(query, values)) as T[];
}

export function isSqlite(db: Runner): boolean {
  const ds = "connection" in db ? db.connection : db;
  return ds.options.type === "better-sqlite3" || ds.options.type === "sqlite";
}

/** A datetime column read through raw SQL: a Date on MySQL, "YYYY-MM-DD HH:MM:SS.SSS" (UTC) on SQLite. */
export function readDate(v: unknown): Date {
  if (v instanceof Date) return v;
  const s = String(v);
  return new Date(/[zZ]|[+-]\d\d:?\d\d$/.test(s) ? s : `${s.replace(" ", "T")}Z`);
}

/** Whether a table has a column now (a migration's code may run against an older schema). */
export async function hasColumn(db: Runner, table: string, column: string): Promise<boolean> {
  if (isSqlite(db)) {
    const cols = (await db.query(`PRAGMA table_info(${table})`)) as Array<{ name: string }>;
    return cols.some((c) => c.name === column);
  }
  const rows = (await db.query(
    "SELECT 1 AS found FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?",
    [table, column],
  )) as unknown[];
  return rows.length > 0;
}
