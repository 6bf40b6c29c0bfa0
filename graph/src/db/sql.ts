import { type DataSource, type EntityManager, type EntityMetadata, type EntityTarget, type ObjectLiteral, QueryFailedError } from "typeorm";
import type { ColumnMetadata } from "typeorm/metadata/ColumnMetadata.js";
import { expandNamed } from "./named-params.js";

type Runner = DataSource | EntityManager;

type QueryDone = (err: (Error & { fatal?: boolean }) | null, rows: unknown) => void;

/** What this module uses of a mysql2 connection taken from the pool. */
interface MysqlConnection {
  query(sql: string, values: unknown[], done: QueryDone): void;
  once(event: "end" | "error", listener: () => void): void;
  removeListener(event: "end" | "error", listener: () => void): void;
  release(): void;
  /** mysql2's own state: null once the pool dropped it (closed, failed). */
  _pool: unknown;
  _closing?: boolean;
  _fatalError?: unknown;
  _protocolError?: unknown;
}

/** The callback API of the mysql2 pool TypeORM's MySQL driver keeps (`driver.pool`). */
interface MysqlPool {
  query(sql: string, values: unknown[], done: QueryDone): void;
  getConnection(done: (err: Error | null, conn: MysqlConnection) => void): void;
  /** mysql2 emits `enqueue` just before it queues a caller that found no connection. */
  on(event: "enqueue", listener: () => void): void;
  config: { connectionLimit: number };
  _closed?: boolean;
  /** Callers waiting for a connection (mysql2's queue). */
  _connectionQueue?: { length: number };
}

/**
 * Statements outside a transaction, each on an idle connection this dispatcher keeps borrowed
 * from the pool, up to all of the pool's connections. mysql2's `pool.query` takes a connection and
 * gives it back for every statement (a nextTick, acquire and release events, a tracing closure):
 * about 7 µs of a request's CPU per statement, a tenth of a cheap read's. (Borrowing at most half
 * the pool sent every statement past ten in flight down that path: the REST profile read at
 * concurrency 16 cost 375 µs of app CPU against 348 µs borrowing the whole pool, in a 16-round
 * pinned A/B.)
 *
 * When every connection is borrowed and busy, a statement waits in the dispatcher's own queue and
 * runs on the first borrowed connection that finishes, without it going back to the pool. (Sent to
 * `pool.query` instead, it waited in the pool's queue and took a connection the dispatcher had to
 * give up and borrow again: at concurrency 16, with two statements of a request in flight at once,
 * 15% of a profile read's CPU samples were under that hand-over.)
 *
 * When someone else waits on the pool (a transaction's query runner), borrowed connections go back
 * to it: the idle ones at once, the busy ones as their statements end, so transactions can still
 * have the whole pool; statements still queued then borrow again behind them, or take the pool's
 * own path once the dispatcher holds nothing. A connection that ends or fails is dropped, as the
 * pool drops its own (the pool makes a new one when asked).
 */
class Dispatcher {
  private readonly idle: MysqlConnection[] = [];
  /** Borrowed connections, with the listener that drops each when it ends or fails. */
  private readonly borrowed = new Map<MysqlConnection, () => void>();
  /** Statements waiting for a borrowed connection to finish (first in, first out). */
  private readonly waiting: Array<[sql: string, values: unknown[], done: QueryDone]> = [];
  private waitingFrom = 0;
  private pending = 0;
  private readonly max: number;
  constructor(private readonly pool: MysqlPool) {
    this.max = Math.max(1, pool.config.connectionLimit || 10);
    // The waiter is queued right after the event: lend once it is.
    pool.on("enqueue", () => queueMicrotask(() => this.lendIdle()));
  }

  private lendIdle(): void {
    let conn: MysqlConnection | undefined;
    while ((this.pool._connectionQueue?.length ?? 0) > 0 && (conn = this.idle.pop())) {
      this.forget(conn);
      if (usable(conn)) conn.release();
    }
  }

  query(sql: string, values: unknown[], done: QueryDone): void {
    let conn = this.idle.pop();
    while (conn && !usable(conn)) {
      this.forget(conn);
      conn = this.idle.pop();
    }
    if (conn) return this.run(conn, sql, values, done);
    if (this.pool._closed) return this.pool.query(sql, values, done);
    if (this.borrowed.size + this.pending < this.max) return this.borrow(sql, values, done);
    this.waiting.push([sql, values, done]);
  }

  /** Runs a statement on a connection newly taken from the pool (waiting in the pool's queue if it has none free). */
  private borrow(sql: string, values: unknown[], done: QueryDone): void {
    this.pending++;
    this.pool.getConnection((err, fresh) => {
      this.pending--;
      if (err) {
        done(err, undefined);
        return this.drain();
      }
      // A connection that failed on the way is the pool's to drop; the statement takes the pool's path.
      if (!usable(fresh)) {
        fresh.release();
        return this.pool.query(sql, values, done);
      }
      const drop = () => this.forget(fresh);
      this.borrowed.set(fresh, drop);
      fresh.once("end", drop);
      fresh.once("error", drop);
      this.run(fresh, sql, values, done);
    });
  }

