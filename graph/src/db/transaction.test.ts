/**
 * Units of work on MySQL/MariaDB run at READ COMMITTED (money and counters rely on reading what
 * others committed); the level is set once per pooled connection, so it must hold on every
 * connection the pool hands out, including ones opened while others are busy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../test/harness.js";
import { type EntityManager, QueryFailedError } from "typeorm";
import { rawQuery } from "./sql.js";
import { txLimits } from "./data-source.js";
import { afterCommit, createTx, inOpenTransaction, isUniqueViolation } from "./transaction.js";

describe.runIf(process.env.TEST_MYSQL_URL)("transactions on MariaDB", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("mysql");
  });
  afterAll(async () => {
    await t?.close();
  });

  it("run at READ COMMITTED on every pooled connection", async () => {
    // More at once than the pool keeps idle, so new connections are opened meanwhile.
    const levels = await Promise.all(
      Array.from({ length: 30 }, () =>
        t.app.services.deps.tx(async (em) => {
          const [row] = (await em.query("SELECT @@tx_isolation AS level, CONNECTION_ID() AS id")) as Array<{ level: string; id: number }>;
          await em.query("SELECT SLEEP(0.01)");
          return row;
        }),
      ),
    );
    expect(new Set(levels.map((l) => l.level))).toEqual(new Set(["READ-COMMITTED"]));
    expect(new Set(levels.map((l) => l.id)).size).toBeGreaterThan(1);
  });

  it("rolls back a failed unit of work, and announces only committed ones", async () => {
    const announced: string[] = [];
    const id = `tx-test-${Date.now()}`;
    await t.app.services.deps.tx(async (em) => {
      await em.query("CREATE TABLE IF NOT EXISTS tx_probe (id VARCHAR(40) PRIMARY KEY)");
    });
    await expect(
      t.app.services.deps.tx(async (em) => {
        await em.query("INSERT INTO tx_probe (id) VALUES (?)", [id]);
        afterCommit(em, () => announced.push("failed"));
        throw new Error("boom");
      }),
    ).rejects.toThrow("boom");
    await t.app.services.deps.tx(async (em) => {
      await em.query("INSERT INTO tx_probe (id) VALUES (?)", [`${id}-ok`]);
      afterCommit(em, () => announced.push("ok"));
    });
    const rows = (await t.dataSource.query("SELECT id FROM tx_probe WHERE id LIKE ?", [`${id}%`])) as Array<{ id: string }>;
    expect(rows.map((r) => r.id)).toEqual([`${id}-ok`]);
    expect(announced).toEqual(["ok"]);
  });

  it("fails a statement outside a transaction as TypeORM does, so a duplicate is still recognised", async () => {
    const id = `dup-${Date.now()}`;
    await rawQuery(t.dataSource, "INSERT INTO tx_probe (id) VALUES (:id)", { id });
    const failure = await rawQuery(t.dataSource, "INSERT INTO tx_probe (id) VALUES (:id)", { id }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(QueryFailedError);
    expect(isUniqueViolation(failure)).toBe(true);
    expect(await rawQuery(t.dataSource.manager, "SELECT id FROM tx_probe WHERE id = :id", { id })).toEqual([{ id }]);
  });
});

/**
 * A transaction never waits for a second pooled connection: a statement through the pool (or a
 * transaction inside a transaction) while one is open is refused at once, and waits on a busy
 * database are bounded, answered SERVICE_BUSY. On SQLite the one connection is the "pool": a
 * transaction waits for its turn, and a statement from outside for the open transaction's end.
 */
