import { AsyncLocalStorage } from "node:async_hooks";
import {
  type BeforeQueryEvent,
  type DataSource,
  type EntityManager,
  type EntitySubscriberInterface,
  EventSubscriber,
  type QueryRunner,
} from "typeorm";
import { serviceBusy } from "../shared/errors.js";

export type Tx = <T>(work: (em: EntityManager) => Promise<T>) => Promise<T>;

/** How long a unit of work may wait on MySQL/MariaDB (a pooled connection, a row lock) before it is answered SERVICE_BUSY. */
export interface TxLimits {
  waitSeconds: number;
  /**
   * Whether each transaction's call chain is tracked (AsyncLocalStorage), so TransactionGuard and
   * OneConnectionDataSource refuse a statement sent outside its connection and `createTx` a nested
   * transaction, loudly. Default on; the app turns it off in production (`txLimits`): on Node 20 a
   * store once entered makes every promise of the process pay an async hook (about 8% of a chat
   * message's CPU). There the bounded waits still turn such a mistake into SERVICE_BUSY after
   * `waitSeconds`, not a frozen pool; the test and development runs, which exercise every path, refuse it.
   */
  guard?: boolean;
}
export const DEFAULT_WAIT_SECONDS = 10;

/**
 * Told about every transaction (metrics, shared/metrics.ts): how many wait for a connection (MySQL's
 * pool) or their turn (SQLite's one connection), how many hold one, and how long each held it.
 */
export interface TxObserver {
  waiting(delta: 1 | -1): void;
  open(delta: 1 | -1): void;
  finished(outcome: "commit" | "rollback", seconds: number): void;
}

const noObserver: TxObserver = { waiting: () => undefined, open: () => undefined, finished: () => undefined };

/** Reports one transaction's hold on its connection to `observer`: call when it has one, `done` when it gave it back. */
function holding(observer: TxObserver): (committed: boolean) => void {
  const started = performance.now();
  observer.open(1);
  return (committed) => {
    observer.open(-1);
    observer.finished(committed ? "commit" : "rollback", (performance.now() - started) / 1000);
  };
}

const pendingAfterCommit = new WeakMap<EntityManager, Array<() => void>>();

/**
 * Runs `fn` once the transaction `em` belongs to has committed (events must never
 * announce rows a rollback removed). Outside a transaction made by `tx`, it runs at once.
 */
export function afterCommit(em: EntityManager, fn: () => void): void {
  const list = pendingAfterCommit.get(em);
  if (list) list.push(fn);
  else fn();
}

/** The transaction the current async call chain runs in, while it is open. */
interface OpenTransaction {
  /**
   * The transaction's query runner, whose statements TransactionGuard lets through: MySQL/MariaDB's
   * pooled connections only (undefined on SQLite, whose one connection OneConnectionDataSource guards).
   */
  runner: QueryRunner | undefined;
  open: boolean;
}
const current = new AsyncLocalStorage<OpenTransaction>();

/** Whether this async call chain runs inside an open transaction made by `createTx`. */
export function inOpenTransaction(): boolean {
  return current.getStore()?.open === true;
}

/** The error for a statement sent, inside an open transaction, on another connection than the transaction's own. */
export function outsideConnectionError(query: string): Error {
  return new Error(`A statement was sent outside the open transaction's connection (use its EntityManager): ${query.slice(0, 120)}`);
}

/**
 * A transaction holds a pooled connection and its row locks until it ends. If it awaits a statement
 * that needs a second connection (a read through the pool, a DataLoader, another transaction), a
 * burst of such transactions takes every connection and each waits for one more: nothing moves
 * again. This subscriber refuses any statement sent, while a transaction of this call chain is
 * open, on another query runner than the transaction's own: the mistake fails loudly in tests (and
 * answers one request with an error in production) instead of freezing the server under load.
 * TypeORM calls `beforeQuery` for every statement of every query runner (its documented subscriber
 * API). On SQLite every statement shares one connection: OneConnectionDataSource (db/one-connection.ts)
 * refuses such a statement there, before it would wait for the transaction's end.
 */
