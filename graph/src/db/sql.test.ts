/**
 * entityInsert writes a row exactly as TypeORM's `repository.insert` would, and entityQuery reads it
 * as its finders would: every value converted the same way (dates to the millisecond, booleans), a
 * column left undefined keeping its default, inside a transaction or outside it, on both databases.
 * The named-parameter expander and the value converters behind them are tested on their own below.
 */
import { createConnection } from "mysql2/promise";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../test/harness.js";
import { CoinReward } from "../modules/coins/reward.entity.js";
import { newId } from "../shared/ids.js";
import { FeedSnapshot } from "../modules/profiles/feed-snapshot.entity.js";
import {
  bindValue,
  entityInsert,
  entityQuery,
  entityUpsert,
  expandParameters,
  insertIgnoreRows,
  positionalQuery,
  rawQuery,
  readColumnValue,
  sqlDateTime,
  sqliteDateTimeText,
  writeColumnValue,
} from "./sql.js";

describe.each(dbTargets)("entityInsert on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });
  const reward = (over: Partial<CoinReward> = {}) =>
    Object.assign(new CoinReward(), {
      id: newId(),
      userId: newId(),
      seq: 7,
      coins: 2,
      reason: "Swap finished: O'Brien's \"Python\"",
      transferId: newId(),
      createdAt: new Date("2026-03-04T05:06:07.891Z"),
      ...over,
    });

  it("stores what repository.insert stores, and a column left out keeps its default", async () => {
    const ds = t.app.services.deps.dataSource;
    const repo = ds.getRepository(CoinReward);
    const mine = reward();
    const theirs = reward({ seq: 8 });
    await entityInsert(ds, CoinReward, mine);
    await repo.insert(theirs);
    const [a, b] = await Promise.all([repo.findOneByOrFail({ id: mine.id }), repo.findOneByOrFail({ id: theirs.id })]);
    expect(a).toEqual({ ...b, id: mine.id, userId: mine.userId, transferId: mine.transferId, seq: 7 });
    expect(a.seen).toBe(false);
    expect(a.createdAt.toISOString()).toBe("2026-03-04T05:06:07.891Z");
    expect(a.reason).toBe(mine.reason);
  });

  it("entityUpsert inserts a row, then sets the given columns of the row with its primary key, as repository.upsert does", async () => {
    const ds = t.app.services.deps.dataSource;
    const repo = ds.getRepository(FeedSnapshot);
    const userId = newId();
    const other = newId();
    await entityUpsert(ds, FeedSnapshot, { userId, takenAt: new Date("2026-03-04T05:06:07.891Z"), served: 10, cursor: "c1" });
    await repo.upsert({ userId: other, takenAt: new Date("2026-03-04T05:06:07.891Z"), served: 10, cursor: "c1" }, ["userId"]);
    expect(await repo.findOneByOrFail({ userId })).toEqual({ ...(await repo.findOneByOrFail({ userId: other })), userId });
    await entityUpsert(ds, FeedSnapshot, { userId, takenAt: new Date("2026-05-06T07:08:09.012Z"), served: 20, cursor: null });
    expect(await repo.findOneByOrFail({ userId })).toEqual({
      userId,
      takenAt: new Date("2026-05-06T07:08:09.012Z"),
      served: 20,
      cursor: null,
    });
    expect(await repo.count()).toBe(2);
    await expect(entityUpsert(ds, FeedSnapshot, { served: 1 } as FeedSnapshot)).rejects.toThrow(/primary key/);
  });

  it("insertIgnoreRows writes rows (dates as TypeORM stores them) in chunks and skips a key already there", async () => {
    const ds = t.app.services.deps.dataSource;
    const repo = ds.getRepository(FeedSnapshot);
    const ids = [newId(), newId(), newId()];
    const at = new Date("2026-03-04T05:06:07.891Z");
    await insertIgnoreRows(ds, "feed_snapshots", ["userId", "takenAt", "served", "cursor"], [[ids[0], at, 1, null]]);
    await insertIgnoreRows(
      ds,
      "feed_snapshots",
      ["userId", "takenAt", "served", "cursor"],
      ids.map((id, i) => [id, at, 10 + i, `c${i}`]),
      2,
    );
    const rows = await repo.findBy(ids.map((userId) => ({ userId })));
    expect(rows.sort((a, b) => a.served - b.served)).toEqual([
      { userId: ids[0], takenAt: at, served: 1, cursor: null },
      { userId: ids[1], takenAt: at, served: 11, cursor: "c1" },
      { userId: ids[2], takenAt: at, served: 12, cursor: "c2" },
    ]);
  });

  it("writes booleans as TypeORM does, and belongs to the transaction it runs in", async () => {
    const ds = t.app.services.deps.dataSource;
    const seen = reward({ seen: true });
    const rolledBack = reward();
    await entityInsert(ds, CoinReward, seen);
    await expect(
      t.app.services.deps.tx(async (em) => {
        await entityInsert(em, CoinReward, rolledBack);
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    const repo = ds.getRepository(CoinReward);
    expect((await repo.findOneByOrFail({ id: seen.id })).seen).toBe(true);
    expect(await repo.findOneBy({ id: rolledBack.id })).toBeNull();
  });

  it("entityQuery reads rows as the repository's finder reads them (dates, booleans, defaults)", async () => {
    const ds = t.app.services.deps.dataSource;
    const repo = ds.getRepository(CoinReward);
    const rows = [reward({ seen: true }), reward({ seq: 9 })];
    // Before the insert: TypeORM's multi-row insert on SQLite may hand the rows' ids back crossed.
    const ids = rows.map((r) => r.id);
    await repo.insert(rows);
    const read = await entityQuery(ds, CoinReward, "SELECT * FROM coin_rewards WHERE id IN (:...ids) ORDER BY seq", { ids });
    expect(read).toEqual(await repo.find({ where: ids.map((id) => ({ id })), order: { seq: "ASC" } }));
    expect(read.map((r) => [r.seen, r.createdAt.toISOString(), r instanceof CoinReward])).toEqual([
      [true, "2026-03-04T05:06:07.891Z", true],
      [false, "2026-03-04T05:06:07.891Z", true],
    ]);
    // Only the columns selected are set.
    const [some] = await entityQuery(ds, CoinReward, "SELECT id, seen FROM coin_rewards WHERE id = :id", { id: ids[0] });
    expect({ ...some }).toEqual({ id: ids[0], seen: true });
  });

  it("rawQuery binds dates, booleans and numbers as each database compares them with stored values", async () => {
    const ds = t.app.services.deps.dataSource;
    const row = reward({ seen: true, seq: 11 });
    await entityInsert(ds, CoinReward, row);
    const found = await rawQuery<{ id: string }>(
      ds,
      "SELECT id FROM coin_rewards WHERE createdAt = :at AND seen = :seen AND seq = :seq AND coins < :max AND id = :id AND userId IN (:...users)",
      { at: row.createdAt, seen: true, seq: 11, max: 2.5, id: row.id, users: [newId(), row.userId] },
    );
    expect(found).toEqual([{ id: row.id }]);
    const later = await rawQuery(ds, "SELECT id FROM coin_rewards WHERE id = :id AND createdAt > :at", {
      id: row.id,
      at: new Date(row.createdAt.getTime() + 1),
    });
    expect(later).toEqual([]);
    const limited = await rawQuery(ds, "SELECT id FROM coin_rewards ORDER BY id LIMIT :n", { n: 1 });
    expect(limited).toHaveLength(1);
  });

  it("fails as TypeORM fails on a duplicate key", async () => {
    const ds = t.app.services.deps.dataSource;
    const row = reward();
    await entityInsert(ds, CoinReward, row);
    await expect(entityInsert(ds, CoinReward, reward({ transferId: row.transferId }))).rejects.toMatchObject({ name: "QueryFailedError" });
  });
});

/** Statements outside a transaction take a connection from mysql2's pool and give it back. */
describe.skipIf(!dbTargets.includes("mysql"))("statements outside a transaction on MariaDB", () => {
  const limit = 4;
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("mysql", { env: { DB_POOL_SIZE: String(limit) } });
  });
  afterAll(async () => {
    await t?.close();
  });
  const ds = () => t.app.services.deps.dataSource;
  const connectionId = async () => Number((await positionalQuery<{ id: number }>(ds(), "SELECT CONNECTION_ID() AS id", []))[0].id);
  const slowIds = (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () =>
        Number((await positionalQuery<{ id: number }>(ds(), "SELECT CONNECTION_ID() AS id, SLEEP(0.05) AS s", []))[0].id),
      ),
    );

  it("keep working after a statement fails", async () => {
    await expect(positionalQuery(ds(), "SELECT no_such_column FROM users", [])).rejects.toMatchObject({ name: "QueryFailedError" });
    expect(await connectionId()).toBeGreaterThan(0);
  });

  it("leave a connection the server closed and go on on another", async () => {
    const killed = await connectionId();
    // From a connection of its own: the pool would hand the statement the very connection it kills.
    const admin = await createConnection(t.config.database.kind === "mysql" ? t.config.database.url : "");
    await admin.query(`KILL CONNECTION ${killed}`);
    await admin.end();
    // The pool hears of the close a moment later: until then a statement may still meet it and fail.
    await vi.waitFor(async () => expect(await connectionId()).not.toBe(killed), { timeout: 30_000 });
    for (let i = 0; i < 5; i++) expect(await connectionId()).not.toBe(killed);
  });

  it("wait for a connection when more are sent than the pool has, never using more than the pool", async () => {
    const used = new Set(await slowIds(limit * 5));
    expect(used.size).toBeLessThanOrEqual(limit);
  });

  it("serve statements and transactions alike when both want more than the pool", async () => {
    const statements = slowIds(2 * limit);
    const transactions = Promise.all(
      Array.from({ length: 2 * limit }, () =>
        t.app.services.deps.tx(async (em) => Number((await em.query("SELECT CONNECTION_ID() AS id, SLEEP(0.05) AS s"))[0].id)),
      ),
    );
    const [ids, txIds] = await Promise.all([statements, transactions]);
    expect(new Set([...ids, ...txIds]).size).toBeLessThanOrEqual(limit);
    expect(Number((await positionalQuery<{ one: number }>(ds(), "SELECT 1 AS one", []))[0].one)).toBe(1);
  });

  it("answer a value that cannot be written as a failed statement, and keep going", async () => {
    for (let i = 0; i < limit + 1; i++) {
      await expect(positionalQuery(ds(), "SELECT ? AS x", [Object.create(null)])).rejects.toThrow();
    }
    expect(await connectionId()).toBeGreaterThan(0);
    expect(await t.app.services.deps.tx(async (em) => Number((await em.query("SELECT 1 AS one"))[0].one))).toBe(1);
  });
});

