import { DataSource, type DataSourceOptions, type EntityManager, type QueryRunner, type ReplicationMode } from "typeorm";
import { serviceBusy } from "../shared/errors.js";
import { inOpenTransaction, outsideConnectionError } from "./transaction.js";

/**
 * Turns on SQLite's one connection: any number of single statements at once, or one transaction
 * alone. First come, first served, so a waiting transaction is not starved by a stream of reads.
 */
class Turns {
  private exclusive = false;
  private shared = 0;
  private readonly waiting: Array<{ exclusive: boolean; grant: () => void }> = [];

  constructor(private readonly waitMs: number) {}

  /** Resolves when the turn is ours; SERVICE_BUSY when it did not come within the bounded wait. */
  take(exclusive: boolean): Promise<void> | undefined {
    if (this.waiting.length === 0 && this.fits(exclusive)) {
      this.grant(exclusive);
      return undefined;
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        exclusive,
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        this.next();
        reject(serviceBusy());
      }, this.waitMs);
      this.waiting.push(entry);
    });
  }

  give(exclusive: boolean): void {
    if (exclusive) this.exclusive = false;
    else this.shared--;
    this.next();
  }

  private fits(exclusive: boolean): boolean {
    return !this.exclusive && (!exclusive || this.shared === 0);
  }

  private grant(exclusive: boolean): void {
    if (exclusive) this.exclusive = true;
    else this.shared++;
  }

  private next(): void {
    while (this.waiting.length > 0 && this.fits(this.waiting[0].exclusive)) {
      const entry = this.waiting.shift()!;
      this.grant(entry.exclusive);
      entry.grant();
    }
  }
}

/**
 * SQLite's DataSource. TypeORM's better-sqlite3 driver runs every statement on one connection, so a
 * statement sent from outside an open transaction (another request's read or write, while the
 * transaction awaits I/O) would run inside it: rolled back with it, reading its uncommitted rows.
 * Here every query runner handed out (`createQueryRunner`, which repositories, query builders,
 * `query` and `transaction` all go through) waits its turn: single statements run together, and a
 * transaction runs alone from its BEGIN to its COMMIT or ROLLBACK. The statements of the
 * transaction itself go through its EntityManager, whose runner is the connection's own.
 *
 * As on MySQL/MariaDB (TransactionGuard), a statement sent through the pool from inside an open
 * transaction of `createTx` is refused: it would wait for the very transaction that awaits it.
 */
export class OneConnectionDataSource extends DataSource {
  private readonly turns: Turns;

  constructor(options: DataSourceOptions, waitSeconds: number) {
    super(options);
    this.turns = new Turns(waitSeconds * 1000);
  }

  override createQueryRunner(mode: ReplicationMode = "master"): QueryRunner {
    return queued(super.createQueryRunner(mode), this.turns, (runner) => this.createEntityManager(runner));
  }
}

/**
 * `runner` with its statements and transactions taking their turn (see OneConnectionDataSource).
 * Nothing reaches the connection past the turns: the runner's EntityManager is made for the queued
 * runner (TypeORM's documented `createEntityManager(queryRunner)`), so a manager kept after its
 * transaction ended, or used without one, queues too; and the runner's other methods run with the
 * queued runner as `this`, so the statements they send themselves (`clearTable`, `getTable`, ...)
 * go through its `query`.
 */
function queued(runner: QueryRunner, turns: Turns, managerFor: (runner: QueryRunner) => EntityManager): QueryRunner {
  let holding = false;
  // The runner's own method, called with the queued runner as `this` (the statements it sends itself,
  // and the query runner TypeORM's events name, are the queued one).
  const call = <K extends keyof QueryRunner>(name: K, ...args: unknown[]) =>
    Reflect.apply(runner[name] as (...a: unknown[]) => unknown, queuedRunner, args) as ReturnType<
      Extract<QueryRunner[K], (...a: never[]) => unknown>
    >;
  const refuseInsideTransaction = (what: string) => {
    if (inOpenTransaction()) throw outsideConnectionError(what);
  };
  const giveBack = () => {
    if (holding && !runner.isTransactionActive) {
      holding = false;
      turns.give(true);
    }
  };
  const own: Partial<QueryRunner> = {
    async query(query: string, parameters?: unknown[], structured?: boolean) {
      if (holding) return call("query", query, parameters, structured);
      refuseInsideTransaction(query);
      const wait = turns.take(false);
      if (wait) await wait;
      try {
        return await call("query", query, parameters, structured);
      } finally {
        turns.give(false);
      }
    },
    async startTransaction(level) {
      if (!holding) {
        refuseInsideTransaction("BEGIN TRANSACTION");
        const wait = turns.take(true);
        if (wait) await wait;
        holding = true;
      }
      try {
        await call("startTransaction", level);
      } catch (e) {
        giveBack();
        throw e;
      }
    },
    async commitTransaction() {
      try {
        await call("commitTransaction");
      } finally {
        giveBack();
      }
    },
    async rollbackTransaction() {
      try {
        await call("rollbackTransaction");
      } finally {
        giveBack();
      }
    },
    async release() {
      if (holding && runner.isTransactionActive) await call("rollbackTransaction").catch(() => undefined);
      giveBack();
      return call("release");
    },
  };
  let manager: EntityManager | undefined;
  const queuedRunner: QueryRunner = new Proxy(runner, {
    get(target, prop) {
      if (Object.hasOwn(own, prop)) return own[prop as keyof QueryRunner];
      if (prop === "manager") return (manager ??= managerFor(queuedRunner));
      // Everything else is the runner's own, called with the queued runner as `this` (its state,
      // written through the proxy, stays on the runner).
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(queuedRunner) : value;
    },
  });
  return queuedRunner;
}