  private run(conn: MysqlConnection, sql: string, values: unknown[], done: QueryDone): void {
    try {
      conn.query(sql, values, (err, rows) => {
        // mysql2 answers a statement before it marks its connection failed: `fatal` says so first.
        if (err?.fatal || !usable(conn)) this.forget(conn);
        else if (this.pool._connectionQueue?.length) {
          this.forget(conn);
          conn.release();
        } else {
          const next = this.nextWaiting();
          if (next) this.run(conn, ...next);
          else this.idle.push(conn);
        }
        done(err, rows);
        this.drain();
      });
    } catch (e) {
      // A value that cannot be written throws before anything is sent (as pool.query handles it).
      this.forget(conn);
      conn.release();
      done(e as Error, undefined);
      this.drain();
    }
  }

  private nextWaiting(): [string, unknown[], QueryDone] | undefined {
    if (this.waitingFrom >= this.waiting.length) return undefined;
    const next = this.waiting[this.waitingFrom];
    this.waiting[this.waitingFrom++] = undefined as never;
    // The array is emptied once drained, or compacted once mostly consumed.
    if (this.waitingFrom === this.waiting.length || this.waitingFrom > 1024) {
      this.waiting.splice(0, this.waitingFrom);
      this.waitingFrom = 0;
    }
    return next;
  }

  /**
   * After a connection left the dispatcher: queued statements borrow again while there is room
   * (behind whoever waits on the pool), or take the pool's own path when nothing borrowed or on its
   * way would ever serve them.
   */
  private drain(): void {
    while (this.waitingFrom < this.waiting.length && this.borrowed.size + this.pending < this.max && !this.pool._closed) {
      this.borrow(...this.nextWaiting()!);
    }
    if (this.borrowed.size + this.pending > 0) return;
    for (let next = this.nextWaiting(); next; next = this.nextWaiting()) this.pool.query(...next);
  }

  /** Stops tracking a connection (it failed, ended, or goes back to the pool). */
  private forget(conn: MysqlConnection): void {
    const drop = this.borrowed.get(conn);
    if (!drop) return;
    this.borrowed.delete(conn);
    conn.removeListener("end", drop);
    conn.removeListener("error", drop);
    const i = this.idle.indexOf(conn);
    if (i >= 0) this.idle.splice(i, 1);
  }
}

const usable = (c: MysqlConnection) => c._pool !== null && !c._closing && !c._fatalError && !c._protocolError;
const dispatchers = new WeakMap<MysqlPool, Dispatcher>();

/**
 * The MySQL/MariaDB pool's dispatcher, when `db` is not inside a transaction: a statement on its own goes
 * straight to a pooled connection, not through a TypeORM query runner made and released for it,
 * with its before/after-query events and result copy. The same pool and connection settings
 * either way; logging and errors are TypeORM's.
 */
function poolOutsideTransaction(db: Runner, ds: DataSource): Dispatcher | null {
  if (ds.options.type !== "mysql" && ds.options.type !== "mariadb") return null;
  if ("connection" in db && db.queryRunner) return null;
  const pool = (ds.driver as unknown as { pool?: MysqlPool }).pool;
  if (!pool) return null;
  let d = dispatchers.get(pool);
  if (!d) dispatchers.set(pool, (d = new Dispatcher(pool)));
  return d;
}

/**
 * Raw SQL with TypeORM's named parameters (`:id`, `:...ids`), expanded for the current
 * dialect (dates become the stored text on SQLite). Column and table names in our SQL are
 * unquoted and case-insensitive on both databases.
 */
export async function rawQuery<T = Record<string, unknown>>(db: Runner, sql: string, params: Record<string, unknown> = {}): Promise<T[]> {
  const ds = "connection" in db ? db.connection : db;
  const mysql = ds.options.type === "mysql" || ds.options.type === "mariadb";
  const [query, values] = (mysql && expandNamed(sql, params)) || ds.driver.escapeQueryWithParameters(sql, params, {});
  return positionalQuery<T>(db, query, values);
}

/** Raw SQL with `?` placeholders (see rawQuery). */
export function positionalQuery<T = Record<string, unknown>>(db: Runner, query: string, values: unknown[]): Promise<T[]> {
  const ds = "connection" in db ? db.connection : db;
  const pool = poolOutsideTransaction(db, ds);
  if (!pool) return db.query(query, values) as Promise<T[]>;
  // Logged as TypeORM's runner logs (the configured logger decides what it keeps).
  ds.logger.logQuery(query, values);
  return new Promise((resolve, reject) =>
    pool.query(query, values, (err, rows) => {
      if (!err) return resolve(rows as T[]);
      ds.logger.logQueryError(err, query, values);
      reject(new QueryFailedError(query, values, err));
    }),
  );
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
