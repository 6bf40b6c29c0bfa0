/**
 * Units of work on MySQL/MariaDB run at READ COMMITTED (money and counters rely on reading what
 * others committed); the level is set once per pooled connection, so it must hold on every
 * connection the pool hands out, including ones opened while others are busy.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../test/harness.js";
import { QueryFailedError } from "typeorm";
import { rawQuery } from "./sql.js";
import { afterCommit, isUniqueViolation } from "./transaction.js";

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