describe.each(dbTargets)("bounded transactions on %s", (target) => {
  let t: TestApp;
  /** Transactions that can be open at once: MariaDB's pool, SQLite's one connection. */
  const connections = target === "mysql" ? 3 : 1;
  beforeAll(async () => {
    t = await startTestApp(target, { env: { DB_POOL_SIZE: "3", DB_WAIT_SECONDS: "1" } });
    await t.dataSource.query("CREATE TABLE IF NOT EXISTS lock_probe (id INT PRIMARY KEY, n INT NOT NULL)");
    await t.dataSource.query("INSERT INTO lock_probe (id, n) VALUES (1, 0)");
  });
  afterAll(async () => {
    await t?.close();
  });
  const tx = () => t.app.services.deps.tx;

  it("refuses a statement sent through the pool while a transaction is open", async () => {
    await expect(tx()(async () => t.dataSource.query("SELECT 1 AS one"))).rejects.toThrow(/outside the open transaction/);
    await expect(tx()(async () => rawQuery(t.dataSource, "SELECT 1 AS one"))).rejects.toThrow(/outside the open transaction/);
    // The same statement on the transaction's own connection is fine, and so is the pool afterwards.
    expect(await tx()(async (em) => rawQuery(em, "SELECT 1 AS one"))).toEqual([{ one: 1 }]);
    expect(await rawQuery(t.dataSource, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });

  it("in production tracks no call chain, and a statement through the pool inside a transaction is still bounded", async () => {
    const db = t.app.services.deps.config.database;
    expect(txLimits(db, "test").guard).toBe(true);
    expect(txLimits(db, "development").guard).toBe(true);
    const limits = txLimits(db, "production");
    expect(limits.guard).toBe(false);
    const productionTx = createTx(t.dataSource, limits);
    const inside = productionTx(async () => {
      expect(inOpenTransaction()).toBe(false);
      return rawQuery(t.dataSource, "SELECT 1 AS one");
    });
    if (target === "mysql")
      await expect(inside).resolves.toEqual([{ one: 1 }]); // another pooled connection was free
    else await expect(inside).rejects.toMatchObject({ code: "SERVICE_BUSY" }); // its turn never comes: the wait ends it
    expect(await rawQuery(t.dataSource, "SELECT 1 AS one")).toEqual([{ one: 1 }]);
  });

  it("refuses a transaction inside a transaction", async () => {
    await expect(tx()(async () => tx()(async (em) => em.query("SELECT 1")))).rejects.toThrow(/inside another transaction/);
  });

  it("answers SERVICE_BUSY when a row lock is held past the bounded wait, and changes nothing", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = tx()(async (em) => {
      await em.query("UPDATE lock_probe SET n = n + 1 WHERE id = 1");
      locked();
      await held;
    });
    await isLocked;
    const waiter = await tx()(async (em) => em.query("UPDATE lock_probe SET n = n + 100 WHERE id = 1")).catch((e: unknown) => e);
    release();
    await holder;
    expect(waiter).toMatchObject({ code: "SERVICE_BUSY", status: 503 });
    expect(await rawQuery(t.dataSource, "SELECT n FROM lock_probe WHERE id = 1")).toEqual([{ n: 1 }]);
  });

  it("answers SERVICE_BUSY when no pooled connection comes within the bounded wait, and recovers", async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started = 0;
    let allStarted!: () => void;
    const allIn = new Promise<void>((r) => (allStarted = r));
    // Every connection held by an open transaction.
    const holders = Array.from({ length: connections }, () =>
      tx()(async (em) => {
        await em.query("SELECT 1");
        if (++started === connections) allStarted();
        await held;
      }),
    );
    await allIn;
    const late = await tx()(async (em) => em.query("SELECT 1")).catch((e: unknown) => e);
    // On SQLite a statement from outside waits for the open transaction's end, as long as a transaction would.
    const lateRead = target === "sqlite" ? await rawQuery(t.dataSource, "SELECT 1 AS one").catch((e: unknown) => e) : undefined;
    release();
    await Promise.all(holders);
    expect(late).toMatchObject({ code: "SERVICE_BUSY" });
    if (target === "sqlite") expect(lateRead).toMatchObject({ code: "SERVICE_BUSY" });
    expect(await tx()(async (em) => rawQuery(em, "SELECT 1 AS one"))).toEqual([{ one: 1 }]);
  });
});

/**
 * A statement sent from outside while a transaction is open (another request's read or write, on
 * SQLite's one connection or through MariaDB's pool) is never part of that transaction: it is not
 * rolled back with it and never reads its uncommitted rows, even when the transaction yields to the
 * event loop (awaits I/O, a timer) between its statements.
 */
