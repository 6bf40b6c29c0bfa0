import type { DataSource, EntityManager } from "typeorm";

type Runner = DataSource | EntityManager;

/** A statement's callback, as mysql2 calls it. */
export type QueryDone = (err: (Error & { fatal?: boolean }) | null, rows: unknown) => void;

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
export function poolOutsideTransaction(db: Runner, ds: DataSource): Dispatcher | null {
  if (ds.options.type !== "mysql" && ds.options.type !== "mariadb") return null;
  if ("connection" in db && db.queryRunner) return null;
  const pool = (ds.driver as unknown as { pool?: MysqlPool }).pool;
  if (!pool) return null;
  let d = dispatchers.get(pool);
  if (!d) dispatchers.set(pool, (d = new Dispatcher(pool)));
  return d;
}
