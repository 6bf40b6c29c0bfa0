/**
 * entityInsert writes a row exactly as TypeORM's `repository.insert` would: every value converted
 * the same way (dates to the millisecond, booleans), a column left undefined keeping its default,
 * inside a transaction or outside it, on both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../test/harness.js";
import { CoinReward } from "../modules/coins/reward.entity.js";
import { newId } from "../shared/ids.js";
import { entityInsert } from "./sql.js";

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
