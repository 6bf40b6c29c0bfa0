/**
 * entityInsert writes a row exactly as TypeORM's `repository.insert` would: every value converted
 * the same way (dates to the millisecond, booleans), a column left undefined keeping its default,
 * inside a transaction or outside it, on both databases.
 */
import type { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../test/harness.js";
import { CoinReward } from "../modules/coins/reward.entity.js";
import { newId } from "../shared/ids.js";
import { FeedSnapshot } from "../modules/profiles/feed-snapshot.entity.js";
import { entityInsert, entityUpsert, insertIgnoreRows, positionalQuery } from "./sql.js";

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

  it("fails as TypeORM fails on a duplicate key", async () => {
    const ds = t.app.services.deps.dataSource;
    const row = reward();
    await entityInsert(ds, CoinReward, row);
    await expect(entityInsert(ds, CoinReward, reward({ transferId: row.transferId }))).rejects.toMatchObject({ name: "QueryFailedError" });
  });
});

/**
 * Statements outside a transaction run on connections borrowed from the pool (pool-dispatcher.ts):
 * what must hold is what the pool itself gave, whatever the dispatcher keeps.
 */
describe.skipIf(!dbTargets.includes("mysql"))("statements outside a transaction on MariaDB", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp("mysql");
  });
  afterAll(async () => {
    await t?.close();
  });
  const connectionId = async () =>
    Number((await positionalQuery<{ id: number }>(t.app.services.deps.dataSource, "SELECT CONNECTION_ID() AS id", []))[0].id);

  it("keep working on the same connection after a statement fails", async () => {
    const ds = t.app.services.deps.dataSource;
    const before = await connectionId();
    await expect(positionalQuery(ds, "SELECT no_such_column FROM users", [])).rejects.toMatchObject({ name: "QueryFailedError" });
    expect(await connectionId()).toBe(before);
  });

  it("leave a connection the server closed and go on on another", async () => {
    const ds = t.app.services.deps.dataSource;
    const killed = await connectionId();
    await ds.query(`KILL CONNECTION ${killed}`);
    // The pool hears of the close a moment later: until then a statement may still meet it and fail.
    await vi.waitFor(async () => expect(await connectionId()).not.toBe(killed), { timeout: 30_000 });
    for (let i = 0; i < 5; i++) expect(await connectionId()).not.toBe(killed);
  });

  const poolLimit = () =>
    (t.app.services.deps.dataSource.driver as unknown as { pool: { config: { connectionLimit: number } } }).pool.config.connectionLimit;
  const slowIds = (n: number) =>
    Promise.all(
      Array.from({ length: n }, async () =>
        Number(
          (await positionalQuery<{ id: number }>(t.app.services.deps.dataSource, "SELECT CONNECTION_ID() AS id, SLEEP(0.2) AS s", []))[0]
            .id,
        ),
      ),
    );

  const pool = () => (t.app.services.deps.dataSource.driver as unknown as { pool: EventEmitter }).pool;

  it("queue statements when every connection is busy, on the borrowed connections, never more than the pool", async () => {
    const limit = poolLimit();
    // More slow statements at once than the pool has connections: they wait for a borrowed
    // connection to finish, not in the pool's queue (a connection given back and borrowed again).
    let enqueued = 0;
    const onEnqueue = () => enqueued++;
    pool().on("enqueue", onEnqueue);
    try {
      const used = new Set(await slowIds(limit + 5));
      expect(used.size).toBeGreaterThan(limit / 2);
      expect(used.size).toBeLessThanOrEqual(limit);
    } finally {
      pool().removeListener("enqueue", onEnqueue);
    }
    expect(enqueued).toBe(0);
  });

  it("serve queued statements and waiting transactions alike when both want more than the pool", async () => {
    const limit = poolLimit();
    const ds = t.app.services.deps.dataSource;
    const statements = slowIds(2 * limit);
    const transactions = Promise.all(
      Array.from({ length: limit }, () =>
        t.app.services.deps.tx(async (em) => Number((await em.query("SELECT CONNECTION_ID() AS id, SLEEP(0.1) AS s"))[0].id)),
      ),
    );
    const [ids, txIds] = await Promise.all([statements, transactions]);
    expect(ids).toHaveLength(2 * limit);
    expect(txIds).toHaveLength(limit);
    expect(new Set([...ids, ...txIds]).size).toBeLessThanOrEqual(limit);
    // Afterwards statements run as before.
    expect(Number((await positionalQuery<{ one: number }>(ds, "SELECT 1 AS one", []))[0].one)).toBe(1);
  });

  it("give borrowed connections back to transactions waiting for one", async () => {
    const limit = poolLimit();
    // The dispatcher borrows these (it may borrow up to the whole pool), and keeps them idle afterwards.
    const borrowed = new Set(await slowIds(limit / 2));
    // A whole pool's worth of transactions at once: the ones that find no free connection wait in
    // the pool's queue, and get the idle borrowed ones (not only connections other transactions end with).
    const inTransactions = await Promise.all(
      Array.from({ length: limit }, () =>
        t.app.services.deps.tx(async (em) => Number((await em.query("SELECT CONNECTION_ID() AS id, SLEEP(0.2) AS s"))[0].id)),
      ),
    );
    expect(inTransactions.some((id) => borrowed.has(id))).toBe(true);
  });

  it("answer a value that cannot be written as a failed statement, and keep going", async () => {
    const ds = t.app.services.deps.dataSource;
    for (let i = 0; i < poolLimit() + 1; i++) {
      await expect(positionalQuery(ds, "SELECT ? AS x", [Object.create(null)])).rejects.toMatchObject({ name: "QueryFailedError" });
    }
    expect(await connectionId()).toBeGreaterThan(0);
    expect(await t.app.services.deps.tx(async (em) => Number((await em.query("SELECT 1 AS one"))[0].one))).toBe(1);
  });
});
