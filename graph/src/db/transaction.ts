import type { DataSource, EntityManager } from "typeorm";

export type Tx = <T>(work: (em: EntityManager) => Promise<T>) => Promise<T>;

const pendingAfterCommit = new WeakMap<EntityManager, Array<() => void>>();

/**
 * Runs `fn` once the transaction `em` belongs to has committed (events must never
 * announce rows a rollback removed). Outside a transaction made by `tx`, it runs at once.
 */
export function afterCommit(em: EntityManager | undefined, fn: () => void): void {
  const list = em && pendingAfterCommit.get(em);
  if (list) list.push(fn);
  else fn();
}

/** MySQL connections whose session already reads committed data in every transaction. */
const readCommitted = new WeakSet<object>();

/**
 * A MySQL/MariaDB transaction at READ COMMITTED. The level is set once per pooled connection, for
 * its session, instead of with a `SET TRANSACTION` before every transaction (what TypeORM's
 * `transaction(level, ...)` does): one round trip less for every unit of work.
 */
async function mysqlTransaction<T>(ds: DataSource, work: (em: EntityManager) => Promise<T>): Promise<T> {
  const runner = ds.createQueryRunner();
  try {
    const connection = (await runner.connect()) as object;
    if (!readCommitted.has(connection)) {
      await runner.query("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED");
      readCommitted.add(connection);
    }
    await runner.startTransaction();
    try {
      const result = await work(runner.manager);
      await runner.commitTransaction();
      return result;
    } catch (e) {
      if (runner.isTransactionActive) await runner.rollbackTransaction().catch(() => undefined);
      throw e;
    }
  } finally {
    await runner.release();
  }
}

async function runTracked<T>(ds: DataSource, work: (em: EntityManager) => Promise<T>, mysql: boolean): Promise<T> {
  let callbacks: Array<() => void> = [];
  const wrapped = async (em: EntityManager) => {
    callbacks = [];
    pendingAfterCommit.set(em, callbacks);
    return work(em);
  };
  const result = mysql ? await mysqlTransaction(ds, wrapped) : await ds.transaction(wrapped);
  for (const cb of callbacks) cb();
  return result;
}

const RETRYABLE = new Set(["ER_LOCK_DEADLOCK", "ER_LOCK_WAIT_TIMEOUT", "SQLITE_BUSY"]);

/**
 * Runs work in one database transaction.
 * - SQLite has a single connection, so transactions are queued one after another
 *   instead of nesting by accident.
 * - MySQL/MariaDB may pick a transaction as a deadlock victim under contention;
 *   the whole unit of work is retried a few times, so callers must keep it pure
 *   apart from the database (publish events after it returns).
 */
export function createTx(ds: DataSource): Tx {
  const sqlite = ds.options.type === "better-sqlite3" || ds.options.type === "sqlite";
  let queue: Promise<unknown> = Promise.resolve();
  return async <T>(work: (em: EntityManager) => Promise<T>): Promise<T> => {
    if (sqlite) {
      const run = queue.then(() => runTracked(ds, work, false));
      queue = run.catch(() => undefined);
      return run;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        return await runTracked(ds, work, true);
      } catch (e) {
        const code = (e as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (e as { code?: string }).code;
        if (!code || !RETRYABLE.has(code) || attempt >= 8) throw e;
        await new Promise((r) => setTimeout(r, Math.random() * 20 * attempt));
      }
    }
  };
}

export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string } };
  const code = err.driverError?.code ?? err.code;
  return code === "ER_DUP_ENTRY" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