describe.each(dbTargets)("transaction isolation from outside statements on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
    await t.dataSource.query("CREATE TABLE iso_probe (id VARCHAR(40) PRIMARY KEY)");
  });
  afterAll(async () => {
    await t?.close();
  });

  /**
   * A transaction that has inserted the row "inside" and then yields to the event loop (as awaiting I/O
   * would) until `fail()`, then throws: `failed` is its rejection.
   */
  async function openFailingTransaction(): Promise<{ fail: () => void; failed: Promise<unknown> }> {
    let inserted!: () => void;
    const isInserted = new Promise<void>((r) => (inserted = r));
    let fail!: () => void;
    const failing = new Promise<void>((r) => (fail = r));
    const failed = t.app.services.deps
      .tx(async (em) => {
        await rawQuery(em, "INSERT INTO iso_probe (id) VALUES (:id)", { id: "inside" });
        inserted();
        await failing;
        await new Promise((r) => setImmediate(r));
        throw new Error("boom");
      })
      .catch((e: unknown) => e);
    await isInserted;
    return { fail, failed };
  }

  it("an insert and a read sent meanwhile are not rolled back with it and do not see its rows", async () => {
    const { fail, failed } = await openFailingTransaction();
    const outsideInsert = rawQuery(t.dataSource, "INSERT INTO iso_probe (id) VALUES (:id)", { id: "outside" });
    const outsideRead = rawQuery<{ id: string }>(t.dataSource, "SELECT id FROM iso_probe ORDER BY id");
    fail();
    expect(await failed).toMatchObject({ message: "boom" });
    await outsideInsert;
    expect((await outsideRead).map((r) => r.id)).not.toContain("inside");
    expect(await rawQuery(t.dataSource, "SELECT id FROM iso_probe ORDER BY id")).toEqual([{ id: "outside" }]);
  });

  it("a statement through a query runner's own manager, or one the runner sends itself, is not part of it either", async () => {
    await t.dataSource.query("DELETE FROM iso_probe");
    await rawQuery(t.dataSource, "INSERT INTO iso_probe (id) VALUES (:id)", { id: "before" });
    const { fail, failed } = await openFailingTransaction();
    const runner = t.dataSource.createQueryRunner();
    const clearing = t.dataSource.createQueryRunner();
    const byManager = runner.manager.query("INSERT INTO iso_probe (id) VALUES (?)", ["by-manager"]);
    // clearTable sends its DELETE itself: inside the open transaction it would be rolled back with it.
    const cleared = byManager.then(() => clearing.clearTable("iso_probe"));
    fail();
    expect(await failed).toMatchObject({ message: "boom" });
    await cleared;
    await Promise.all([runner.release(), clearing.release()]);
    expect(await rawQuery(t.dataSource, "SELECT id FROM iso_probe ORDER BY id")).toEqual([]);
  });

  it("an EntityManager kept after its transaction ended does not write into the next one", async () => {
    await t.dataSource.query("DELETE FROM iso_probe");
    let kept!: EntityManager;
    await t.dataSource.transaction(async (em) => {
      kept = em;
    });
    const { fail, failed } = await openFailingTransaction();
    // SQLite: it waits for its turn and its row stays; MariaDB: its connection went back to the pool, so it is refused.
    const late = kept.query("INSERT INTO iso_probe (id) VALUES (?)", ["late"]).then(
      () => "written",
      () => "refused",
    );
    fail();
    expect(await failed).toMatchObject({ message: "boom" });
    const outcome = await late;
    expect(outcome).toBe(target === "sqlite" ? "written" : "refused");
    expect(await rawQuery(t.dataSource, "SELECT id FROM iso_probe ORDER BY id")).toEqual(outcome === "written" ? [{ id: "late" }] : []);
  });

  it("a transaction the ORM opens itself (dataSource.transaction) waits its turn, and keeps its row", async () => {
    await t.dataSource.query("DELETE FROM iso_probe");
    const { fail, failed } = await openFailingTransaction();
    const outside = t.dataSource.transaction(async (em) => rawQuery(em, "INSERT INTO iso_probe (id) VALUES (:id)", { id: "orm" }));
    fail();
    expect(await failed).toMatchObject({ message: "boom" });
    await outside;
    expect(await rawQuery(t.dataSource, "SELECT id FROM iso_probe ORDER BY id")).toEqual([{ id: "orm" }]);
  });
});
