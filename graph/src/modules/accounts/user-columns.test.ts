import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dbTargets, startTestApp, type TestApp } from "../../../test/harness.js";
import { USER_COLUMN_OWNERS, userColumnsWriter } from "./user-columns.js";
import { User } from "./user.entity.js";

describe.each(dbTargets)("who writes each column of users, on %s", (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("gives every column of the table exactly one owner (a new column must be assigned)", () => {
    const columns = t.dataSource
      .getMetadata(User)
      .columns.map((c) => c.propertyName)
      .sort();
    expect(Object.keys(USER_COLUMN_OWNERS).sort()).toEqual(columns);
  });

  it("lets profiles write the profile form's columns and coins its balance mirror, nothing else", async () => {
    const { user: u } = await t.createUser({});
    const profiles = userColumnsWriter("profiles");
    const coins = userColumnsWriter("coins");
    await t.dataSource.transaction(async (em) => {
      await profiles.set(em, u.id, { gender: "Female", days: 3, amount: 12 });
      await coins.add(em, u.id, "skillCoins", 5);
    });
    const row = await t.dataSource.getRepository(User).findOneByOrFail({ id: u.id });
    expect(row).toMatchObject({ gender: "Female", days: 3, amount: 12, skillCoins: 5 });

    await t.dataSource.transaction(async (em) => {
      // Deliberately past the types: the runtime check is what stops an untyped caller.
      await expect(profiles.set(em, u.id, { skillCoins: 100 } as never)).rejects.toThrow(
        "users.skillCoins is written by the coins module, not profiles",
      );
      await expect(coins.set(em, u.id, { name: "Someone Else" } as never)).rejects.toThrow(
        "users.name is written by the accounts module, not coins",
      );
      await expect(coins.add(em, u.id, "ratingSum" as never, 1)).rejects.toThrow(
        "users.ratingSum is written by the accounts module, not coins",
      );
    });
    const after = await t.dataSource.getRepository(User).findOneByOrFail({ id: u.id });
    expect(after).toMatchObject({ name: row.name, skillCoins: 5, ratingSum: 0 });
  });

  it("answers NOT_FOUND for a row that does not exist", async () => {
    await t.dataSource.transaction(async (em) => {
      await expect(userColumnsWriter("profiles").set(em, "no-such-user", { days: 1 })).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(userColumnsWriter("coins").add(em, "no-such-user", "skillCoins", 1)).rejects.toMatchObject({ code: "NOT_FOUND" });
    });
  });
});