@EventSubscriber()
export class TransactionGuard implements EntitySubscriberInterface {
  beforeQuery(event: BeforeQueryEvent<unknown>): void {
    const tx = current.getStore();
    if (tx?.open && tx.runner && event.queryRunner !== tx.runner) {
      throw outsideConnectionError(event.query);
    }
  }
}

/** MySQL connections whose session already has our isolation level and lock wait. */
const prepared = new WeakSet<object>();

/** Thrown when no pooled connection came within the bounded wait. */
class PoolWaitTimeout extends Error {}

/** The runner's connection, or PoolWaitTimeout after `ms`; a connection that comes later goes straight back to the pool. */
async function connectWithin(runner: QueryRunner, ms: number): Promise<object> {
  const connecting = runner.connect() as Promise<object>;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PoolWaitTimeout()), ms);
  });
  try {
    return await Promise.race([connecting, timeout]);
  } catch (e) {
    if (e instanceof PoolWaitTimeout) connecting.then(() => runner.release()).catch(() => undefined);
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A MySQL/MariaDB transaction at READ COMMITTED, with a bounded lock wait. Both are set once per
 * pooled connection, for its session, instead of before every transaction: a round trip less for
 * every unit of work.
 */
async function mysqlTransaction<T>(
  ds: DataSource,
  limits: TxLimits,
  work: (em: EntityManager) => Promise<T>,
  observer: TxObserver,
): Promise<T> {
  const runner = ds.createQueryRunner();
  let connection: object;
  observer.waiting(1);
  try {
    connection = await connectWithin(runner, limits.waitSeconds * 1000);
  } catch (e) {
    if (e instanceof PoolWaitTimeout) throw serviceBusy();
    throw e;
  } finally {
    observer.waiting(-1);
  }
  const done = holding(observer);
  let committed = false;
  try {
    if (!prepared.has(connection)) {
      await runner.query("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED");
      await runner.query(`SET SESSION innodb_lock_wait_timeout = ${Math.max(1, Math.round(limits.waitSeconds))}`);
      prepared.add(connection);
    }
    await runner.startTransaction();
    try {
      const result = await work(runner.manager);
      await runner.commitTransaction();
      committed = true;
      return result;
    } catch (e) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw e;
    }
  } finally {
    await runner.release();
    done(committed);
  }
}

/**
 * SQLite's transaction (one connection: its turn comes when the queue reaches it), reported to
 * `observer`. OneConnectionDataSource keeps every statement from outside it waiting until it ends.
 */
async function sqliteTransaction<T>(ds: DataSource, work: (em: EntityManager) => Promise<T>, observer: TxObserver): Promise<T> {
  const done = holding(observer);
  let committed = false;
  try {
    const result = await ds.transaction(work);
    committed = true;
    return result;
  } finally {
    done(committed);
  }
}

async function runTracked<T>(
  ds: DataSource,
  limits: TxLimits,
  work: (em: EntityManager) => Promise<T>,
  mysql: boolean,
  observer: TxObserver,
): Promise<T> {
  let callbacks: Array<() => void> = [];
  let state: OpenTransaction | undefined;
  const wrapped = (em: EntityManager) => {
    callbacks = [];
    pendingAfterCommit.set(em, callbacks);
    state = { runner: mysql ? em.queryRunner : undefined, open: true };
    return limits.guard === false ? work(em) : current.run(state, () => work(em));
  };
  try {
    const result = mysql ? await mysqlTransaction(ds, limits, wrapped, observer) : await sqliteTransaction(ds, wrapped, observer);
    // Work the transaction's code started but did not await (a background task) may still send
    // statements: once it has ended they are free to use the pool.
    if (state) state.open = false;
    for (const cb of callbacks) cb();
    return result;
  } finally {
    if (state) state.open = false;
  }
}