describe("dates written once (sqlDateTime)", () => {
  it("is the UTC text both databases store, or the Date itself outside years 0-9999", () => {
    expect(sqlDateTime(new Date("2026-11-26T04:28:32.838Z"))).toBe("2026-11-26 04:28:32.838");
    expect(sqlDateTime(new Date("0099-01-01T00:00:00.000Z"))).toBe("0099-01-01 00:00:00.000");
    const invalid = new Date(Number.NaN);
    expect(sqlDateTime(invalid)).toBe(invalid);
    const far = new Date("+012345-01-01T00:00:00.000Z");
    expect(sqlDateTime(far)).toBe(far);
  });
});

describe("named parameters (expandParameters)", () => {
  it("makes each :name a ? with its value, in order, repeated names included", () => {
    expect(expandParameters("mysql", "SELECT * FROM t WHERE a = :a AND b > :b OR a = :a", { a: "x", b: 2 })).toEqual([
      "SELECT * FROM t WHERE a = ? AND b > ? OR a = ?",
      ["x", 2, "x"],
    ]);
    expect(expandParameters("mysql", "SELECT 1", {})).toEqual(["SELECT 1", []]);
  });

  it("makes :...list one ? per item, and nothing for an empty list", () => {
    expect(expandParameters("mysql", "DELETE FROM t WHERE id IN (:...ids) AND k = :k", { ids: ["a", "b", "c"], k: 1 })).toEqual([
      "DELETE FROM t WHERE id IN (?, ?, ?) AND k = ?",
      ["a", "b", "c", 1],
    ]);
    expect(expandParameters("sqlite", "SELECT id FROM t WHERE id IN (:...ids) AND k = :k", { ids: [], k: "v" })).toEqual([
      "SELECT id FROM t WHERE id IN () AND k = ?",
      ["v"],
    ]);
    expect(() => expandParameters("mysql", "SELECT 1 WHERE x IN (:...ids)", { ids: "a" })).toThrow(/:...ids needs an array/);
  });

  it("leaves a name that is not a parameter in the text (a time in a literal), and takes dotted names", () => {
    expect(expandParameters("mysql", "SELECT '12:30' AS t, :a.b AS x, :missing AS m", { "a.b": 1 })).toEqual([
      "SELECT '12:30' AS t, ? AS x, :missing AS m",
      [1],
    ]);
  });

  it("binds values as SQLite stores them, list items included; MariaDB takes them as they are", () => {
    const at = new Date("2026-03-04T05:06:07.891Z");
    const params = { at, yes: true, no: false, n: 7, x: 2.5, s: "7", none: null, ids: [at, 3] };
    const sql = "SELECT :at, :yes, :no, :n, :x, :s, :none WHERE v IN (:...ids)";
    expect(expandParameters("sqlite", sql, params)[1]).toEqual([
      "2026-03-04 05:06:07.891",
      1,
      0,
      7n,
      2.5,
      "7",
      null,
      "2026-03-04 05:06:07.891",
      3n,
    ]);
    expect(expandParameters("mysql", sql, params)[1]).toEqual([at, true, false, 7, 2.5, "7", null, at, 3]);
    expect(bindValue("sqlite", Number.MAX_SAFE_INTEGER + 2)).toBe(Number.MAX_SAFE_INTEGER + 2);
  });

  it("on SQLite: an empty list matches no row", async () => {
    const t = await startTestApp("sqlite");
    try {
      const ds = t.app.services.deps.dataSource;
      expect(await rawQuery(ds, "SELECT id FROM users WHERE id IN (:...ids)", { ids: [] })).toEqual([]);
      expect((await rawQuery<{ n: number }>(ds, "SELECT COUNT(*) AS n FROM users WHERE id NOT IN (:...ids)", { ids: [] }))[0].n).toBe(
        (await rawQuery<{ n: number }>(ds, "SELECT COUNT(*) AS n FROM users"))[0].n,
      );
    } finally {
      await t.close();
    }
  });
});

