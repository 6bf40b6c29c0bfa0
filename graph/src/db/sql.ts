import { type DataSource, type EntityManager, type EntityMetadata, type EntityTarget, type ObjectLiteral } from "typeorm";

type Runner = DataSource | EntityManager;
/** The two dialects: MariaDB/MySQL through mysql2, SQLite through better-sqlite3. */
export type Dialect = "mysql" | "sqlite";
/** An entity class (every entity of ours is one). */
type EntityClass<T> = new () => T;

const dataSourceOf = (db: Runner): DataSource => ("connection" in db ? db.connection : db);

export function isSqlite(db: Runner): boolean {
  const { type } = dataSourceOf(db).options;
  return type === "better-sqlite3" || type === "sqlite";
}

const dialectOf = (db: Runner): Dialect => (isSqlite(db) ? "sqlite" : "mysql");

/** A table or column name quoted for the dialect (names come from our entities and our own constants). */
export const quoteName = (dialect: Dialect, name: string) => (dialect === "sqlite" ? `"${name}"` : `\`${name}\``);

// ---------------------------------------------------------------------------------------------
// Values: what a parameter or a column value becomes on its way in and out. mysql2 writes Dates
// (the pool's timezone is 'Z'), booleans and numbers itself; better-sqlite3 binds neither Dates
// nor booleans, so on SQLite a date is the UTC text the schema stores and a boolean 0/1.
// ---------------------------------------------------------------------------------------------

/**
 * A date as SQLite stores a datetime: 'YYYY-MM-DD HH:MM:SS.mmm' in UTC. Outside years 0-9999 (or
 * for an invalid date) each part is padded and cut as TypeORM's SQLite driver wrote it before.
 */
export function sqliteDateTimeText(d: Date): string {
  const year = d.getUTCFullYear();
  if (year >= 0 && year <= 9999) return d.toISOString().slice(0, 23).replace("T", " ");
  const pad = (v: number, n = 2) => `${"0".repeat(n)}${v}`.slice(-n);
  const ms = d.getUTCMilliseconds();
  const millis = ms < 10 ? `00${ms}` : ms < 100 ? `0${ms}` : String(ms);
  return `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.${millis}`;
}

/**
 * A parameter of `rawQuery` as the dialect binds it. On SQLite: a Date becomes its UTC text, a
 * boolean 0/1, and a whole number an INTEGER (a BigInt: better-sqlite3 binds a plain number as a
 * REAL), as when TypeORM wrote such a number into the statement's text. MySQL takes each as it is.
 */
export function bindValue(dialect: Dialect, value: unknown): unknown {
  if (dialect !== "sqlite") return value;
  switch (typeof value) {
    case "number":
      return Number.isSafeInteger(value) ? BigInt(value) : value;
    case "boolean":
      return value ? 1 : 0;
    case "object":
      return value instanceof Date ? sqliteDateTimeText(value) : value;
    default:
      return value;
  }
}

/** How a column's values are converted: the column types our entities use (see columnKind). */
export type ColumnKind = "plain" | "boolean" | "datetime";

/** A column's value read from a row, as TypeORM's finders hydrate it. */
export function readColumnValue(dialect: Dialect, kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined || kind === "plain") return value;
  if (kind === "boolean") return Boolean(value);
  // datetime: a Date from mysql2; the stored text from SQLite (UTC, without its "T" and "Z").
  if (typeof value !== "string" || value === "") return value;
  let text = value;
  if (dialect === "sqlite") {
    if (/^\d\d\d\d-\d\d-\d\d \d\d:\d\d/.test(text)) text = text.replace(" ", "T");
    if (/^\d\d\d\d-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d\d\d)?)?$/.test(text)) text += "Z";
  }
  return new Date(text);
}

/** A column's value as written by `repository.insert` (a datetime given as text is read by `new Date`). */
export function writeColumnValue(dialect: Dialect, kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined || kind === "plain") return value;
  if (kind === "boolean") return dialect === "sqlite" ? (value === true ? 1 : 0) : value;
  const date = typeof value === "string" ? new Date(value) : value;
  return dialect === "sqlite" && date instanceof Date ? sqliteDateTimeText(date) : date;
}

/** The kind of a column declared `@Column(type)`: an entity with any other type fails here, loudly. */
function columnKind(type: unknown, where: string): ColumnKind {
  if (type === "datetime" || type === Date) return "datetime";
  if (type === "boolean" || type === Boolean) return "boolean";
  if (type === "varchar" || type === "text" || type === "int" || type === "double") return "plain";
  throw new Error(`db/sql.ts: ${where} is a "${String(type)}" column; add its conversion to readColumnValue/writeColumnValue`);
}

