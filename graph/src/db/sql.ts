import { type DataSource, type EntityManager, type EntityMetadata, type EntityTarget, type ObjectLiteral } from "typeorm";

type Runner = DataSource | EntityManager;
/** A column of an entity's metadata (TypeORM exports EntityMetadata from its root, not ColumnMetadata). */
type ColumnMetadata = EntityMetadata["columns"][number];

/**
 * Raw SQL with TypeORM's named parameters (`:id`, `:...ids`), expanded for the current
 * dialect (dates become the stored text on SQLite). Column and table names in our SQL are
 * unquoted and case-insensitive on both databases.
 */
export async function rawQuery<T = Record<string, unknown>>(db: Runner, sql: string, params: Record<string, unknown> = {}): Promise<T[]> {
  const ds = "connection" in db ? db.connection : db;
  const [query, values] = ds.driver.escapeQueryWithParameters(sql, params, {});
  return positionalQuery<T>(db, query, values);
}

/** Raw SQL with `?` placeholders (see rawQuery). */
export function positionalQuery<T = Record<string, unknown>>(db: Runner, query: string, values: unknown[]): Promise<T[]> {
  return db.query(query, values) as Promise<T[]>;
}

/**
 * A date as a parameter, written as the text both databases store: 'YYYY-MM-DD HH:MM:SS.mmm' in UTC
 * (mysql2 with the pool's timezone 'Z', TypeORM's SQLite driver). A statement that names one time
 * many times (the feed's walks compare every index row with the snapshot time) passes this text once
 * made instead of a Date that each placeholder formats again. A date outside years 0-9999, or an
 * invalid one, is passed as it is, for the drivers to write.
 */
export function sqlDateTime(d: Date): string | Date {
  const year = d.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return d;
  return d.toISOString().slice(0, 23).replace("T", " ");
}

/**
 * Rows of one entity's table read by raw SQL (`SELECT *` or any of its columns), as entities:
 * each value converted the way TypeORM converts what its finders read (dates, booleans), without
 * a query builder built, compiled and thrown away for every read of a hot path.
 */
export async function entityQuery<T extends ObjectLiteral>(
  db: Runner,
  entity: EntityTarget<T>,
  sql: string,
  params: Record<string, unknown> = {},
): Promise<T[]> {
  const ds = "connection" in db ? db.connection : db;
  const meta = ds.getMetadata(entity);
  const rows = await rawQuery<Record<string, unknown>>(db, sql, params);
  return rows.map((row) => {
    const out = meta.create() as T;
    for (const column of meta.columns) {
      if (column.databaseName in row) column.setEntityValue(out, ds.driver.prepareHydratedValue(row[column.databaseName], column));
    }
    return out;
  });
}

/** INSERT statements by entity, kind (insert or upsert) and which of its columns a row sets (the others keep their defaults). */
const inserts = new WeakMap<EntityMetadata, Map<string, { sql: string; columns: ColumnMetadata[] }>>();

/**
 * Inserts one row of an entity by plain SQL: the statement is built once from TypeORM's metadata
 * for each set of columns a row gives (a column left undefined keeps its default, as with
 * `repository.insert`), and each value is converted the way TypeORM writes it (transformers,
 * dates on SQLite). For hot paths that insert a fully known row and read nothing back.
 */
export async function entityInsert<T extends ObjectLiteral>(db: Runner, entity: EntityTarget<T>, row: T): Promise<void> {
  return writeRow(db, entity, row, false);
}

/**
 * Inserts one row, or when a row with its primary key exists, sets that row's other given columns
 * (what `repository.upsert(row, primaryKey)` does, without its query builder: about 80 µs of CPU per
 * call). For an entity whose only unique key is its primary key (MariaDB's ON DUPLICATE KEY UPDATE
 * answers any unique key).
 */
export async function entityUpsert<T extends ObjectLiteral>(db: Runner, entity: EntityTarget<T>, row: T): Promise<void> {
  return writeRow(db, entity, row, true);
}

async function writeRow<T extends ObjectLiteral>(db: Runner, entity: EntityTarget<T>, row: T, upsert: boolean): Promise<void> {
  const ds = "connection" in db ? db.connection : db;
  const meta = ds.getMetadata(entity);
  let byColumns = inserts.get(meta);
  if (!byColumns) inserts.set(meta, (byColumns = new Map()));
  const given = meta.columns.filter((c) => !c.isVirtual && c.getEntityValue(row) !== undefined);
  const key = `${upsert ? "upsert" : "insert"}:${given.map((c) => c.databaseName).join(",")}`;
  let plan = byColumns.get(key);
  if (!plan) {
    const q = (c: ColumnMetadata) => ds.driver.escape(c.databaseName);
    const names = given.map(q).join(", ");
    let sql = `INSERT INTO ${ds.driver.escape(meta.tablePath)} (${names}) VALUES (${given.map(() => "?").join(", ")})`;
    if (upsert) {
      const set = given.filter((c) => !c.isPrimary);
      if (set.length === 0 || meta.primaryColumns.some((c) => !given.includes(c)))
        throw new Error("entityUpsert: give the primary key and a column to set");
      sql += isSqlite(ds)
        ? ` ON CONFLICT (${meta.primaryColumns.map(q).join(", ")}) DO UPDATE SET ${set.map((c) => `${q(c)} = excluded.${q(c)}`).join(", ")}`
        : ` ON DUPLICATE KEY UPDATE ${set.map((c) => `${q(c)} = VALUES(${q(c)})`).join(", ")}`;
    }
    byColumns.set(key, (plan = { sql, columns: given }));
  }
  await positionalQuery(
    db,
    plan.sql,
    plan.columns.map((c) => ds.driver.preparePersistentValue(c.getEntityValue(row), c)),
  );
}

/**
 * Rows into `table` by plain SQL, `size` to a statement, skipping any whose key is already there
 * (INSERT IGNORE / INSERT OR IGNORE, as the query builder's `orIgnore`), each value written as
 * `rawQuery` writes it: for backfills that must not depend on an entity's current columns.
 */
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

/**
 * Takes the write lock on one row of `entity` until `em`'s transaction ends, so units of work that
 * check a limit counted over that row's children (e.g. a student's saved searches) run one after
 * another on MySQL/MariaDB: at READ COMMITTED, two inserts counted in parallel would each miss the
 * other. SQLite's transactions already run one at a time (createTx), so there it takes nothing.
 */
export async function lockRow(em: EntityManager, entity: EntityTarget<ObjectLiteral>, id: string): Promise<void> {
  if (isSqlite(em)) return;
  await em.getRepository(entity).createQueryBuilder("locked").setLock("pessimistic_write").where("locked.id = :id", { id }).getRawOne();
}