/** Resolves when `turn` does, or SERVICE_BUSY after `ms` (the bounded wait for SQLite's one connection). */
async function within(turn: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(serviceBusy()), ms);
  });
  try {
    await Promise.race([turn, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const DEADLOCK = new Set(["ER_LOCK_DEADLOCK", "SQLITE_BUSY"]);
const BUSY = new Set([
  "ER_LOCK_WAIT_TIMEOUT",
  // MySQL 8's answer to FOR UPDATE NOWAIT on a locked row (MariaDB answers ER_LOCK_WAIT_TIMEOUT).
  "ER_LOCK_NOWAIT",
  // The database unreachable or gone: refused, reset, silent past mysql2's connectTimeout or the
  // statement bound (db/data-source.ts), restarting, out of connections, or its schema dropped.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "ER_CON_COUNT_ERROR",
  "ER_SERVER_SHUTDOWN",
  "ER_BAD_DB_ERROR",
  "ER_NO_SUCH_TABLE",
  "ER_NO_DB_ERROR",
]);
/** mysql2's words for a connection already dead when a statement is sent on it. */
const UNAVAILABLE_MESSAGES = ["Queue limit reached", "Can't add new command when connection is in closed state", "Pool is closed"];

function driverCode(e: unknown): string | undefined {
  return (e as { driverError?: { code?: string } }).driverError?.code ?? (e as { code?: string }).code;
}

/**
 * Whether a database error means "busy or unavailable right now" rather than a fault of the request:
 * a lock held past the bounded wait, mysql2's pool queue full, or the database unreachable, silent
 * or without its schema. Both doors answer it SERVICE_BUSY (503 with Retry-After on REST): the
 * request changed nothing (a transaction cut off rolls back) and may be sent again.
 */
export function isBusyError(e: unknown, depth = 0): boolean {
  if (!e || typeof e !== "object" || depth > 4) return false;
  // Wrapped on its way (Apollo's "Context creation failed", an Error's cause): the error underneath decides.
  const inner = (e as { originalError?: unknown }).originalError ?? (e as { cause?: unknown }).cause;
  if (inner && isBusyError(inner, depth + 1)) return true;
  const code = driverCode(e);
  if (code && BUSY.has(code)) return true;
  const message = (e as { driverError?: { message?: string }; message?: string }).driverError?.message ?? (e as Error).message;
  return typeof message === "string" && UNAVAILABLE_MESSAGES.some((m) => message.includes(m));
}

/**
 * Runs work in one database transaction.
 * - SQLite has a single connection, so transactions are queued one after another, each waiting at
 *   most `waitSeconds` for its turn (then SERVICE_BUSY); statements from outside the open one wait
 *   for its end (OneConnectionDataSource).
 * - MySQL/MariaDB may pick a transaction as a deadlock victim under contention; the whole unit of
 *   work is retried a few times, so callers must keep it pure apart from the database (publish
 *   events with `afterCommit`). A lock wait past `waitSeconds`, or no pooled connection within it,
 *   answers SERVICE_BUSY: the request changed nothing and may be retried.
 * - A transaction never starts inside another (it would need a second connection, or wait for the
 *   SQLite queue it is itself holding): that is a programming error, thrown at once.
 */
export function createTx(ds: DataSource, limits: TxLimits = { waitSeconds: DEFAULT_WAIT_SECONDS }, observer: TxObserver = noObserver): Tx {
  const sqlite = ds.options.type === "better-sqlite3" || ds.options.type === "sqlite";
  let queue: Promise<unknown> = Promise.resolve();
  return async <T>(work: (em: EntityManager) => Promise<T>): Promise<T> => {
    if (current.getStore()?.open) throw new Error("A transaction was started inside another transaction: pass its EntityManager instead");
    if (sqlite) {
      const turn = queue;
      let done!: () => void;
      const ended = new Promise<void>((r) => (done = r));
      queue = turn.then(() => ended);
      observer.waiting(1);
      try {
        await within(turn, limits.waitSeconds * 1000);
      } catch (e) {
        done();
        throw e;
      } finally {
        observer.waiting(-1);
      }
      try {
        return await runTracked(ds, limits, work, false, observer);
      } finally {
        done();
      }
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await runTracked(ds, limits, work, true, observer);
      } catch (e) {
        if (isBusyError(e)) throw serviceBusy();
        if (!DEADLOCK.has(driverCode(e) ?? "") || attempt >= 8) throw e;
        await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
      }
    }
  };
}

export function isUniqueViolation(e: unknown): boolean {
  const code = driverCode(e);
  return code === "ER_DUP_ENTRY" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