interface Column {
  property: string;
  name: string;
  kind: ColumnKind;
  primary: boolean;
}

interface Table {
  name: string;
  columns: Column[];
  /** INSERT statements by kind (insert or upsert) and which columns a row sets (the others keep their defaults). */
  inserts: Map<string, { sql: string; columns: Column[] }>;
}

const tables = new WeakMap<EntityMetadata, Table>();

/**
 * An entity's table and columns, read once from the metadata TypeORM built from its decorators.
 * Plain columns only: an embedded, relation or transformed column would need TypeORM's own
 * hydration, so it is refused here.
 */
function tableOf(db: Runner, entity: EntityTarget<ObjectLiteral>): Table {
  const meta = dataSourceOf(db).getMetadata(entity);
  let table = tables.get(meta);
  if (table) return table;
  const columns = meta.columns.map((c): Column => {
    const where = `${meta.name}.${c.propertyName}`;
    if (c.embeddedMetadata || c.relationMetadata || c.transformer || c.isVirtual)
      throw new Error(`db/sql.ts: ${where} is not a plain column (embedded, relation or transformer)`);
    return { property: c.propertyName, name: c.databaseName, kind: columnKind(c.type, where), primary: c.isPrimary };
  });
  tables.set(meta, (table = { name: meta.tableName, columns, inserts: new Map() }));
  return table;
}

// ---------------------------------------------------------------------------------------------
// Named parameters
// ---------------------------------------------------------------------------------------------

/** A statement cut at its named parameters: texts[i], then parameter i, ..., then the last text. */
interface Template {
  texts: string[];
  params: Array<{ name: string; list: boolean; source: string }>;
}

/** The named parameters of a statement, as TypeORM's drivers find them: `:name`, `:...name`. */
const NAMED = /:(\.\.\.)?([A-Za-z0-9_.]+)/g;
const templates = new Map<string, Template>();
/** Statements are mostly constants; those built with numbers in their text are few, but the cache stays bounded. */
const TEMPLATES_MAX = 2000;

function templateOf(sql: string): Template {
  let t = templates.get(sql);
  if (t) return t;
  t = { texts: [], params: [] };
  let last = 0;
  for (const m of sql.matchAll(NAMED)) {
    t.texts.push(sql.slice(last, m.index));
    t.params.push({ name: m[2], list: m[1] !== undefined, source: m[0] });
    last = m.index + m[0].length;
  }
  t.texts.push(sql.slice(last));
  if (templates.size >= TEMPLATES_MAX) templates.clear();
  templates.set(sql, t);
  return t;
}

/**
 * `sql` with its named parameters (`:id`, and `:...ids` for a list) made positional (`?`), and
 * their values in order, each bound as the dialect stores it (bindValue). A name that `params`
 * does not have stays in the text as it is (a time such as '12:30' in a literal). A list gives one
 * `?` per item: an empty list gives none, so `IN (:...ids)` becomes `IN ()`, which SQLite reads as
 * an empty set and MariaDB refuses (callers skip the statement when the list is empty).
 */
export function expandParameters(dialect: Dialect, sql: string, params: Record<string, unknown>): [string, unknown[]] {
  const t = templateOf(sql);
  const values: unknown[] = [];
  if (t.params.length === 0) return [sql, values];
  let out = t.texts[0];
  for (let i = 0; i < t.params.length; i++) {
    const { name, list, source } = t.params[i];
    if (!Object.prototype.hasOwnProperty.call(params, name)) {
      out += source;
    } else if (list) {
      const items = params[name];
      if (!Array.isArray(items)) throw new TypeError(`rawQuery: :...${name} needs an array`);
      for (let j = 0; j < items.length; j++) values.push(bindValue(dialect, items[j]));
      out += items.length === 0 ? "" : "?" + ", ?".repeat(items.length - 1);
    } else {
      values.push(bindValue(dialect, params[name]));
      out += "?";
    }
    out += t.texts[i + 1];
  }
  return [out, values];
}

// ---------------------------------------------------------------------------------------------
// Statements
// ---------------------------------------------------------------------------------------------

/**
 * Raw SQL with named parameters (`:id`, `:...ids`), made positional by expandParameters and sent
 * through TypeORM's `query` (dates become the stored text on SQLite). Column and table names in
 * our SQL are unquoted and case-insensitive on both databases.
 */
export async function rawQuery<T = Record<string, unknown>>(db: Runner, sql: string, params: Record<string, unknown> = {}): Promise<T[]> {
  const [query, values] = expandParameters(dialectOf(db), sql, params);
  return positionalQuery<T>(db, query, values);
}