describe("column values (readColumnValue, writeColumnValue)", () => {
  const at = new Date("2026-03-04T05:06:07.891Z");

  it("writes a datetime as UTC text on SQLite and as the Date on MariaDB", () => {
    expect(writeColumnValue("sqlite", "datetime", at)).toBe("2026-03-04 05:06:07.891");
    expect(writeColumnValue("sqlite", "datetime", "2026-03-04T05:06:07.891Z")).toBe("2026-03-04 05:06:07.891");
    expect(writeColumnValue("mysql", "datetime", at)).toBe(at);
    expect(writeColumnValue("mysql", "datetime", "2026-03-04T05:06:07.891Z")).toEqual(at);
    expect(writeColumnValue("sqlite", "datetime", null)).toBeNull();
  });

  it("reads SQLite's datetime text as the UTC time it is, with or without its T and Z", () => {
    for (const text of ["2026-03-04 05:06:07.891", "2026-03-04T05:06:07.891", "2026-03-04T05:06:07.891Z"])
      expect(readColumnValue("sqlite", "datetime", text)).toEqual(at);
    expect(readColumnValue("sqlite", "datetime", "2026-03-04 05:06")).toEqual(new Date("2026-03-04T05:06:00.000Z"));
    expect(readColumnValue("mysql", "datetime", at)).toBe(at);
    expect(readColumnValue("sqlite", "datetime", null)).toBeNull();
    expect(readColumnValue("sqlite", "datetime", "")).toBe("");
  });

  it("writes booleans as 0/1 on SQLite (MariaDB takes true/false) and reads 0/1 back as booleans", () => {
    expect([writeColumnValue("sqlite", "boolean", true), writeColumnValue("sqlite", "boolean", false)]).toEqual([1, 0]);
    expect([writeColumnValue("mysql", "boolean", true), writeColumnValue("mysql", "boolean", false)]).toEqual([true, false]);
    for (const dialect of ["sqlite", "mysql"] as const) {
      expect([readColumnValue(dialect, "boolean", 1), readColumnValue(dialect, "boolean", 0)]).toEqual([true, false]);
      expect(readColumnValue(dialect, "boolean", null)).toBeNull();
    }
  });

  it("leaves the other columns' values as the driver gives them", () => {
    for (const v of ["2026-03-04 05:06:07.891", 7, 2.5, null, true])
      expect([readColumnValue("sqlite", "plain", v), writeColumnValue("sqlite", "plain", v)]).toEqual([v, v]);
  });

  it("formats dates outside years 0-9999 part by part, as TypeORM's SQLite driver did", () => {
    expect(sqliteDateTimeText(new Date("0000-01-02T03:04:05.006Z"))).toBe("0000-01-02 03:04:05.006");
    expect(sqliteDateTimeText(new Date("+012345-06-07T08:09:10.011Z"))).toBe("2345-06-07 08:09:10.011");
  });
});