/** Raw SQL with `?` placeholders, values sent as they are (see rawQuery). */
export function positionalQuery<T = Record<string, unknown>>(db: Runner, query: string, values: unknown[]): Promise<T[]> {
  return db.query(query, values) as Promise<T[]>;
}

/**
 * A date as a parameter, written as the text both databases store: 'YYYY-MM-DD HH:MM:SS.mmm' in UTC
 * (mysql2 with the pool's timezone 'Z'; sqliteDateTimeText on SQLite). A statement that names one
 * time many times (the feed's walks compare every index row with the snapshot time) passes this text
 * once made instead of a Date that each placeholder formats again. A date outside years 0-9999, or
 * an invalid one, is passed as it is, for bindValue and the drivers to write.
 */
export function sqlDateTime(d: Date): string | Date {
  const year = d.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) return d;
  return d.toISOString().slice(0, 23).replace("T", " ");
}

/**
 * Rows of one entity's table read by raw SQL (`SELECT *` or any of its columns), as entities:
 * each value converted the way TypeORM's finders convert what they read (readColumnValue), without
 * a query builder built, compiled and thrown away for every read of a hot path.
 */
export async function entityQuery<T extends ObjectLiteral>(
  db: Runner,
  entity: EntityClass<T>,
  sql: string,
  params: Record<string, unknown> = {},
): Promise<T[]> {
  const { columns } = tableOf(db, entity);
  const dialect = dialectOf(db);
  const rows = await rawQuery<Record<string, unknown>>(db, sql, params);
  return rows.map((row) => {
    const out = new entity() as Record<string, unknown>;
    for (const c of columns) if (c.name in row) out[c.property] = readColumnValue(dialect, c.kind, row[c.name]);
    return out as T;
  });
}

/**
 * Inserts one row of an entity by plain SQL: the statement is built once from the entity's columns
 * for each set of columns a row gives (a column left undefined keeps its default, as with
 * `repository.insert`), and each value is converted the way TypeORM writes it (writeColumnValue:
 * dates and booleans on SQLite). For hot paths that insert a fully known row and read nothing back.
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
  const table = tableOf(db, entity);
  const dialect = dialectOf(db);
  const given = table.columns.filter((c) => row[c.property] !== undefined);
  const key = `${upsert ? "upsert" : "insert"}:${given.map((c) => c.name).join(",")}`;
  let plan = table.inserts.get(key);
  if (!plan) {
    const q = (c: Column) => quoteName(dialect, c.name);
    let sql = `INSERT INTO ${quoteName(dialect, table.name)} (${given.map(q).join(", ")}) VALUES (${given.map(() => "?").join(", ")})`;
    if (upsert) {
      const primary = table.columns.filter((c) => c.primary);
      const set = given.filter((c) => !c.primary);
      if (set.length === 0 || primary.some((c) => !given.includes(c)))
        throw new Error("entityUpsert: give the primary key and a column to set");
      sql +=
        dialect === "sqlite"
          ? ` ON CONFLICT (${primary.map(q).join(", ")}) DO UPDATE SET ${set.map((c) => `${q(c)} = excluded.${q(c)}`).join(", ")}`
          : ` ON DUPLICATE KEY UPDATE ${set.map((c) => `${q(c)} = VALUES(${q(c)})`).join(", ")}`;
    }
    table.inserts.set(key, (plan = { sql, columns: given }));
  }
  await positionalQuery(
    db,
    plan.sql,
    plan.columns.map((c) => writeColumnValue(dialect, c.kind, row[c.property])),
  );
}

/**
 * Rows into `table` by plain SQL, `size` to a statement, skipping any whose key is already there
 * (INSERT IGNORE / INSERT OR IGNORE, as the query builder's `orIgnore`), each value bound as
 * `rawQuery` binds it (bindValue): for backfills that must not depend on an entity's current columns.
 */
export async function insertIgnoreRows(db: Runner, table: string, columns: string[], rows: unknown[][], size = 200): Promise<void> {
  const dialect = dialectOf(db);
  const insert = dialect === "sqlite" ? "INSERT OR IGNORE" : "INSERT IGNORE";
  const names = `${quoteName(dialect, table)} (${columns.map((c) => quoteName(dialect, c)).join(", ")})`;
  for (let i = 0; i < rows.length; i += size) {
    const batch = rows.slice(i, i + size);
    const marks = batch.map((row) => `(${row.map(() => "?").join(", ")})`).join(", ");
    await positionalQuery(
      db,
      `${insert} INTO ${names} VALUES ${marks}`,
      batch.flatMap((row) => row.map((value) => bindValue(dialect, value))),
    );
  }
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
